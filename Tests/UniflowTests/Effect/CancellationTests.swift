import Testing
import Uniflow
import UniflowTesting

private struct Timer: Reducer {
  struct State: Equatable {
    var ticks = 0
    var searches: [String] = []
    var results: [String] = []
    var refreshes = 0
  }

  enum Action: Equatable {
    case start
    case startReplacing
    case stop
    case tick
    case query(String)
    case searched(String)
    case refresh
    case refreshed
  }

  struct TimerID: Hashable, Sendable {}
  enum SearchID: Hashable, Sendable { case search }

  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start, .startReplacing:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: TimerID(), cancelInFlight: action == .startReplacing)
    case .stop:
      return .cancel(id: TimerID())
    case .tick:
      state.ticks += 1
      return .none
    case .query(let text):
      state.searches.append(text)
      return .run { send in await send(.searched(text)) }
        .debounce(id: SearchID.search, for: .milliseconds(300), clock: clock)
    case .searched(let text):
      state.results.append(text)
      return .none
    case .refresh:
      return .send(.refreshed).throttle(id: "refresh", for: .seconds(2), clock: clock)
    case .refreshed:
      state.refreshes += 1
      return .none
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct CancellationTests {
  @Test func cancellingByIDStopsTheEffect() async {
    let clock = TestClock()
    let store = Store(initialState: Timer.State(), reducer: Timer(clock: clock))
    let task = store.send(.start)
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    // The timer sends its tick before it sleeps again.
    await clock.waitForSleepers()
    #expect(store.state.ticks == 1)
    store.send(.stop)
    await task.finish()
    #expect(store.runningEffectCount == 0)
    #expect(clock.sleeperCount == 0)
    await clock.advance(by: .seconds(5))
    #expect(store.state.ticks == 1)
  }

  @Test func cancelInFlightKeepsOneEffectRunning() async {
    let clock = TestClock()
    let store = Store(initialState: Timer.State(), reducer: Timer(clock: clock))
    let first = store.send(.startReplacing)
    await clock.waitForSleepers()
    let second = store.send(.startReplacing)
    await first.finish()
    #expect(first.isFinished)
    await clock.waitForSleepers()
    #expect(clock.sleeperCount == 1)
    #expect(store.runningEffectCount == 1)
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers()
    #expect(store.state.ticks == 1)
    store.send(.stop)
    await second.finish()
    #expect(store.runningEffectCount == 0)
  }

  @Test func withoutCancelInFlightBothEffectsRun() async {
    let clock = TestClock()
    let store = Store(initialState: Timer.State(), reducer: Timer(clock: clock))
    let first = store.send(.start)
    let second = store.send(.start)
    await clock.waitForSleepers(2)
    #expect(clock.sleeperCount == 2)
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(2)
    #expect(store.state.ticks == 2)
    store.send(.stop)
    await first.finish()
    await second.finish()
    #expect(store.runningEffectCount == 0)
  }

  @Test func cancellingTheStoreTaskCancelsItsEffects() async {
    let clock = TestClock()
    let store = Store(initialState: Timer.State(), reducer: Timer(clock: clock))
    let task = store.send(.start)
    await clock.waitForSleepers()
    task.cancel()
    #expect(task.isCancelled)
    await task.finish()
    #expect(store.runningEffectCount == 0)
  }

  @Test func debounceRunsOnlyTheLastEffect() async {
    let clock = TestClock()
    let store = Store(initialState: Timer.State(), reducer: Timer(clock: clock))
    let first = store.send(.query("s"))
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(200))
    let second = store.send(.query("sw"))
    // The new query replaced the first: its wait ended without running the search.
    await first.finish()
    await clock.waitForSleepers()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(200))
    let last = store.send(.query("swift"))
    await second.finish()
    await clock.waitForSleepers()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(299))
    // One millisecond before its deadline, the last search is still waiting.
    #expect(clock.sleeperCount == 1)
    #expect(!last.isFinished)
    #expect(store.state.results.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await last.finish()
    #expect(store.state.searches == ["s", "sw", "swift"])
    #expect(store.state.results == ["swift"])
  }

  @Test func throttleDropsEffectsWithinTheWindow() async {
    let clock = TestClock()
    let store = Store(initialState: Timer.State(), reducer: Timer(clock: clock))
    let first = store.send(.refresh)
    store.send(.refresh)
    #expect(store.state.refreshes == 1)
    await clock.waitForSleepers()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    store.send(.refresh)
    #expect(store.state.refreshes == 1)
    await clock.advance(by: .seconds(1))
    await first.finish()
    let second = store.send(.refresh)
    #expect(store.state.refreshes == 2)
    await clock.waitForSleepers()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(2))
    await second.finish()
    #expect(store.runningEffectCount == 0)
  }

  /// A cancelled effect is no longer under its identifier, even before its task has wound down:
  /// a throttle on that identifier runs at once, and cancelling it again (a debounce restarted
  /// by each of many keys handled in one go) does not go over the cancelled tasks again.
  @Test func aCancelledThrottleWindowLetsTheNextEffectRunAtOnce() async {
    let clock = TestClock()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { count, action in
        switch action {
        case "refresh": return .send("refreshed").throttle(id: "refresh", for: .seconds(2), clock: clock)
        case "reset": return .cancel(id: "refresh")
        default:
          count += 1
          return .none
        }
      })
    let first = store.send("refresh")
    #expect(store.state == 1)
    store.send("reset")
    // No suspension since the reset: the cancelled window's task has not ended yet.
    let second = store.send("refresh")
    #expect(store.state == 2)
    await first.finish()
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(2))
    await second.finish()
    #expect(store.runningEffectCount == 0)
  }

  @Test func actionsSentAfterCancellationAreDropped() async {
    let clock = TestClock()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { count, action in
        switch action {
        case "start":
          return .run { send in
            do {
              try await clock.sleep(for: .seconds(10))
            } catch {
              // Cancelled: this late result must not reach the state.
              await send("late")
            }
          }
          .cancellable(id: "work")
        case "stop": return .cancel(id: "work")
        default:
          count += 1
          return .none
        }
      })
    let task = store.send("start")
    await clock.waitForSleepers()
    store.send("stop")
    await task.finish()
    #expect(store.state == 0)
  }

  @Test func cancellingTheWaiterCancelsTheEffects() async {
    let clock = TestClock()
    let store = Store(initialState: Timer.State(), reducer: Timer(clock: clock))
    let storeTask = store.send(.start)
    let waiter = Task { await storeTask.finish() }
    await clock.waitForSleepers()
    waiter.cancel()
    await waiter.value
    #expect(storeTask.isCancelled)
    await storeTask.finish()
    #expect(store.runningEffectCount == 0)
  }
}
