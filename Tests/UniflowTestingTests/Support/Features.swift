import Dispatch
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

/// Effects that race, wait for another thread, or poll for the main actor: what tests of the
/// order effects run in need.
struct Racing: Reducer {
  struct State: Equatable {
    var log: [Int] = []
    var fetched: Int?
  }

  enum Action: Equatable {
    /// Two effects, each sending two actions: 1 and 3, 2 and 4.
    case start
    /// The same, with the first effect a concatenation of two, which runs in a task of its own.
    case startChained
    case record(Int)
    /// An effect whose value comes from a task on another thread, as a network reply would.
    case fetch
    case fetched(Int)
    /// An effect that polls, yielding, for a flag a main-actor task sets, then records 5.
    case poll
    /// An effect that blocks its thread until the main queue has run a block, then records 6.
    case waitForMainQueue
    /// Two tasks of an effect that wake each other through streams until it is cancelled,
    /// never waiting for the main actor: they make work for their executor without end.
    case spin
    /// An effect that keeps waiting for a main-actor task it starts, until it is cancelled.
    case pollForever
    /// Cancels the spinning or polling effect.
    case stopSpinning
  }

  enum SpinID: Hashable { case spinner }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.log = []
      return .merge(
        .run { send in
          await send(.record(1))
          await send(.record(3))
        },
        .run { send in
          await send(.record(2))
          await send(.record(4))
        })
    case .startChained:
      state.log = []
      return .merge(
        .concatenate(
          .run { send in await send(.record(1)) },
          .run { send in await send(.record(3)) }),
        .run { send in
          // Work between the sends, for the concatenation's tasks to overtake on a thread pool.
          for _ in 0..<10 { await Task.yield() }
          await send(.record(2))
          for _ in 0..<10 { await Task.yield() }
          await send(.record(4))
        })
    case .record(let value):
      state.log.append(value)
      return .none
    case .fetch:
      state.fetched = nil
      return .run { send in
        let value = await Task.detached { 6 * 7 }.value
        await send(.fetched(value))
      }
    case .fetched(let value):
      state.fetched = value
      return .none
    case .poll:
      return .run { send in
        let flag = MainActorFlag()
        Task { @MainActor in flag.isSet = true }
        while await !flag.isSet { await Task.yield() }
        await send(.record(5))
      }
    case .waitForMainQueue:
      return .run { send in
        DispatchQueue.main.sync {}
        await send(.record(6))
      }
    case .spin:
      return .run { _ in
        let (pings, ping) = AsyncStream<Void>.makeStream()
        let (pongs, pong) = AsyncStream<Void>.makeStream()
        await withTaskGroup(of: Void.self) { group in
          group.addTask {
            for await _ in pings { pong.yield() }
          }
          group.addTask {
            ping.yield()
            for await _ in pongs { ping.yield() }
          }
        }
      }
      .cancellable(id: SpinID.spinner)
    case .pollForever:
      return .run { _ in
        while !Task.isCancelled {
          await withCheckedContinuation { continuation in
            Task { @MainActor in continuation.resume() }
          }
        }
      }
      .cancellable(id: SpinID.spinner)
    case .stopSpinning:
      return .cancel(id: SpinID.spinner)
    }
  }
}

/// A flag only main-actor code sets: that a task of a test has ended, say.
@MainActor
final class MainActorFlag {
  var isSet = false
}

/// A feature whose effect waits for a stream that never ends, without sleeping on the clock.
struct Listener: Reducer {
  struct State: Equatable {}
  enum Action: Equatable { case listen }

  let updates = AsyncStream<Int>.makeStream()

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .run { [stream = updates.stream] _ in
      for await _ in stream {}
    }
  }
}

/// Messages posted to whoever listens at the time: a test double of a push service, whose
/// listeners wait for the next message without sleeping on any clock.
final class MessageBus: Sendable {
  private struct Listeners {
    var nextID = 0
    /// In the order they started listening, so that every run hands out messages alike.
    var continuations: [(id: Int, continuation: AsyncStream<Int>.Continuation)] = []
  }

  private let listeners = LockIsolated(Listeners())

  /// The messages posted from now on, until the listener stops iterating.
  func messages() -> AsyncStream<Int> {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    let id = listeners.withLock { listeners in
      defer { listeners.nextID += 1 }
      listeners.continuations.append((listeners.nextID, continuation))
      return listeners.nextID
    }
    continuation.onTermination = { [listeners] _ in
      listeners.withLock { $0.continuations.removeAll { $0.id == id } }
    }
    return stream
  }

  /// Hands `message` to every listener.
  func post(_ message: Int) {
    for listener in listeners.withLock(\.continuations) { listener.continuation.yield(message) }
  }
}

/// A feature that listens to a ``MessageBus`` while the user wants it to, and posts to it: its
/// listening effect runs from `listen` to `stop`, waiting for messages in between.
struct Inbox: Reducer {
  struct State: Equatable {
    var isListening = false
    var received: [Int] = []
    /// The messages posted while listening, in order: what `received` must come to.
    var expected: [Int] = []
  }

  enum Action: Equatable { case listen, stop, post(Int), received(Int) }

  enum ListeningID: Hashable { case bus }

  let bus: MessageBus
  /// Whether `listen` starts listening again while it listens (the bug: every message then
  /// arrives twice).
  var listensTwice = false

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .listen:
      guard !state.isListening || listensTwice else { return .none }
      state.isListening = true
      return .run { [bus] send in
        for await message in bus.messages() { await send(.received(message)) }
      }
      .cancellable(id: ListeningID.bus)
    case .stop:
      state.isListening = false
      return .cancel(id: ListeningID.bus)
    case .post(let message):
      if state.isListening { state.expected.append(message) }
      return .run { [bus] _ in bus.post(message) }
    case .received(let message):
      state.received.append(message)
      return .none
    }
  }
}
