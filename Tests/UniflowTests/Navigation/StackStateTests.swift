import Foundation
import Testing
import Uniflow

/// `StackState` as a collection: pushes, pops and lookups by identifier, outside any store.
@Suite struct StackStateTests {
  @Test func popToKeepsTheElementAndPopsEverythingAbove() {
    var stack: StackState<String> = ["a", "b", "c", "d"]
    let found = stack.pop(to: 1)
    #expect(found)
    #expect(stack.ids == [0, 1])
    #expect(Array(stack) == ["a", "b"])
    let missing = stack.pop(to: 3)
    #expect(!missing)
    #expect(stack.ids == [0, 1])
  }

  @Test func popLastPopsTheTopAndNothingOnceEmpty() {
    var stack: StackState<String> = ["a", "b"]
    let popped = [stack.popLast(), stack.popLast(), stack.popLast()]
    #expect(popped == ["b", "a", nil])
    #expect(stack.isEmpty)
    // Popped identifiers are not handed out again.
    let id = stack.append("c")
    #expect(id == 2)
  }

  @Test func anElementIsReadReplacedAndRemovedByIdentifier() {
    var stack: StackState<String> = ["a", "b", "c"]
    #expect(stack[id: 1] == "b")
    #expect(stack.index(id: 2) == 2)
    #expect(stack.contains(id: 0))
    stack[id: 1] = "B"
    #expect(Array(stack) == ["a", "B", "c"])
    stack[id: 1] = nil
    #expect(stack.ids == [0, 2])
    #expect(stack[id: 1] == nil)
    #expect(stack.index(id: 1) == nil)
    stack[id: 7] = "h"
    #expect(stack.ids == [0, 2, 7])
    let appended = stack.append("i")
    #expect(appended == 8)
    let found: Void? = stack.modify(id: 2) { $0 += "!" }
    let missing: Void? = stack.modify(id: 5) { $0 += "!" }
    #expect(found != nil)
    #expect(missing == nil)
    #expect(stack.description == #"[#0: a, #2: c!, #7: h, #8: i]"#)
  }

  @Test func stacksAreEqualWhenTheirIdentifiersAndElementsAre() {
    var popped: StackState<String> = ["a", "b"]
    popped.popLast()
    popped.append("b")
    let fresh: StackState<String> = ["a", "b"]
    #expect(popped != fresh)  // #0, #2 against #0, #1
    #expect(StackState(["a", "b"]) == fresh)
    #expect(Set([fresh, StackState(["a", "b"])]).count == 1)
  }

  @Test func aStackSurvivesEncodingWithItsIdentifiersAndNextIdentifier() throws {
    var stack: StackState<String> = ["a", "b", "c"]
    stack.popLast()
    let decoded = try JSONDecoder().decode(
      StackState<String>.self, from: JSONEncoder().encode(stack))
    #expect(decoded == stack)
    var next = decoded
    let id = next.append("d")
    #expect(id == 3)
  }
}
