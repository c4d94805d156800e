import Testing
import Uniflow
import UniflowTesting

private struct Forever: Reducer {
  enum Action { case listen, heard, sendLater }
  let clock: TestClock

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .listen:
      return .run { send in
        while !Task.isCancelled {
          await send(.heard)
          try await clock.sleep(for: .seconds(1))
        }
      }
    case .heard:
      state += 1
      return .none
    case .sendLater:
      return .run { send in
        try? await clock.sleep(for: .seconds(1))
        // The store is gone by now: this send must do nothing.
        await send(.heard)
      }
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct LifetimeTests {
  @Test func releasedStoreWithRunningEffectDeinitialises() async {
    let clock = TestClock()
    var store: Store<Int, Forever.Action>? = Store(initialState: 0, reducer: Forever(clock: clock))
    weak let weakStore = store
    let task = store?.send(.listen)
    await clock.waitForSleepers()
    #expect(store?.state == 1)
    store = nil
    #expect(weakStore == nil)
    // The effect was cancelled: its sleep ended and it left the clock.
    await task?.finish()
    #expect(clock.sleeperCount == 0)
  }

  @Test func sendAfterTheStoreIsGoneDoesNothing() async {
    let clock = TestClock()
    var store: Store<Int, Forever.Action>? = Store(initialState: 0, reducer: Forever(clock: clock))
    weak let weakStore = store
    let task = store?.send(.sendLater)
    await clock.waitForSleepers()
    store = nil
    #expect(weakStore == nil)
    await clock.advance(by: .seconds(1))
    // The effect has sent to the store that is gone, and ended.
    await task?.finish()
    #expect(weakStore == nil)
  }

  @Test func aSendHandleKeptPastItsStoreDoesNothing() {
    var kept: Send<Forever.Action>?
    var seen = 0
    let keeper = Middleware<Int, Forever.Action> { _, _, send in
      kept = send
      seen += 1
    }
    var store: Store<Int, Forever.Action>? = Store(
      initialState: 0, reducer: Forever(clock: TestClock()), middleware: [keeper])
    weak let weakStore = store
    store?.send(.heard)
    // While the store lives, the kept handle reaches it.
    kept?(.heard)
    #expect(store?.state == 2)
    #expect(seen == 2)
    store = nil
    #expect(weakStore == nil)
    // The handle holds the store unowned behind a liveness flag: calling it now must neither
    // reach a dead store nor trap.
    kept?(.heard)
    #expect(seen == 2)
  }

  @Test func observersDoNotKeepTheStoreAlive() {
    var store: Store<Int, Forever.Action>? = Store(initialState: 0, reducer: Forever(clock: TestClock()))
    weak let weakStore = store
    let token = store?.observe(\.self) { _ in }
    store = nil
    #expect(weakStore == nil)
    withExtendedLifetime(token) {}
  }
}
