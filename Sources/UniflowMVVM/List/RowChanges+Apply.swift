extension RowChanges {
  /// Applies the changes to an array that mirrors the old list — rows, cells, lines of a
  /// terminal — the way a table's batch update applies them: deleted elements go, moved ones
  /// take their new offsets, inserted ones are made by `insert`, and the others fill the free
  /// offsets in their old order; then `update` refreshes the elements of updated rows.
  ///
  /// ```swift
  /// var lines = oldTodos.map(\.title)
  /// let changes = RowChanges(from: oldTodos, to: newTodos)
  /// try changes.apply(to: &lines, insert: { newTodos[$0.offset].title }) { line, update in
  ///   line = newTodos[update.to].title
  /// }
  /// // lines == newTodos.map(\.title)
  /// ```
  ///
  /// - Parameters:
  ///   - elements: The array that mirrors the old list, one element per old row.
  ///   - insert: Makes the element of an inserted row.
  ///   - update: Refreshes the element of a row whose content changed, at its new offset.
  /// - Throws: ``RowChangesError`` when the changes do not fit the array (an offset is out of
  ///   range or used twice, or the counts do not add up: the changes were computed from another
  ///   list); the array is then left as it was.
  /// - Complexity: O(*n*) in the length of the lists.
  public func apply<Element>(
    to elements: inout [Element], insert: (Insertion) -> Element,
    update: (inout Element, Update) -> Void = { _, _ in }
  ) throws(RowChangesError) {
    let newCount = elements.count - deletions.count + insertions.count
    guard newCount >= 0 else { throw .doesNotFit("more deletions than elements") }
    var leaving = [Bool](repeating: false, count: elements.count)
    func leave(_ offset: Int) throws(RowChangesError) {
      guard elements.indices.contains(offset) else {
        throw .doesNotFit("old offset \(offset) is outside 0..<\(elements.count)")
      }
      guard !leaving[offset] else { throw .doesNotFit("old offset \(offset) is used twice") }
      leaving[offset] = true
    }
    var slots = [Element?](repeating: nil, count: newCount)
    func place(_ element: Element, at offset: Int) throws(RowChangesError) {
      guard slots.indices.contains(offset) else {
        throw .doesNotFit("new offset \(offset) is outside 0..<\(newCount)")
      }
      guard slots[offset] == nil else { throw .doesNotFit("new offset \(offset) is used twice") }
      slots[offset] = element
    }
    for deletion in deletions { try leave(deletion.offset) }
    for move in moves {
      try leave(move.from)
      try place(elements[move.from], at: move.to)
    }
    for insertion in insertions { try place(insert(insertion), at: insertion.offset) }
    var staying = elements.indices.lazy.filter { !leaving[$0] }.makeIterator()
    for offset in slots.indices where slots[offset] == nil {
      guard let old = staying.next() else { throw .doesNotFit("more new offsets than elements") }
      slots[offset] = elements[old]
    }
    guard staying.next() == nil else { throw .doesNotFit("more elements than new offsets") }
    var result = slots.compactMap { $0 }
    for change in updates {
      guard result.indices.contains(change.to) else {
        throw .doesNotFit("updated offset \(change.to) is outside 0..<\(newCount)")
      }
      update(&result[change.to], change)
    }
    elements = result
  }
}

/// Why ``RowChanges/apply(to:insert:update:)`` could not apply changes to an array.
public enum RowChangesError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The changes do not fit the array: they were computed from another list.
  case doesNotFit(String)

  /// The problem in a sentence.
  public var description: String {
    switch self {
    case .doesNotFit(let reason): "the changes do not fit the array: \(reason)"
    }
  }
}
