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
  /// A pushed screen whose timer runs, and whose listener and observer hold the screen's store:
  /// releasing the root store must stop the timer and quiet both, though the tokens are kept
  /// and the closures they hold keep the screen's store (and through it the engine) alive.
  @Test func releasingTheRootStoreStopsAScreenThatItsOwnListenerHolds() async {
    let clock = TestClock()
    var root: Store<TickingStack.State, TickingStack.Action>? = Store(
      initialState: TickingStack.State(), reducer: TickingStack(clock: clock))
    weak let weakRoot = root
    root!.send(.push)
    let id = root!.state.path.ids[0]
    var screen: Store<TickingScreen.State, TickingScreen.Action>? = root!.scope(
      id: id, in: \.path, action: TickingStack.Action.pathCase)
    weak let weakScreen = screen
    var heard: [TickingScreen.Action] = []
    var ticks: [Int] = []
    let listening = screen!.observeActions { [screen] action, _ in
      heard.append(action)
      _ = screen
    }
    let observing = screen!.observe(\.ticks) { [screen] count in
      ticks.append(count)
      _ = screen
    }
    let timer = screen!.send(.start)
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers()
    #expect(heard == [.start, .tick])
    #expect(ticks == [1])

    screen = nil
    root = nil
    #expect(weakRoot == nil)
    // The timer was cancelled: its task ends without another tick.
    await timer.finish()
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(5))
    #expect(heard == [.start, .tick])
    #expect(ticks == [1])
    // The listener and the observer were dropped with what they held: the screen's store is
    // freed, though both tokens are still kept.
    #expect(weakScreen == nil)
    #expect(!listening.isCancelled && !observing.isCancelled)
    withExtendedLifetime((listening, observing)) {}
  }
}

/// A screen with a timer that ticks every second once started.
private struct TickingScreen: Reducer {
  struct State: Equatable, Sendable { var ticks = 0 }
  enum Action: Equatable, Sendable { case start, tick }
  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// A stack of ticking screens.
private struct TickingStack: Reducer {
  struct State: Equatable { var path = StackState<TickingScreen.State>() }
  enum Action: Equatable, Sendable {
    case push
    case path(StackAction<TickingScreen.State, TickingScreen.Action>)

    static let pathCase = ActionCase(embed: Action.path) {
      if case .path(let action) = $0 { action } else { nil }
    }
  }
  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .push = action { state.path.append(TickingScreen.State()) }
      return .none
    }
    .forEach(\.path, action: Action.pathCase) { TickingScreen(clock: clock) }
  }
}
