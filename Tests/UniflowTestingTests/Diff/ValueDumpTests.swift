import Testing
import UniflowTesting

private struct Hidden {
  var secret = 1
}

private struct Empty {}

@Suite struct ValueDumpTests {
  @Test func scalarsShowTheirDescriptionAndStringsAreQuoted() {
    #expect(ValueDump(42).description == "42")
    #expect(ValueDump(2.5).description == "2.5")
    #expect(ValueDump(true).description == "true")
    #expect(ValueDump("Milk").description == "\"Milk\"")
    #expect(ValueDump(Character("x")).description == "\"x\"")
    #expect(ValueDump(Duration.seconds(1)).description == "1.0 seconds")
    #expect(ValueDump(0..<3).description == "0..<3")
    #expect(ValueDump(Int?.none as Any).description == "nil")
    #expect(ValueDump(Int?.some(3) as Any).description == "3")
  }

  @Test func structsShowTheirStoredProperties() {
    #expect(
      ValueDump(Todo(id: 1, title: "Milk")).description == "Todo(id: 1, title: \"Milk\", isDone: false)")
    #expect(ValueDump(Owner(name: "Ada", age: 36)).description == "Owner(name: \"Ada\", age: 36)")
    #expect(ValueDump(Empty()).description == "Empty()")
  }

  @Test func typeNamesLeaveOutModulesAndPrivateContexts() {
    #expect(ValueDump(Hidden()).description == "Hidden(secret: 1)")
    #expect(ValueDump(Todos.State()).description.hasPrefix("Todos.State(todos: [], filter: .all"))
  }

  @Test func enumsShowTheirCaseAndPayload() {
    #expect(ValueDump(Status.idle).description == ".idle")
    #expect(ValueDump(Status.loaded(3)).description == ".loaded(3)")
    #expect(
      ValueDump(Status.failed(reason: "offline", code: 7)).description
        == ".failed(reason: \"offline\", code: 7)")
    #expect(ValueDump(Todos.Action.filterChanged(.done)).description == ".filterChanged(.done)")
    #expect(ValueDump(Mood.grumpy).description == "😠")
  }

  @Test func collectionsShowTheirElementsInAStableOrder() {
    #expect(ValueDump([1, 2]).description == "[1, 2]")
    #expect(ValueDump(["b": 2, "a": 1, "c": 3]).description == "[\"a\": 1, \"b\": 2, \"c\": 3]")
    #expect(ValueDump([String: Int]()).description == "[:]")
    #expect(ValueDump(Set([3, 1, 2])).description == "Set([1, 2, 3])")
    #expect(ValueDump(Stack([1, 2])).description == "Stack([1, 2])")
    #expect(ValueDump(ContiguousArray([1])).description == "ContiguousArray([1])")
  }

  @Test func tuplesShowTheirLabels() {
    #expect(ValueDump((1, "a")).description == "(1, \"a\")")
    #expect(ValueDump((x: 1, y: 2)).description == "(x: 1, y: 2)")
  }

  @Test func objectsShowInheritedPropertiesFirstAndCyclesOnce() {
    #expect(ValueDump(Dog(name: "Rex")).description == "Dog(legs: 4, name: \"Rex\")")
    let link = Link(value: 1)
    link.next = link
    // The cycle is broken at the end, so that the test leaks nothing.
    defer { link.next = nil }
    #expect(ValueDump(link).description == "Link(value: 1, next: Link(…))")
    let chain = Link(value: 1)
    chain.next = Link(value: 2)
    #expect(ValueDump(chain).description == "Link(value: 1, next: Link(value: 2, next: nil))")
  }
}
