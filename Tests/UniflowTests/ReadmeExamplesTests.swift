import Testing
import Uniflow
import UniflowTestSupport

// The code of the README's tour, run here so that it is known to compile and to do what the
// README says. Its features are in the test support target's `ReadmeTour`.

// The tour's features, declared once for every test target.
typealias Counter = ReadmeTour.Counter
typealias Todo = ReadmeTour.Todo
typealias TodoRepository = ReadmeTour.TodoRepository
typealias TodoList = ReadmeTour.TodoList
typealias Row = ReadmeTour.Row
typealias App = ReadmeTour.App
typealias Checklist = ReadmeTour.Checklist

// MARK: Fakes for the examples

private struct FakeRepository: TodoRepository {
  func load() async throws -> [Todo] { [Todo(id: 1, title: "Buy milk")] }
  func search(_ query: String) async throws -> [Todo] { [] }
}

@MainActor
@Suite struct ReadmeExamplesTests {
  @Test func counterTour() {
    let store: StoreOf<Counter> = Store(initialState: Counter.State(), reducer: Counter())
    var printed: [String] = []
    let token = store.observe(\.count) { printed.append("count is now \($0)") }
    store.send(.increment)  // count is now 1
    #expect(printed == ["count is now 1"])
    withExtendedLifetime(token) {}
  }

  @Test func effectsTour() async {
    let store = Store(
      initialState: TodoList.State(),
      reducer: TodoList(repository: FakeRepository(), clock: ContinuousClock()))
    await store.send(.refresh).finish()
    #expect(store.todos.map(\.title) == ["Buy milk"])
  }

  @Test func loopGuardTour() {
    var reports: [String] = []
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { count, action in
        count += 1
        return .send(action == "ping" ? "pong" : "ping")
      },
      configuration: StoreConfiguration(maximumSynchronousActions: 100) { diagnostic in
        reports.append(diagnostic.description)
      })
    store.send("ping")
    #expect(store.state == 100)
    #expect(reports.count == 1)
    #expect(reports.first?.hasSuffix("repeating cycle: ping → pong → ping") == true)
  }

  @Test func compositionTour() {
    let store = Store(
      initialState: App.State(todos: [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]),
      reducer: App(),
      middleware: [.logging(prefix: "app") { _ in }])

    let counter = store.scope(state: \.counter, action: ActionCase(App.Action.counter))
    counter.send(.increment)

    let rows = store.scope(forEach: \.todos, action: ActionCase(App.Action.todos))
    rows[0].send(.toggle)
    store.send(.clearDone)

    #expect(store.counter.count == 1)
    #expect(store.todos.map(\.title) == ["Eggs"])
  }

  @Test func sharedStateTour() throws {
    let values = SharedValues()
    let settings = try values.shared("settings", default: Settings())
    let list = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    let sheet = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    sheet.send(.showDoneToggled)
    #expect(list.settings.showsDone == false)  // one value, whichever store changed it
  }

  @Test func undoTour() {
    let store = Store(initialState: Checklist.State(), reducer: Checklist(clock: ContinuousClock()))
    store.send(.add(Todo(id: 1, title: "Milk")))
    store.send(.todos(.element(id: 1, action: .toggle)))
    #expect(store.history.undoLabel == "Toggle")
    store.send(.undo(.undo))  // Milk is open again: "Redo Toggle"
    #expect(store.todos[id: 1]?.isDone == false)
    #expect(store.history.redoLabel == "Toggle")
    store.send(.undo(.undo))
    #expect(store.todos.isEmpty)
  }
}

// MARK: The shared-state section's feature, in the suite: other tests have a Settings of their own

extension ReadmeExamplesTests {
  struct Settings: Codable, Equatable, Sendable {
    var showsDone = true
  }

  struct Preferences: Reducer {
    struct State: Equatable {
      var settings: Shared<Settings>
    }

    enum Action { case showDoneToggled }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.settings.withLock { $0.showsDone.toggle() }
      return .none
    }
  }
}
