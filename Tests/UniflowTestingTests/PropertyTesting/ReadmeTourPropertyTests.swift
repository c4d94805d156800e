import Testing
import UniflowTestSupport
import UniflowTesting

// The composition of the README's tour (a counter, rows of todos, clearing the done ones), as
// the README shows it, checked on random sequences. The tour's features are the test support's
// `ReadmeTour`, named in full: this target's own features have the same names.

@MainActor
@Suite struct ReadmeTourPropertyTests {
  private static let initialState = ReadmeTour.App.State(
    todos: [
      ReadmeTour.Todo(id: 1, title: "Milk"), ReadmeTour.Todo(id: 2, title: "Eggs"),
      ReadmeTour.Todo(id: 3, title: "Tea"),
    ])

  private static func actions(_ state: ReadmeTour.App.State) -> Generator<ReadmeTour.App.Action> {
    .one(of: [
      .constant(.counter(.increment)),
      .constant(.counter(.decrement)),
      Generator.element(of: state.todos.ids).map { .todos(.element(id: $0, action: .toggle)) },
      // A row that is gone: the action must do nothing.
      Generator.int(in: 4...6).map { .todos(.element(id: $0, action: .toggle)) },
      .constant(.clearDone),
    ])
  }

  /// What the tour's app must show: the count, and the todos left with their state.
  private struct Model: Equatable {
    var count = 0
    var todos: [String: Bool] = ["Milk": false, "Eggs": false, "Tea": false]
  }

  @Test func theComposedFeaturesMatchASimpleModel() async {
    let failure = await checkProperties(
      of: { _ in ReadmeTour.App() }, initialState: Self.initialState, actions: Self.actions,
      properties: [
        .invariant("the todos keep their order") { state in
          state.todos.ids == state.todos.ids.sorted()
        },
        .transition("clearing leaves no done todo") { _, action, after in
          guard case .clearDone = action else { return true }
          return !after.todos.contains(where: \.isDone)
        },
        .transition("the counter changes only by its own actions") { before, action, after in
          if case .counter = action { return true }
          return before.counter == after.counter
        },
      ],
      model: ReferenceModel(
        initial: Model(),
        update: { model, action in
          let titles = [1: "Milk", 2: "Eggs", 3: "Tea"]
          switch action {
          case .counter(.increment): model.count += 1
          case .counter(.decrement): model.count -= 1
          case .todos(.element(let id, .toggle)):
            if let title = titles[id], let isDone = model.todos[title] { model.todos[title] = !isDone }
          case .clearDone: model.todos = model.todos.filter { !$0.value }
          }
        },
        observe: { state in
          Model(
            count: state.counter.count,
            todos: Dictionary(uniqueKeysWithValues: state.todos.map { ($0.title, $0.isDone) }))
        }),
      sequences: 200, length: 30)
    #expect(failure == nil)
  }
}
