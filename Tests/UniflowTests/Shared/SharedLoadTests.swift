import Foundation
import Testing
import Uniflow
import UniflowTesting

/// A value a storage brings in from outside reaches the stores that take it as an action.
@MainActor
@Suite struct SharedLoadTests {
  /// A feature that takes the values its settings' storage brings in.
  struct Viewer: Reducer {
    struct State: Equatable {
      var settings: Shared<Settings>
      var loadsTaken = 0
    }

    enum Action: Equatable {
      case appeared
      case settingsLoaded(SharedLoad<Settings>)
      case fontSizeChanged(Int)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .appeared:
        return .loads(of: state.settings, send: Action.settingsLoaded)
      case .settingsLoaded(let load):
        state.settings.apply(load)
        state.loadsTaken += 1
        return .none
      case .fontSizeChanged(let size):
        state.settings.withLock { $0.fontSize = size }
        return .none
      }
    }
  }

  let clock = TestClock()
  let storage = InMemoryStorage<Settings>(id: "settings")

  /// A storage that wraps another and forwards its watch, but not `loadChange()`.
  struct ForwardingStorage: SharedStorage {
    let base: InMemoryStorage<Settings>
    var id: String { "forwarding:\(base.id)" }

    func load() throws(SharedStorageError) -> Settings? { try base.load() }
    func save(_ value: Settings) throws(SharedStorageError) { try base.save(value) }
    func watch(_ onChange: @escaping @Sendable () -> Void) -> SharedStorageWatch? {
      base.watch(onChange)
    }
  }

  @Test func aStorageThatForwardsOnlyItsWatchStillSeesOutsideChanges() async throws {
    let values = SharedValues(clock: clock)
    let settings = try await values.shared(ForwardingStorage(base: storage), default: Settings())
    let store = TestStore(initialState: Viewer.State(settings: settings), reducer: Viewer())
    await store.send(.appeared)

    storage.simulateOutsideChange(Settings(theme: .dark, fontSize: 20))

    await store.receive(.settingsLoaded(SharedLoad(Settings(theme: .dark, fontSize: 20)))) {
      $0.settings.withLock { $0 = Settings(theme: .dark, fontSize: 20) }
      $0.loadsTaken = 1
    }
    await store.skipInFlightEffects()
  }

  @Test func aLoadIsAnActionTheTestStoreReceives() async throws {
    let values = SharedValues(clock: clock)
    let settings = try await values.shared(storage, default: Settings())
    let store = TestStore(initialState: Viewer.State(settings: settings), reducer: Viewer())
    await store.send(.appeared)

    storage.simulateOutsideChange(Settings(theme: .dark, fontSize: 20))

    await store.receive(.settingsLoaded(SharedLoad(Settings(theme: .dark, fontSize: 20)))) {
      $0.settings.withLock { $0 = Settings(theme: .dark, fontSize: 20) }
      $0.loadsTaken = 1
    }
    // The storage has the value: it is not written back.
    await values.flush()
    #expect(storage.saveCount == 0)
    await store.skipInFlightEffects()
  }

  @Test func middlewareSeesTheLoadAndEveryHolderTheChange() async throws {
    let settings = try await SharedValues(clock: clock).shared(storage, default: Settings())
    var actions: [Viewer.Action] = []
    let viewer = Store(
      initialState: Viewer.State(settings: settings), reducer: Viewer(),
      middleware: [Middleware { action, _, _ in actions.append(action) }])
    let other = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    let seen = AsyncStream.makeStream(of: Settings.self)
    let token = other.observe(\.settings) { seen.continuation.yield($0) }
    let task = viewer.send(.appeared)

    storage.simulateOutsideChange(Settings(theme: .dark))

    #expect(await firstValue(of: seen.stream) { _ in true } == Settings(theme: .dark))
    #expect(actions == [.appeared, .settingsLoaded(SharedLoad(Settings(theme: .dark)))])
    #expect(other.state.settings.value == Settings(theme: .dark))
    task.cancel()
    withExtendedLifetime(token) {}
  }

  @Test func aLoadTwoFeaturesTakeChangesTheValueOnce() async throws {
    let settings = try await SharedValues(clock: clock).shared(storage, default: Settings())
    let first = Store(initialState: Viewer.State(settings: settings), reducer: Viewer())
    let second = Store(initialState: Viewer.State(settings: settings), reducer: Viewer())
    var changes = 0
    let token = first.observe(\.settings) { (_: Settings) in changes += 1 }
    let tasks = [first.send(.appeared), second.send(.appeared)]
    let taken = AsyncStream.makeStream(of: Int.self)
    let counts = [
      first.observe(\.loadsTaken) { taken.continuation.yield($0) },
      second.observe(\.loadsTaken) { taken.continuation.yield($0) },
    ]

    storage.simulateOutsideChange(Settings(fontSize: 30))

    var seen = 0
    for await _ in taken.stream {
      seen += 1
      if seen == 2 { break }
    }
    #expect(first.state.loadsTaken == 1)
    #expect(second.state.loadsTaken == 1)
    #expect(changes == 1)
    #expect(settings.value.fontSize == 30)
    for task in tasks { task.cancel() }
    withExtendedLifetime((token, counts)) {}
  }

  @Test func aLoadMadeByHandIsWrittenLikeAnyChange() async throws {
    let values = SharedValues(clock: clock)
    let settings = try await values.shared(storage, default: Settings())
    let store = Store(initialState: Viewer.State(settings: settings), reducer: Viewer())

    // As a replayed session would: the load comes from no read of this storage.
    store.send(.settingsLoaded(SharedLoad(Settings(fontSize: 40))))
    await values.flush()

    #expect(storage.stored == Settings(fontSize: 40))
  }

  @Test func aLoadEncodesAsItsValue() throws {
    let load = SharedLoad(Settings(theme: .dark, fontSize: 9))
    let encoded = try JSONEncoder().encode(load)
    #expect(try JSONDecoder().decode(Settings.self, from: encoded) == load.value)
    #expect(try JSONDecoder().decode(SharedLoad<Settings>.self, from: encoded) == load)
  }
}
