import Testing
import UniflowMVVM
import UniflowTestSupport

@Suite struct RowChangesTests {
  private func items(_ pairs: [(Int, Int)]) -> IdentifiedArray<Item> {
    IdentifiedArray(uniqueElements: pairs.map { Item(id: $0.0, content: $0.1) })
  }

  private func items(_ ids: [Int]) -> IdentifiedArray<Item> {
    IdentifiedArray(uniqueElements: ids.map { Item(id: $0, content: 0) })
  }

  @Test func equalListsHaveNoChanges() {
    let list = items([1, 2, 3])
    #expect(RowChanges(from: list, to: list).isEmpty)
    #expect(RowChanges(from: items([Int]()), to: items([Int]())).isEmpty)
  }

  @Test func appendedRowsAreInsertions() {
    let changes = RowChanges(from: items([1, 2]), to: items([1, 2, 3, 4]))
    #expect(changes == RowChanges(insertions: [.init(id: 3, offset: 2), .init(id: 4, offset: 3)]))
  }

  @Test func removedRowsAreDeletionsAtTheirOldOffsets() {
    let changes = RowChanges(from: items([1, 2, 3, 4]), to: items([1, 3]))
    #expect(changes == RowChanges(deletions: [.init(id: 2, offset: 1), .init(id: 4, offset: 3)]))
  }

  @Test func onlyRowsWhoseContentChangedAreUpdated() {
    let changes = RowChanges(
      from: items([(1, 0), (2, 0), (3, 0)]), to: items([(1, 0), (2, 5), (3, 0)]))
    #expect(changes == RowChanges(updates: [.init(id: 2, from: 1, to: 1)]))
  }

  @Test func customContentEqualityDecidesUpdates() {
    let changes = RowChanges(
      from: items([(1, 0), (2, 0)]), to: items([(1, 1), (2, 2)]),
      isContentEqual: { $0.content % 2 == $1.content % 2 })
    #expect(changes.updates.map(\.id) == [1])
  }

  @Test func aRowMovedToTheFrontIsOneMove() {
    let changes = RowChanges(from: items([1, 2, 3, 4]), to: items([4, 1, 2, 3]))
    #expect(changes == RowChanges(moves: [.init(id: 4, from: 3, to: 0)]))
  }

  @Test func aSwapIsOneMove() {
    let changes = RowChanges(from: items([1, 2, 3, 4]), to: items([1, 3, 2, 4]))
    #expect(changes.moves.count == 1)
    #expect(applying(changes, to: [1, 2, 3, 4], newCount: 4) == [1, 3, 2, 4])
  }

  @Test func aReversalKeepsOneRowAndMovesTheRest() {
    let changes = RowChanges(from: items([1, 2, 3, 4, 5]), to: items([5, 4, 3, 2, 1]))
    #expect(changes.moves.count == 4)
    #expect(applying(changes, to: [1, 2, 3, 4, 5], newCount: 5) == [5, 4, 3, 2, 1])
  }

  @Test func aMovedRowWhoseContentChangedIsMovedAndUpdated() {
    let changes = RowChanges(from: items([(1, 0), (2, 0), (3, 0)]), to: items([(3, 9), (1, 0), (2, 0)]))
    #expect(changes.moves == [.init(id: 3, from: 2, to: 0)])
    #expect(changes.updates == [.init(id: 3, from: 2, to: 0)])
  }

  @Test func everyKindOfChangeAtOnce() {
    let old = items([(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)])
    let new = items([(6, 0), (4, 1), (1, 0), (3, 0), (7, 0)])
    let changes = RowChanges(from: old, to: new)
    #expect(changes.deletions == [.init(id: 2, offset: 1), .init(id: 5, offset: 4)])
    #expect(changes.insertions == [.init(id: 6, offset: 0), .init(id: 7, offset: 4)])
    #expect(changes.moves == [.init(id: 4, from: 3, to: 1)])
    #expect(changes.updates == [.init(id: 4, from: 3, to: 1)])
    #expect(applying(changes, to: old.ids, newCount: new.count) == new.ids)
  }

  /// Random lists, changed by random edits (or replaced by an unrelated list), diffed and
  /// checked against the quadratic reference: the changes applied to the old list give the new
  /// one, deletions, insertions and updates are exactly the reference's, the moves are as few
  /// as possible, and every list of changes is sorted as documented.
  @Test(arguments: 0..<8)
  func randomisedListsAgreeWithTheReference(batch: Int) throws {
    var random = SplitMix64(seed: 0x5EED_0000 + UInt64(batch))
    for _ in 0..<500 {
      let (old, new) = randomPair(using: &random)
      let changes = RowChanges(from: old, to: new)
      let reference = ReferenceChanges(from: old.elements, to: new.elements)

      let applied = try #require(applying(changes, to: old.ids, newCount: new.count))
      #expect(applied == new.ids)
      #expect(Set(changes.deletions.map(\.id)) == Set(reference.deletedIDs))
      #expect(changes.deletions.count == reference.deletedIDs.count)
      #expect(changes.insertions.map(\.id) == reference.insertedIDs)
      #expect(changes.updates.map(\.id) == reference.updatedIDs)
      #expect(changes.moves.count == reference.minimumMoveCount)
      for update in changes.updates {
        #expect(old.ids[update.from] == update.id && new.ids[update.to] == update.id)
      }
      #expect(changes.deletions.map(\.offset) == changes.deletions.map(\.offset).sorted())
      #expect(changes.insertions.map(\.offset) == changes.insertions.map(\.offset).sorted())
      #expect(changes.moves.map(\.to) == changes.moves.map(\.to).sorted())
      #expect(changes.updates.map(\.to) == changes.updates.map(\.to).sorted())
      let movedIDs = Set(changes.moves.map(\.id))
      #expect(movedIDs.isDisjoint(with: changes.deletions.map(\.id)))
      #expect(movedIDs.isDisjoint(with: changes.insertions.map(\.id)))
      #expect(RowChanges(from: new, to: new).isEmpty)
    }
  }

