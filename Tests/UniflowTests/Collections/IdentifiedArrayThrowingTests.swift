import Testing
@_spi(Testing) import Uniflow

private struct Item: Identifiable, Equatable, Sendable {
  var id: Int
  var name: String
}

private struct Interrupted: Error, Equatable {}

/// A closure that answers `answer` until its `failingCall`-th call, which throws.
private final class Interrupting {
  private let failingCall: Int
  private(set) var calls = 0

  init(failingCall: Int) {
    self.failingCall = failingCall
  }

  func step() throws(Interrupted) {
    calls += 1
    if calls == failingCall { throw Interrupted() }
  }
}

/// Every element is found by its identifier, at its own offset, and the index agrees.
private func expectConsistent(
  _ items: IdentifiedArray<Item>, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(items.invariantViolations().isEmpty, sourceLocation: sourceLocation)
  #expect(items.ids == items.map(\.id), sourceLocation: sourceLocation)
  for (offset, item) in items.enumerated() {
    #expect(items[id: item.id] == item, sourceLocation: sourceLocation)
    #expect(items.index(id: item.id) == offset, sourceLocation: sourceLocation)
  }
}

/// Items 0 to `count - 1`, named after their identifiers.
private func numbered(_ count: Int) -> IdentifiedArray<Item> {
  IdentifiedArray(uniqueElements: (0..<count).map { Item(id: $0, name: "\($0)") })
}

@Suite struct IdentifiedArrayThrowingTests {
  @Test(arguments: [1, 2, 5, 20, 60])
  func sortInterruptedByAThrowLeavesEveryElementFoundByItsID(failingCall: Int) {
    var items = numbered(32)
    let interrupting = Interrupting(failingCall: failingCall)
    #expect(throws: Interrupted.self) {
      try items.sort { lhs, rhs in
        try interrupting.step()
        return lhs.id > rhs.id
      }
    }
    expectConsistent(items)
    #expect(Set(items.ids) == Set(0..<32))
  }

  @Test func removeAllInterruptedByAThrowRemovesOnlyWhatWasTestedAndKeepsTheOrder() {
    var items = numbered(10)
    // Even identifiers are removed; testing the seventh element (id 6) throws.
    let interrupting = Interrupting(failingCall: 7)
    #expect(throws: Interrupted.self) {
      try items.removeAll { item in
        try interrupting.step()
        return item.id.isMultiple(of: 2)
      }
    }
    expectConsistent(items)
    #expect(items.ids == [1, 3, 5, 6, 7, 8, 9])
  }

  @Test func removeAllInterruptedOnItsFirstCallKeepsEverything() {
    var items = numbered(5)
    #expect(throws: Interrupted.self) {
      try items.removeAll { _ in throw Interrupted() }
    }
    expectConsistent(items)
    #expect(items.ids == [0, 1, 2, 3, 4])
  }

  @Test func removeAllWithoutAThrowStillRemovesInOrder() {
    var items = numbered(10)
    items.removeAll { $0.id % 3 == 0 }
    expectConsistent(items)
    #expect(items.ids == [1, 2, 4, 5, 7, 8])
  }

  @Test func modifyInterruptedByAThrowKeepsTheChangeMadeSoFar() {
    var items = numbered(4)
    #expect(throws: Interrupted.self) {
      try items.modify(id: 2) { item in
        item.name = "changed"
        throw Interrupted()
      }
    }
    expectConsistent(items)
    #expect(items[id: 2]?.name == "changed")
  }

  @Test func filterInterruptedByAThrowLeavesTheOriginalUntouched() {
    let items = numbered(6)
    let interrupting = Interrupting(failingCall: 4)
    #expect(throws: Interrupted.self) {
      _ = try items.filter { item in
        try interrupting.step()
        return item.id.isMultiple(of: 2)
      }
    }
    expectConsistent(items)
    #expect(items == numbered(6))
  }

  @Test func combiningInterruptedByAThrowCreatesNothing() {
    let elements = [Item(id: 1, name: "a"), Item(id: 1, name: "b"), Item(id: 2, name: "c")]
    #expect(throws: Interrupted.self) {
      _ = try IdentifiedArray(elements) { _, _ in throw Interrupted() }
    }
    let combined = IdentifiedArray(elements) { kept, later in
      Item(id: kept.id, name: kept.name + later.name)
    }
    expectConsistent(combined)
    #expect(combined.map(\.name) == ["ab", "c"])
  }

  @Test func everyMutationKeepsTheInvariants() {
    var items = numbered(8)
    items.move(fromOffset: 0, toOffset: 5)
    expectConsistent(items)
    items.insert(Item(id: 42, name: "new"), at: 3)
    expectConsistent(items)
    items.remove(id: 4)
    expectConsistent(items)
    items[id: 7] = nil
    expectConsistent(items)
    items.sort { $0.id < $1.id }
    expectConsistent(items)
    items.removeAll()
    expectConsistent(items)
  }

  #if !os(Windows)
    @Test func changingTheIDInsideAnInterruptedModifyStopsTheProgram() async {
      await #expect(processExitsWith: .failure) {
        var items = IdentifiedArray(uniqueElements: [Item(id: 1, name: "a"), Item(id: 2, name: "b")])
        try? items.modify(id: 1) { item in
          item.id = 2
          throw Interrupted()
        }
      }
    }
  #endif
}
