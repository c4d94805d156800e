import Testing
import UniflowTesting

@Suite struct ValueDiffTests {
  private let board = Board(
    todos: [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs", isDone: true)],
    status: .loaded(3), owner: Owner(name: "Ada", age: 36), scores: ["ada": 3, "bob": 1],
    tags: ["home", "urgent"], stack: Stack([1, 2, 3]))

  @Test func equalValuesHaveNoChanges() {
    let diff = ValueDiff(expected: board, actual: board)
    #expect(diff.isEmpty)
    #expect(diff.description == "")
  }

  @Test func nestedPropertiesShowTheirPath() {
    var actual = board
    actual.todos[1].isDone = false
    actual.title = "Errands"
    let diff = ValueDiff(expected: board, actual: actual)
    #expect(
      diff.description == """
        title: expected "Chores", actual "Errands"
        todos[1].isDone: expected true, actual false
        """)
    #expect(diff.changes.map(\.path) == ["title", "todos[1].isDone"])
    #expect(diff.changes.last?.expected == "true")
    #expect(diff.changes.last?.actual == "false")
  }

  @Test func differentEnumCasesShowWhole() {
    var actual = board
    actual.status = .failed(reason: "offline", code: 7)
    #expect(
      ValueDiff(expected: board, actual: actual).description
        == "status: expected .loaded(3), actual .failed(reason: \"offline\", code: 7)")
    #expect(
      ValueDiff(expected: Todos.Filter.open, actual: .all).description == "self: expected .open, actual .all")
  }

  @Test func theSameEnumCaseComparesItsPayload() {
    var expected = board
    var actual = board
    actual.status = .loaded(4)
    #expect(
      ValueDiff(expected: expected, actual: actual).description == "status.loaded: expected 3, actual 4")
    expected.status = .failed(reason: "offline", code: 1)
    actual.status = .failed(reason: "offline", code: 2)
    #expect(
      ValueDiff(expected: expected, actual: actual).description == "status.failed.code: expected 1, actual 2")
  }

  @Test func anInsertedElementIsOneChange() {
    let diff = ValueDiff(expected: ["a", "b", "c", "d"], actual: ["a", "x", "b", "c", "d"])
    #expect(diff.description == "self[1]: unexpected \"x\"")
    #expect(diff.changes.first?.expected == nil)
  }

  @Test func aRemovedElementIsOneChange() {
    var actual = board
    actual.todos.removeFirst()
    #expect(
      ValueDiff(expected: board, actual: actual).description
        == "todos[0]: missing Todo(id: 1, title: \"Milk\", isDone: false)")
  }

  @Test func replacedElementsAreComparedInDepth() {
    let expected = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs"), Todo(id: 3, title: "Jam")]
    var actual = expected
    actual.insert(Todo(id: 9, title: "Tea"), at: 0)
    actual[2].title = "Bacon"
    #expect(
      ValueDiff(expected: expected, actual: actual).description == """
        self[0]: unexpected Todo(id: 9, title: "Tea", isDone: false)
        self[2].title: expected "Eggs", actual "Bacon"
        """)
  }

  @Test func identifiedElementsAreNamedByTheirIdentifierNotTheirPosition() {
    let expected: IdentifiedArray<Todo> = [
      Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs"), Todo(id: 3, title: "Jam"),
    ]
    var actual = expected
    actual.remove(id: 1)
    actual[id: 3]?.title = "Honey"
    actual.append(Todo(id: 4, title: "Tea"))
    #expect(
      ValueDiff(expected: expected, actual: actual).description == """
        self[id: 1]: missing Todo(id: 1, title: "Milk", isDone: false)
        self[id: 3].title: expected "Jam", actual "Honey"
        self[id: 4]: unexpected Todo(id: 4, title: "Tea", isDone: false)
        """)
    // From empty, or to empty, too.
    #expect(
      ValueDiff(expected: IdentifiedArray<Todo>(), actual: [Todo(id: 7, title: "Tea")]).description
        == "self[id: 7]: unexpected Todo(id: 7, title: \"Tea\", isDone: false)")
    #expect(
      ValueDiff(expected: [Todo(id: 7, title: "Tea")], actual: IdentifiedArray<Todo>()).description
        == "self[id: 7]: missing Todo(id: 7, title: \"Tea\", isDone: false)")
  }

  @Test func aMoveOfIdentifiedElementsIsOneChangeListingBothOrders() {
    let expected: IdentifiedArray<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
    let actual: IdentifiedArray<Todo> = [Todo(id: 2, title: "Eggs"), Todo(id: 1, title: "Milk")]
    #expect(
      ValueDiff(expected: expected, actual: actual).description
        == "self: expected ids in the order [1, 2], actual ids in the order [2, 1]")
  }

  @Test func stackScreensAreNamedByTheirIdentifier() {
    let expected = StackState(["list", "detail"])
    var changed = expected
    changed[id: 1] = "details"
    #expect(
      ValueDiff(expected: expected, actual: changed).description
        == "self[id: #1]: expected \"detail\", actual \"details\"")
    // A screen popped and another pushed: a new identifier, not the same position changed.
    var replaced = expected
    replaced.popLast()
    replaced.append("history")
    #expect(
      ValueDiff(expected: expected, actual: replaced).description == """
        self[id: #1]: missing "detail"
        self[id: #2]: unexpected "history"
        """)
  }

  @Test func dictionariesCompareByKeyInKeyOrder() {
    var actual = board
    actual.scores = ["eve": 2, "ada": 4]
    #expect(
      ValueDiff(expected: board, actual: actual).description == """
        scores["ada"]: expected 3, actual 4
        scores["bob"]: missing 1
        scores["eve"]: unexpected 2
        """)
  }

  @Test func setsCompareByMembership() {
    var actual = board
    actual.tags = ["home", "later"]
    #expect(
      ValueDiff(expected: board, actual: actual).description == """
        tags: missing "urgent"
        tags: unexpected "later"
        """)
  }

  @Test func optionalsCompareThroughTheirValue() {
    var actual = board
    actual.owner?.age = 37
    #expect(ValueDiff(expected: board, actual: actual).description == "owner.age: expected 36, actual 37")
    actual.owner = nil
    #expect(
      ValueDiff(expected: board, actual: actual).description
        == "owner: expected Owner(name: \"Ada\", age: 36), actual nil")
  }

  @Test func customCollectionsCompareTheirElements() {
    var actual = board
    actual.stack = Stack([1, 5, 3])
    #expect(ValueDiff(expected: board, actual: actual).description == "stack[1]: expected 2, actual 5")
  }

  @Test func objectsCompareTheirProperties() {
    let expected = Dog(name: "Rex")
    let actual = Dog(name: "Rex")
    actual.legs = 3
    #expect(ValueDiff(expected: expected, actual: actual).description == "legs: expected 4, actual 3")
  }

  @Test func rootValuesAreCalledSelf() {
    #expect(ValueDiff(expected: 1, actual: 2).description == "self: expected 1, actual 2")
    #expect(ValueDiff(expected: [1, 2], actual: [1, 3]).description == "self[1]: expected 2, actual 3")
  }

  @Test func longRenderingsAreAbbreviated() {
    let long = String(repeating: "a", count: 400)
    let change = ValueDiff(expected: "", actual: long).changes.first
    #expect(change?.actual?.hasSuffix("… (102 more characters)") == true)
  }

  @Test func largeDifferingCollectionsAreComparedByPosition() {
    let expected = Array(0..<600)
    let actual = expected.map { $0 + 1_000 } + [1]
    let diff = ValueDiff(expected: expected, actual: actual)
    #expect(diff.changes.count == 601)
    #expect(diff.changes.first?.description == "self[0]: expected 0, actual 1000")
    #expect(diff.changes.last?.description == "self[600]: unexpected 1")
  }
}
