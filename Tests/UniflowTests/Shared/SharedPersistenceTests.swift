import Testing
import Uniflow
import UniflowTesting

/// A persisted shared value writes on schedule, on the injected clock, and reports failures.
@MainActor
@Suite struct SharedPersistenceTests {
  let clock = TestClock()
  let storage = InMemoryStorage<Settings>(id: "settings")

  func makeValues(_ log: DiagnosticLog? = nil) -> SharedValues {
    SharedValues(clock: clock, writeInterval: .seconds(1)) { log?.entries.append($0) }
  }

  @Test func aStoredValueIsReadAndNothingIsWrittenBeforeAChange() async throws {
    let storage = InMemoryStorage<Settings>(id: "settings", stored: Settings(theme: .dark))
    let settings = try await makeValues().shared(storage, default: Settings())
    #expect(settings.value == Settings(theme: .dark))
    #expect(storage.saveCount == 0)
  }

  @Test func theFirstWriteIsAtOnceThenOnePerIntervalEndingWithTheLastValue() async throws {
    let settings = try await makeValues().shared(storage, default: Settings())
    let store = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())

    store.send(.fontSizeChanged(1))
    await clock.waitForSleepers()
    #expect(storage.saveCount == 1)
    #expect(storage.stored?.fontSize == 1)

    for size in 2...100 { store.send(.fontSizeChanged(size)) }
    #expect(storage.saveCount == 1)
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers()
    #expect(storage.saveCount == 2)
    #expect(storage.stored?.fontSize == 100)

    // An interval with no change ends the schedule: the next change is written at once.
    await clock.advance(by: .seconds(1))
    store.send(.fontSizeChanged(101))
    await clock.waitForSleepers()
    #expect(storage.saveCount == 3)
    #expect(storage.stored?.fontSize == 101)
  }

  @Test func saveWritesThePendingValueNow() async throws {
    let settings = try await makeValues().shared(storage, default: Settings())
    let store = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    store.send(.fontSizeChanged(1))
    await clock.waitForSleepers()
    store.send(.fontSizeChanged(2))

    try await settings.save()

    #expect(storage.stored?.fontSize == 2)
    #expect(storage.saveCount == 2)
    try await settings.save()
    #expect(storage.saveCount == 2)
  }

  @Test func theLastHolderGoingAwayWritesThePendingValue() async throws {
    let values = makeValues()
    var store: Store<Preferences.State, Preferences.Action>? = Store(
      initialState: Preferences.State(settings: try await values.shared(storage, default: Settings())),
      reducer: Preferences())
    store?.send(.fontSizeChanged(1))
    await clock.waitForSleepers()
    store?.send(.fontSizeChanged(2))
    #expect(storage.stored?.fontSize == 1)

    store = nil
    // The write is the storage's task's, never the releasing thread's: flushing waits for it.
    await values.flush()

    #expect(storage.stored?.fontSize == 2)
  }

  @Test func flushWritesEveryPendingValueOfTheContainer() async throws {
    let values = makeValues()
    let other = InMemoryStorage<Settings>(id: "other")
    var first = try await values.shared(storage, default: Settings())
    var second = try await values.shared(other, default: Settings())
    first.change { $0.fontSize = 1 }
    second.change { $0.fontSize = 2 }
    await clock.waitForSleepers()
    first.change { $0.fontSize = 3 }
    second.change { $0.fontSize = 4 }

    await values.flush()

    #expect(storage.stored?.fontSize == 3)
    #expect(other.stored?.fontSize == 4)
  }

  @Test func aFailedWriteIsReportedAndObservable() async throws {
    let log = DiagnosticLog()
    let settings = try await makeValues(log).shared(storage, default: Settings())
    let store = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    let failure = SharedStorageError(.writeFailed, location: "settings", detail: "disk full")
    storage.failure = failure
    let errors = AsyncStream.makeStream(of: SharedStorageError?.self)
    let token = store.observe({ $0.settings.storageError }) { errors.continuation.yield($0) }

    store.send(.fontSizeChanged(1))

    #expect(await firstValue(of: errors.stream) { $0 != nil } == failure)
    #expect(log.entries == [.sharedStorageFailed(failure)])
    #expect(settings.storageError == failure)
    #expect(settings.value.fontSize == 1)

    // The value is written again by the next save, and the error clears.
    storage.failure = nil
    try await settings.save()
    #expect(storage.stored?.fontSize == 1)
    #expect(await firstValue(of: errors.stream) { $0 == nil } == .some(nil))
    withExtendedLifetime(token) {}
  }

  @Test func aSaveThatFailsThrowsTheError() async throws {
    let settings = try await makeValues(DiagnosticLog()).shared(storage, default: Settings())
    let store = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    store.send(.fontSizeChanged(1))
    await clock.waitForSleepers()
    let failure = SharedStorageError(.writeFailed, location: "settings", detail: "disk full")
    storage.failure = failure
    store.send(.fontSizeChanged(2))

    await #expect(throws: failure) { try await settings.save() }
    #expect(settings.value.fontSize == 2)
  }

  @Test func aStorageThatCannotBeReadStartsFromTheDefaultAndSaysSo() async throws {
    let log = DiagnosticLog()
    let failure = SharedStorageError(.unreadable, location: "settings", detail: "permission denied")
    storage.failure = failure

    let settings = try await makeValues(log).shared(storage, default: Settings(fontSize: 9))

    #expect(settings.value == Settings(fontSize: 9))
    #expect(settings.storageError == failure)
    #expect(log.entries == [.sharedStorageFailed(failure)])
    #expect(log.entries.first?.description.contains("settings could not be read: permission denied") == true)
  }

  @Test func anOutsideChangeReachesEveryHolder() async throws {
    let settings = try await makeValues().shared(storage, default: Settings())
    let store = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    let seen = AsyncStream.makeStream(of: Settings.self)
    let token = store.observe(\.settings) { seen.continuation.yield($0) }

    storage.simulateOutsideChange(Settings(theme: .dark, fontSize: 20))

    #expect(await firstValue(of: seen.stream) { _ in true } == Settings(theme: .dark, fontSize: 20))
    #expect(store.state.settings.value == Settings(theme: .dark, fontSize: 20))
    // A value read from the storage is not written back.
    #expect(storage.saveCount == 0)
    withExtendedLifetime(token) {}
  }
}
