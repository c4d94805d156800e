/// One benchmark: the library measured against a hand-written baseline, a goal for the ratio of
/// the two, and the counts that prove both sides did the work.
struct Suite {
  /// The name `--filter` takes and the reports use.
  let name: String
  /// What the two sides are, in a line.
  let summary: String
  /// The highest acceptable ratio, or `nil` when the suite only reports.
  let goal: Double?
  /// Measures both sides and checks the counts.
  let run: @MainActor (_ settings: HarnessSettings) async -> SuiteResult
}

/// What a suite measured and counted.
struct SuiteResult {
  /// The two sides' times.
  var comparison: Comparison
  /// The suite's own figures (callbacks, effects, copies…), in the order they are reported.
  var counts: [Count] = []
  /// One line per count that was not what it must be. Any entry fails the run.
  var failures: [String] = []

  /// Records a count that must have an exact value.
  ///
  /// - Parameters:
  ///   - name: The key in the reports.
  ///   - actual: What was counted.
  ///   - expected: What it must be.
  mutating func check(_ name: String, _ actual: Int, equals expected: Int) {
    counts.append(Count(name: name, value: .integer(actual)))
    if actual != expected { failures.append("\(name) is \(actual), expected \(expected)") }
  }

  /// Records a count that must be the same for each of several repeats (actions, batches),
  /// checked on the total so that no repeat can make up for another.
  ///
  /// - Parameters:
  ///   - name: The key in the reports; its value is the count per repeat.
  ///   - total: What was counted over all repeats.
  ///   - repeats: How many actions or batches were performed.
  ///   - expected: What the count must be for each.
  mutating func check(_ name: String, _ total: Int, per repeats: Int, equals expected: Int) {
    let isExact = repeats > 0 && total == expected * repeats
    let average = repeats > 0 ? Double(total) / Double(repeats) : 0
    counts.append(Count(name: name, value: isExact ? .integer(expected) : .decimal(average)))
    if !isExact {
      failures.append("\(name) is \(total) over \(repeats) repeats, expected \(expected) each")
    }
  }

  /// Records a condition that must hold.
  ///
  /// - Parameters:
  ///   - name: The key in the reports.
  ///   - condition: Whether it held.
  mutating func check(_ name: String, _ condition: Bool) {
    counts.append(Count(name: name, value: .boolean(condition)))
    if !condition { failures.append("\(name) is false") }
  }

  /// Records a figure that describes the run and is not checked.
  ///
  /// - Parameters:
  ///   - name: The key in the reports.
  ///   - value: The figure.
  mutating func note(_ name: String, _ value: Int) {
    counts.append(Count(name: name, value: .integer(value)))
  }

  /// Records a measured figure that is not checked: a time or a ratio.
  ///
  /// - Parameters:
  ///   - name: The key in the reports.
  ///   - value: The figure.
  mutating func note(_ name: String, _ value: Double) {
    counts.append(Count(name: name, value: .decimal(value)))
  }
}

/// A named figure of a suite.
struct Count {
  /// A figure's value.
  enum Value {
    case integer(Int)
    case decimal(Double)
    case boolean(Bool)
  }

  let name: String
  let value: Value
}
