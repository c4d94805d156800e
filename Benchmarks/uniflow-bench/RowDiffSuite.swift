import UniflowMVVM

// `row-diff`: what a list view model's diff costs for the change a table sees most often.
//
// Subject: `RowChanges(from:to:)` between two 10 000-row lists that differ in the content of
// one row in the middle.
// Baseline: the diff written by hand: the old rows put in a dictionary by id, then the new rows
// looked up in it, a row whose content differs counted as an update, a row not found as an
// insertion, and the old rows never matched as deletions.
//
// The library's diff must find the same single update and nothing else. It matches rows at
// both ends by offset before it hashes anything, so an in-place change costs one identifier and
// one content comparison per row. The baseline finds no moves; the subject also computes them.
//
// A second comparison, `vs_indexed_ratio`, gives the hand-written diff its dictionary built
// beforehand, as the library's `IdentifiedArray` carries its own: the baseline then only looks
// rows up.
//
// A third comparison, `shuffled_ratio`, diffs the 10 000 rows against a seeded shuffle of
// them: the worst case, where the subject hashes every row and finds the moves with a longest
// increasing subsequence (O(n log n)), against the same hand-written diff, which does not find
// moves at all. It is reported, not held to the goal.

extension Suite {
  static var rowDiff: Suite {
    Suite(
      name: "row-diff",
      summary: "diff of a 10 000-row list with one row changed vs. by hand with a dictionary of ids",
      goal: 2,
      run: runRowDiffSuite)
  }
}

private struct Row: Identifiable, Equatable {
  let id: Int
  var title: String
  var isDone = false
}

private let rowCount = 10_000

/// What one side of the comparison found, summed over every diff it made.
private struct Findings {
  var diffs = 0
  var updates = 0
  var insertions = 0
  var deletions = 0
  var moves = 0
}

/// Diffs two lists with the library, over and over.
@MainActor
private final class LibraryDiff {
  let old: IdentifiedArray<Row>
  let new: IdentifiedArray<Row>
  private(set) var findings = Findings()

  init(old: [Row], new: [Row]) {
    self.old = IdentifiedArray(uniqueElements: old)
    self.new = IdentifiedArray(uniqueElements: new)
  }

  func run(times: Int) {
    for _ in 0..<times {
      let changes = RowChanges(from: old, to: new)
      findings.updates += changes.updates.count
      findings.insertions += changes.insertions.count
      findings.deletions += changes.deletions.count
      findings.moves += changes.moves.count
      blackHole(changes.updates.first?.to ?? -1)
    }
    findings.diffs += times
  }
}

/// Diffs two lists by hand with a dictionary of ids, over and over.
@MainActor
private final class HandWrittenDiff {
  let old: [Row]
  let new: [Row]
  /// The old rows by id, built once, when the diff is not to pay for building it.
  let prebuiltIndex: [Int: Row]?
  private(set) var findings = Findings()

  init(old: [Row], new: [Row], prebuildingIndex: Bool = false) {
    self.old = old
    self.new = new
    prebuiltIndex = prebuildingIndex ? Dictionary(uniqueKeysWithValues: old.map { ($0.id, $0) }) : nil
  }

  func run(times: Int) {
    for _ in 0..<times {
      let oldRows: [Int: Row]
      if let prebuiltIndex {
        oldRows = prebuiltIndex
      } else {
        var index = [Int: Row](minimumCapacity: old.count)
        for row in old { index[row.id] = row }
        oldRows = index
      }
      var updated: [Int] = []
      var inserted: [Int] = []
      var matched = 0
      for (offset, row) in new.enumerated() {
        if let before = oldRows[row.id] {
          matched += 1
          if before != row { updated.append(offset) }
        } else {
          inserted.append(offset)
        }
      }
      findings.updates += updated.count
      findings.insertions += inserted.count
      findings.deletions += old.count - matched
      blackHole(updated.first ?? -1)
    }
    findings.diffs += times
  }
}

/// A seeded generator, so that every run shuffles the same way.
private struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@MainActor
private func runRowDiffSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let old = (0..<rowCount).map { Row(id: $0, title: "Row \($0)") }
  var new = old
  new[rowCount / 2].isDone = true

  let library = LibraryDiff(old: old, new: new)
  let handWritten = HandWrittenDiff(old: old, new: new)
  let comparison = await compare(
    Workload { library.run(times: $0) },
    against: Workload { handWritten.run(times: $0) },
    batch: .calibrated, settings: settings)

  // The library's collection carries its index by id; a hand-written diff given one too only
  // looks rows up.
  let indexed = HandWrittenDiff(old: old, new: new, prebuildingIndex: true)
  let indexedComparison = await compare(
    Workload { library.run(times: $0) },
    against: Workload { indexed.run(times: $0) },
    batch: .calibrated, settings: settings)

  var random = SplitMix64(state: 0x0DD5_EED5)
  let shuffled = old.shuffled(using: &random)
  let libraryShuffled = LibraryDiff(old: old, new: shuffled)
  let handWrittenShuffled = HandWrittenDiff(old: old, new: shuffled)
  let shuffledComparison = await compare(
    Workload { libraryShuffled.run(times: $0) },
    against: Workload { handWrittenShuffled.run(times: $0) },
    batch: .calibrated, settings: settings)

  var result = SuiteResult(comparison: comparison)
  result.note("rows", rowCount)
  let found = library.findings
  let foundByHand = handWritten.findings
  result.check("updates_per_diff", found.updates, per: found.diffs, equals: 1)
  result.check(
    "other_changes_per_diff", found.insertions + found.deletions + found.moves, per: found.diffs,
    equals: 0)
  result.check("baseline_updates_per_diff", foundByHand.updates, per: foundByHand.diffs, equals: 1)
  result.check(
    "baseline_other_changes_per_diff", foundByHand.insertions + foundByHand.deletions,
    per: foundByHand.diffs, equals: 0)

  result.note("indexed_baseline_ns_per_op", indexedComparison.baseline.nanosecondsPerOperation)
  result.note("vs_indexed_ratio", indexedComparison.ratio)
  result.check(
    "indexed_baseline_updates_per_diff", indexed.findings.updates, per: indexed.findings.diffs, equals: 1)

  result.note("shuffled_ns_per_op", shuffledComparison.subject.nanosecondsPerOperation)
  result.note("shuffled_baseline_ns_per_op", shuffledComparison.baseline.nanosecondsPerOperation)
  result.note("shuffled_ratio", shuffledComparison.ratio)
  let foundShuffled = libraryShuffled.findings
  result.check(
    "shuffled_updates_insertions_deletions",
    foundShuffled.updates + foundShuffled.insertions + foundShuffled.deletions,
    per: foundShuffled.diffs, equals: 0)
  result.check(
    "shuffled_moves_per_diff", foundShuffled.moves, per: foundShuffled.diffs,
    equals: rowCount - longestIncreasingRun(of: shuffled.map(\.id)))
  let foundByHandShuffled = handWrittenShuffled.findings
  result.check(
    "shuffled_baseline_changes_per_diff",
    foundByHandShuffled.updates + foundByHandShuffled.insertions + foundByHandShuffled.deletions,
    per: foundByHandShuffled.diffs, equals: 0)
  return result
}

/// The length of a longest increasing subsequence, the plain O(n log n) way: how many rows of
/// the shuffle can stay, so how many must move.
private func longestIncreasingRun(of values: [Int]) -> Int {
  var tails: [Int] = []
  for value in values {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if tails[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == tails.count { tails.append(value) } else { tails[low] = value }
  }
  return tails.count
}
