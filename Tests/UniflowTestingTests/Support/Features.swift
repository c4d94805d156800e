import UniflowTesting

/// A counter with a synchronous follow-up chain and a change the tests can forget to describe.
struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var isEven = true
    var history: [Int] = []
  }

  enum Action: Equatable {
    case increment
    case decrement
    case incrementTwice
    case record
    case cycle
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      state.isEven = state.count.isMultiple(of: 2)
      return .none
    case .decrement:
      state.count -= 1
      state.isEven = state.count.isMultiple(of: 2)
      return .none
    case .incrementTwice:
      return .concatenate(.send(.increment), .send(.increment), .send(.record))
    case .record:
      state.history.append(state.count)
      return .none
    case .cycle:
      return .send(.cycle)
    }
  }
}

struct Todo: Equatable, Sendable, Identifiable {
  var id: Int
  var title: String
  var isDone = false
}

enum LoadError: Error, Equatable {
  case offline
}

/// A feature with an injected loader, as an app would have a repository.
struct Todos: Reducer {
  enum Filter: Equatable { case all, open, done }

  struct State: Equatable {
    var todos: [Todo] = []
    var filter: Filter = .all
    var isLoading = false
    var error: String?
  }

  enum Action: Equatable {
    case refresh
    case loaded([Todo])
    case failed(String)
    case toggle(id: Int)
    case filterChanged(Filter)
  }

  let load: @Sendable () async throws -> [Todo]

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .refresh:
      state.isLoading = true
      return .run { [load] send in
        await send(.loaded(try await load()))
      } catch: { error, send in
        await send(.failed("\(error)"))
      }
    case .loaded(let todos):
      state.isLoading = false
      state.todos = todos
      return .none
    case .failed(let message):
      state.isLoading = false
      state.error = message
      return .none
    case .toggle(let id):
      if let index = state.todos.firstIndex(where: { $0.id == id }) {
        state.todos[index].isDone.toggle()
      }
      return .none
    case .filterChanged(let filter):
      state.filter = filter
      return .none
    }
  }
}

/// A timer on an injected clock, cancellable by id.
struct Ticker: Reducer {
  struct State: Equatable {
    var isRunning = false
    var ticks = 0
  }

  enum Action: Equatable {
    case start
    case stop
    case tick
    case startUncancellable
  }

  private enum TimerID: Hashable, Sendable { case timer }

  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.isRunning = true
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: TimerID.timer, cancelInFlight: true)
    case .stop:
      state.isRunning = false
      return .cancel(id: TimerID.timer)
    case .tick:
      state.ticks += 1
      return .none
    case .startUncancellable:
      return .run { [clock] _ in
        try await clock.sleep(for: .seconds(60))
      }
    }
  }
}

/// A feature whose actions are not `Equatable`: they carry a `Result` with any error.
struct Fetcher: Reducer {
  struct State: Equatable {
    var value: Int?
    var failure: String?
  }

  enum Action {
    case fetch(succeed: Bool)
    case response(Result<Int, any Error>)
    case note(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .fetch(let succeed):
      return .run { send in
        await send(.response(succeed ? .success(42) : .failure(LoadError.offline)))
      }
    case .response(.success(let value)):
      state.value = value
      return .none
    case .response(.failure(let error)):
      state.failure = "\(error)"
      return .none
    case .note:
      return .none
    }
  }
}

/// A gate an effect waits at until the test opens it: orders concurrent steps without delays.
final class Gate: Sendable {
  private let state = LockIsolated<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

  func wait() async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state in
        if !state.isOpen { state.waiters.append(continuation) }
        return state.isOpen
      }
      if isOpen { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}
