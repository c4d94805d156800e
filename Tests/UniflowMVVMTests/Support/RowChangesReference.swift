import UniflowMVVM

/// A row of the randomised tests: an identifier and a content.
struct Item: Identifiable, Equatable, Sendable {
  let id: Int
  var content: Int
}

/// Applies changes to the identifiers of the old list the way a table's batch update does:
/// inserted and moved rows take their new offsets, and the other rows that remain fill the
/// free offsets in their old order.
///
/// - Returns: The new identifiers, or `nil` if the changes are not a consistent batch
///   (an offset out of range or used twice, a row both deleted and moved).
func applying(_ changes: RowChanges<Int>, to old: [Int], newCount: Int) -> [Int]? {
  var slots: [Int?] = Array(repeating: nil, count: newCount)
  var leaving = Set<Int>()
  for deletion in changes.deletions {
    guard old.indices.contains(deletion.offset), old[deletion.offset] == deletion.id,
      leaving.insert(deletion.offset).inserted
    else { return nil }
  }
  for move in changes.moves {
    guard old.indices.contains(move.from), old[move.from] == move.id,
      leaving.insert(move.from).inserted, slots.indices.contains(move.to), slots[move.to] == nil
    else { return nil }
    slots[move.to] = move.id
  }
  for insertion in changes.insertions {
    guard slots.indices.contains(insertion.offset), slots[insertion.offset] == nil,
      !old.contains(insertion.id)
    else { return nil }
    slots[insertion.offset] = insertion.id
  }
  var staying = old.indices.filter { !leaving.contains($0) }.map { old[$0] }.makeIterator()
  for offset in slots.indices where slots[offset] == nil {
    guard let id = staying.next() else { return nil }
    slots[offset] = id
  }
  guard staying.next() == nil else { return nil }
  return slots.map { $0! }
}

/// The changes from `old` to `new` computed the obvious way, in quadratic time: what the
/// diff must agree with.
struct ReferenceChanges {
  var deletedIDs: [Int]
  var insertedIDs: [Int]
  var updatedIDs: [Int]
  /// The fewest moves possible: the kept rows minus a longest increasing subsequence of their
  /// old offsets in new order.
  var minimumMoveCount: Int

  init(from old: [Item], to new: [Item]) {
    deletedIDs = old.filter { item in !new.contains { $0.id == item.id } }.map(\.id)
    insertedIDs = new.filter { item in !old.contains { $0.id == item.id } }.map(\.id)
    var oldOffsets: [Int] = []
    updatedIDs = []
    for item in new {
      guard let offset = old.firstIndex(where: { $0.id == item.id }) else { continue }
      oldOffsets.append(offset)
      if old[offset].content != item.content { updatedIDs.append(item.id) }
    }
    // Longest increasing subsequence by dynamic programming, O(k²).
    var lengths = Array(repeating: 1, count: oldOffsets.count)
    for i in oldOffsets.indices {
      for j in 0..<i where oldOffsets[j] < oldOffsets[i] {
        lengths[i] = max(lengths[i], lengths[j] + 1)
      }
    }
    minimumMoveCount = oldOffsets.count - (lengths.max() ?? 0)
  }
}
