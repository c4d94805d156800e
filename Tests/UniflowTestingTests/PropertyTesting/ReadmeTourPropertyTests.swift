import Testing
import UniflowTesting

// The composition of the README's tour (a counter, rows of todos, clearing the done ones), as
// the README shows it, checked on random sequences: its types are prefixed so as not to clash
// with the test support's features.

private struct TourCounter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action { case increment, decrement }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    }
    return .none
  }
}

private struct TourTodo: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
  var isDone = false
}

private struct TourRow: Reducer {
  enum Action: Equatable { case toggle }

  func reduce(into todo: inout TourTodo, action: Action) -> Effect<Action> {
    todo.isDone.toggle()
    return .none
  }
}

private struct TourApp: Reducer {
  struct State: Equatable {
    var counter = TourCounter.State()
    var todos: IdentifiedArray<TourTodo> = []
  }

  enum Action {
    case counter(TourCounter.Action)
    case todos(IdentifiedAction<Int, TourRow.Action>)
    case clearDone

    static let counterCase = ActionCase(embed: Action.counter) {
      if case .counter(let action) = $0 { action } else { nil }
    }
    static let todosCase = ActionCase(embed: Action.todos) {
      if case .todos(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: Action.counterCase) {
      TourCounter()
    }
    Reduce { state, action in
      if case .clearDone = action { state.todos.removeAll(where: \.isDone) }
      return .none
    }
    .forEach(\.todos, action: Action.todosCase) {
      TourRow()
    }
  }
}

@MainActor
@Suite struct ReadmeTourPropertyTests {
  private static let initialState = TourApp.State(
    todos: [TourTodo(id: 1, title: "Milk"), TourTodo(id: 2, title: "Eggs"), TourTodo(id: 3, title: "Tea")])

  private static func actions(_ state: TourApp.State) -> Generator<TourApp.Action> {
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
      of: { _ in TourApp() }, initialState: Self.initialState, actions: Self.actions,
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
