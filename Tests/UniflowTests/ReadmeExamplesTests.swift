import Testing
import Uniflow

// The code of the README's tour, kept here so that it is known to compile and to do what the
// README says.

// MARK: A feature

struct Counter: Reducer {
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

// MARK: Effects and dependencies

struct Todo: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
  var isDone = false
}

protocol TodoRepository: Sendable {
  func load() async throws -> [Todo]
  func search(_ query: String) async throws -> [Todo]
}

struct TodoList: Reducer {
  struct State: Equatable {
    var todos: IdentifiedArray<Todo> = []
    var query = ""
    var error: String?
  }

  enum Action: Equatable {
    case refresh
    case loaded([Todo])
    case failed(String)
    case queryChanged(String)
  }

  let repository: any TodoRepository
  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .refresh:
      return .run { [repository] send in
        await send(.loaded(try await repository.load()))
      } catch: { error, send in
        await send(.failed("\(error)"))
      }
    case .loaded(let todos):
      state.todos = IdentifiedArray(uniqueElements: todos)
      return .none
    case .failed(let message):
      state.error = message
      return .none
    case .queryChanged(let query):
      state.query = query
      return .run { [repository] send in
        await send(.loaded(try await repository.search(query)))
      }
      .debounce(id: "search", for: .milliseconds(300), clock: clock)
    }
  }
}

// MARK: Composition

struct Row: Reducer {
  enum Action: Equatable { case toggle }

  func reduce(into todo: inout Todo, action: Action) -> Effect<Action> {
    todo.isDone.toggle()
    return .none
  }
}

struct App: Reducer {
  struct State: Equatable {
    var counter = Counter.State()
    var todos: IdentifiedArray<Todo> = []
  }

  enum Action {
    case counter(Counter.Action)
    case todos(IdentifiedAction<Int, Row.Action>)
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
      Counter()
    }
    Reduce { state, action in
      if case .clearDone = action { state.todos.removeAll(where: \.isDone) }
      return .none
    }
    .forEach(\.todos, action: Action.todosCase) {
      Row()
    }
  }
}

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

    let counter = store.scope(state: \.counter, action: App.Action.counter)
    counter.send(.increment)

    let rows = store.scope(forEach: \.todos, action: App.Action.todos)
    rows[0].send(.toggle)
    store.send(.clearDone)

    #expect(store.counter.count == 1)
    #expect(store.todos.map(\.title) == ["Eggs"])
  }
}