  private func randomPair(
    using random: inout SplitMix64
  ) -> (IdentifiedArray<Item>, IdentifiedArray<Item>) {
    let pool = Int.random(in: 1...60, using: &random)
    let oldCount = Int.random(in: 0...min(pool, 40), using: &random)
    let old = Array((0..<pool).shuffled(using: &random).prefix(oldCount)).map {
      Item(id: $0, content: Int.random(in: 0..<3, using: &random))
    }
    var new = old
    if Int.random(in: 0..<10, using: &random) == 0 {
      // An unrelated list over the same pool of identifiers.
      let newCount = Int.random(in: 0...min(pool, 40), using: &random)
      new = Array((0..<pool).shuffled(using: &random).prefix(newCount)).map {
        Item(id: $0, content: Int.random(in: 0..<3, using: &random))
      }
    } else {
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        let edit = Int.random(in: 0..<5, using: &random)
        switch edit {
        case 0 where !new.isEmpty:
          new.remove(at: Int.random(in: new.indices, using: &random))
        case 1:
          let unused = (0..<pool + 10).filter { id in !new.contains { $0.id == id } }
          if let id = unused.randomElement(using: &random) {
            new.insert(Item(id: id, content: 0), at: Int.random(in: 0...new.count, using: &random))
          }
        case 2 where !new.isEmpty:
          let item = new.remove(at: Int.random(in: new.indices, using: &random))
          new.insert(item, at: Int.random(in: 0...new.count, using: &random))
        case 3 where !new.isEmpty:
          new[Int.random(in: new.indices, using: &random)].content += 1
        case 4:
          // Appended; an identifier already present is dropped when the list is built.
          new.append(Item(id: pool + 100 + new.count, content: 0))
        default:
          break
        }
      }
    }
    return (IdentifiedArray(uniqueElements: old), IdentifiedArray(new) { kept, _ in kept })
  }
}

/// Applying changes to an array that mirrors a list, as a terminal program or a test does.
@Suite struct RowChangesApplyTests {
  @Test func theDocumentedExampleTurnsTheOldLinesIntoTheNewOnes() throws {
    let oldTodos = IdentifiedArray(uniqueElements: [Item(id: 1, content: 1), Item(id: 2, content: 2)])
    let newTodos = IdentifiedArray(uniqueElements: [Item(id: 3, content: 3), Item(id: 1, content: 9)])
    var lines = oldTodos.map(\.content)
    let changes = RowChanges(from: oldTodos, to: newTodos)
    try changes.apply(to: &lines, insert: { newTodos[$0.offset].content }) { line, update in
      line = newTodos[update.to].content
    }
    #expect(lines == newTodos.map(\.content))
  }

  @Test(arguments: 0..<4)
  func randomisedChangesApplyToAMirrorOfTheOldList(batch: Int) throws {
    var random = SplitMix64(seed: 0xA991_0000 + UInt64(batch))
    for _ in 0..<300 {
      let pool = Int.random(in: 1...40, using: &random)
      let old = (0..<pool).shuffled(using: &random).prefix(Int.random(in: 0...pool, using: &random))
        .map { Item(id: $0, content: Int.random(in: 0..<3, using: &random)) }
      let new = (0..<pool).shuffled(using: &random).prefix(Int.random(in: 0...pool, using: &random))
        .map { Item(id: $0, content: Int.random(in: 0..<3, using: &random)) }
      let changes = RowChanges(
        from: IdentifiedArray(uniqueElements: old), to: IdentifiedArray(uniqueElements: new))
      var mirror = old
      try changes.apply(to: &mirror, insert: { new[$0.offset] }) { row, update in row = new[update.to] }
      #expect(mirror == new)
    }
  }

  @Test func changesThatDoNotFitAreRefusedAndTheArrayIsKept() {
    let old = IdentifiedArray(uniqueElements: [Item(id: 1, content: 0), Item(id: 2, content: 0)])
    let changes = RowChanges(from: old, to: IdentifiedArray(uniqueElements: [Item(id: 1, content: 0)]))
    var shorter = ["only one"]
    #expect(throws: RowChangesError.doesNotFit("old offset 1 is outside 0..<1")) {
      try changes.apply(to: &shorter, insert: { _ in "new" })
    }
    #expect(shorter == ["only one"])
    let moved = RowChanges<Int>(
      deletions: [], insertions: [], moves: [.init(id: 1, from: 0, to: 1), .init(id: 2, from: 0, to: 0)],
      updates: [])
    var rows = ["a", "b"]
    #expect(throws: RowChangesError.doesNotFit("old offset 0 is used twice")) {
      try moved.apply(to: &rows, insert: { _ in "new" })
    }
    #expect(rows == ["a", "b"])
  }
}
