import Uniflow

/// The features of the README's short tour, as the README shows them (declared `public` here so
/// that every test target uses this one copy): the tests run its usage lines, check its claims,
/// and build on it.
public enum ReadmeTour {}

// MARK: A feature

extension ReadmeTour {
  public struct Counter: Reducer {
    public struct State: Equatable {
      public var count = 0

      public init(count: Int = 0) {
        self.count = count
      }
    }

    public enum Action { case increment, decrement }

    public init() {}

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment: state.count += 1
      case .decrement: state.count -= 1
      }
      return .none
    }
  }
}

// MARK: Effects and dependencies

extension ReadmeTour {
  public struct Todo: Identifiable, Equatable, Sendable {
    public let id: Int
    public var title: String
    public var isDone = false

    public init(id: Int, title: String, isDone: Bool = false) {
      self.id = id
      self.title = title
      self.isDone = isDone
    }
  }
}

extension ReadmeTour {
  /// Where the tour's todo list loads its todos from.
  public protocol TodoRepository: Sendable {
    func load() async throws -> [Todo]
    func search(_ query: String) async throws -> [Todo]
  }

  public struct TodoList: Reducer {
    public struct State: Equatable {
      public var todos: IdentifiedArray<Todo> = []
      public var query = ""
      public var error: String?

      public init() {}
    }

    public enum Action: Equatable {
      case refresh
      case loaded([Todo])
      case failed(String)
      case queryChanged(String)
    }

    let repository: any TodoRepository
    let clock: any Clock<Duration>

    public init(repository: any TodoRepository, clock: any Clock<Duration>) {
      self.repository = repository
      self.clock = clock
    }

    public func reduce(into state: inout State, action: Action) -> Effect<Action> {
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
}

// MARK: Composition

extension ReadmeTour {
  public struct Row: Reducer {
    public enum Action: Equatable { case toggle }

    public init() {}

    public func reduce(into todo: inout Todo, action: Action) -> Effect<Action> {
      todo.isDone.toggle()
      return .none
    }
  }

  public struct App: Reducer {
    public struct State: Equatable {
      public var counter = Counter.State()
      public var todos: IdentifiedArray<Todo> = []

      public init(counter: Counter.State = Counter.State(), todos: IdentifiedArray<Todo> = []) {
        self.counter = counter
        self.todos = todos
      }
    }

    public enum Action {
      case counter(Counter.Action)
      case todos(IdentifiedAction<Int, Row.Action>)
      case clearDone

      public static let counterCase = ActionCase(Action.counter)
      public static let todosCase = ActionCase(Action.todos)
    }

    public init() {}

    public var body: some Reducer<State, Action> {
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
}

// MARK: Undo and redo

extension ReadmeTour {
  public struct Checklist: Reducer {
    public struct State: Equatable {
      public var title = ""
      public var todos: IdentifiedArray<Todo> = []
      public var history = UndoHistory()

      public init(title: String = "", todos: IdentifiedArray<Todo> = []) {
        self.title = title
        self.todos = todos
      }
    }

    public enum Action: Equatable {
      case titleTyped(String)
      case add(Todo)
      case todos(IdentifiedAction<Int, Row.Action>)
      case undo(UndoAction)

      public static let todosCase = ActionCase(Action.todos)
      public static let undoCase = ActionCase(Action.undo)
    }

    let clock: any Clock<Duration>

    public init(clock: any Clock<Duration>) {
      self.clock = clock
    }

    public var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .titleTyped(let title): state.title = title
        case .add(let todo): state.todos.append(todo)
        case .todos, .undo: break
        }
        return .none
      }
      .forEach(\.todos, action: Action.todosCase) {
        Row()
      }
      .undoable(
        history: \.history, action: Action.undoCase,
        tracking: [.value(\.title), .rows(\.todos, action: Action.todosCase)],
        clock: clock
      ) { action in
        switch action {
        case .titleTyped: .coalescing("Typing", key: "title")
        case .add: .step("Add")
        case .todos: .step("Toggle")
        case .undo: .ignored
        }
      }
    }
  }
}
