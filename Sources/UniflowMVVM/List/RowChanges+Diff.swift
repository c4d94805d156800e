// The diff behind `RowChanges(from:to:)`. It is inlinable so that it is specialised for the
// caller's element type: unspecialised, every identifier and content comparison would go
// through the generic witness tables.

extension RowChanges {
  /// Fills in the changes from `old` to `new`.
  ///
  /// The rows at both ends whose identifiers are in the same places are matched by offset,
  /// without hashing: appending, removing at one place and changing rows in place never get
  /// further. In the middle that remains, a row is deleted if `new` has no element with its
  /// identifier, inserted if `old` has none, and otherwise kept; kept rows that are not on a
  /// longest increasing subsequence of old offsets (in new order) are moved.
  @inlinable
  mutating func compute<Element: Identifiable>(
    from old: IdentifiedArray<Element>, to new: IdentifiedArray<Element>,
    isContentEqual: (Element, Element) -> Bool
  ) where Element.ID == ID {
    let oldIDs = old.ids
    let newIDs = new.ids
    let oldElements = old.elements
    let newElements = new.elements

    // The common prefix, matched by offset.
    var start = 0
    let shorter = Swift.min(oldIDs.count, newIDs.count)
    while start < shorter, oldIDs[start] == newIDs[start] {
      if !isContentEqual(oldElements[start], newElements[start]) {
        updates.append(Update(id: newIDs[start], from: start, to: start))
      }
      start += 1
    }

    // The common suffix, matched by offset; its updates are listed last.
    var oldEnd = oldIDs.count
    var newEnd = newIDs.count
    var suffixUpdates: [Update] = []
    while oldEnd > start, newEnd > start, oldIDs[oldEnd - 1] == newIDs[newEnd - 1] {
      oldEnd -= 1
      newEnd -= 1
      if !isContentEqual(oldElements[oldEnd], newElements[newEnd]) {
        suffixUpdates.append(Update(id: newIDs[newEnd], from: oldEnd, to: newEnd))
      }
    }

    if start < oldEnd || start < newEnd {
      // Identifiers are unique, so an identifier of one middle is never at either end of the
      // other list: looking it up in the whole list finds it in the other middle or nowhere.
      for offset in start..<oldEnd where !new.contains(id: oldIDs[offset]) {
        deletions.append(Deletion(id: oldIDs[offset], offset: offset))
      }
      var sources: [Int] = []
      var targets: [Int] = []
      for offset in start..<newEnd {
        if let source = old.index(id: newIDs[offset]) {
          sources.append(source)
          targets.append(offset)
        } else {
          insertions.append(Insertion(id: newIDs[offset], offset: offset))
        }
      }
      let stays = longestIncreasingSubsequenceMask(sources)
      for index in sources.indices {
        let source = sources[index]
        let target = targets[index]
        if !stays[index] {
          moves.append(Move(id: newIDs[target], from: source, to: target))
        }
        if !isContentEqual(oldElements[source], newElements[target]) {
          updates.append(Update(id: newIDs[target], from: source, to: target))
        }
      }
    }
    updates.append(contentsOf: suffixUpdates.reversed())
  }
}
