import Testing
import Uniflow
import UniflowTesting

/// The most actions any test feature here processes: past it, a feature stops sending and the
/// test fails, so that a guard that lets a loop run fails fast instead of eating the machine.
private let hardLimit = 200_000

/// `ping` starts an effect that sends `pong`, whose effect sends `ping` again: a loop through
/// effects with no wait.
private struct PingPong: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case ping, pong, other }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    guard state.count < hardLimit else { return .none }
    switch action {
    case .ping: return .run { send in await send(.pong) }
    case .pong: return .run { send in await send(.ping) }
    case .other: return .none
    }
  }
}

/// `ping` and `pong` each start a concatenation whose second effect sends the other.
private struct ConcatenatedPingPong: Reducer {
  enum Action: Equatable { case ping, pong }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state += 1
    guard state < hardLimit else { return .none }
    let next: Action = action == .ping ? .pong : .ping
    return .concatenate(.run { _ in }, .run { send in await send(next) })
  }
}

/// A timer whose every tick starts a concatenation: a sleep on the clock, then the next tick.
private struct ConcatenatedTimer: Reducer {
  enum Action: Equatable { case start, tick }
  let clock: TestClock

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    if case .tick = action { state += 1 }
    guard state < hardLimit else { return .none }
    return .concatenate(
      .run { [clock] _ in try await clock.sleep(for: .milliseconds(1)) },
      .run { send in await send(.tick) })
  }
}

/// A loop whose every step also starts a long sleep, and passes through a synchronous
/// follow-up: `ping` sleeps an hour alongside and sends `relay` at once, whose effect sends
/// `ping` again. `start` sends the first `ping` from an effect, so that every sleep belongs to
/// the chain.
private struct SleepyLoop: Reducer {
  enum Action: Equatable { case start, ping, relay }
  let clock: TestClock

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state += 1
    guard state < hardLimit else { return .none }
    switch action {
    case .start:
      return .run { send in await send(.ping) }
    case .ping:
      return .merge(
        .run { [clock] _ in try await clock.sleep(for: .seconds(3_600)) },
        .send(.relay))
    case .relay:
      return .run { send in await send(.ping) }
    }
  }
}

/// `PingPong` as a child feature: its effects are lifted into the parent's actions.
private struct PingPongParent: Reducer {
  struct State: Equatable { var child = PingPong.State() }
  enum Action: Equatable {
    case child(PingPong.Action)

    static let childCase = ActionCase(embed: Action.child) {
      if case .child(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: Action.childCase) { PingPong() }
  }
}

/// Each step's effect sends two actions of the chain: unstopped, it doubles at every step.
private struct FanOut: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case split, merge }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    guard state.count < hardLimit else { return .none }
    switch action {
    case .split:
      return .run { send in
        await send(.merge)
        await send(.merge)
      }
    case .merge:
      return .run { send in
        await send(.split)
        await send(.split)
      }
    }
  }
}

/// A timer that reschedules itself: each tick sleeps a millisecond on the clock, then ticks.
private struct Timer: Reducer {
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable { case start, tick }
  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .tick = action { state.ticks += 1 }
    guard state.ticks < hardLimit else { return .none }
    return .run { [clock] send in
      try await clock.sleep(for: .milliseconds(1))
      await send(.tick)
    }
  }
}

/// A timer whose wait is inside a main-actor function that an effect calls right after a send:
/// each tick sends `willSleep`, then sleeps on the clock from the main actor, then ticks.
private struct MainActorTimer: Reducer {
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable { case start, willSleep, tick }
  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .willSleep: return .none
    case .start, .tick:
      if case .tick = action { state.ticks += 1 }
      guard state.ticks < hardLimit else { return .none }
      return .run { [clock] send in
        await send(.willSleep)
        try await sleepOnTheMainActor(clock)
        await send(.tick)
      }
    }
  }
}

/// Sleeps a millisecond on `clock`, isolated to the main actor.
@MainActor
private func sleepOnTheMainActor(_ clock: TestClock) async throws {
  try await clock.sleep(for: .milliseconds(1))
}

/// A main-actor gate that effects wait at until the test opens it: a wait that suspends and
/// resumes on the main actor, never on the effect's own executor.
@MainActor
private final class Gate: Sendable {
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private var arrivals: [CheckedContinuation<Void, Never>] = []

  /// Waits until the test opens the gate.
  func wait() async {
    await withCheckedContinuation { continuation in
      waiters.append(continuation)
      for arrival in arrivals { arrival.resume() }
      arrivals = []
    }
  }

  /// Waits until an effect waits at the gate, then lets it through.
  func open() async {
    if waiters.isEmpty { await withCheckedContinuation { arrivals.append($0) } }
    waiters.removeFirst().resume()
  }
}

/// Waits at `gate` each tick, right after a send, until the last tick.
private struct GatedTicker: Reducer {
  struct State: Equatable { var ticks = 0 }
  enum Action: Equatable { case start, willWait, tick }
  let gate: Gate
  let lastTick: Int

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .willWait: return .none
    case .start, .tick:
      if case .tick = action { state.ticks += 1 }
      guard state.ticks < lastTick else { return .none }
      return .run { [gate] send in
        await send(.willWait)
        await gate.wait()
        await send(.tick)
      }
    }
  }
}

/// Loads pages one after another: each page's effect asks for the next, from a repository that
/// answers at once, without suspending.
private struct Pager: Reducer {
  struct State: Equatable { var pages: [Int] = [] }
  enum Action: Equatable {
    case load(page: Int)
    case loaded(page: Int, items: [String])
  }
  let lastPage: Int

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load(let page):
      return .run { send in
        await send(.loaded(page: page, items: await itemsOfPage(page)))
      }
    case .loaded(let page, _):
      state.pages.append(page)
      guard page < lastPage, state.pages.count < hardLimit else { return .none }
      return .run { send in await send(.load(page: page + 1)) }
    }
  }
}

/// A page of a fake repository that answers at once.
private func itemsOfPage(_ page: Int) async -> [String] {
  ["item \(2 * page)", "item \(2 * page + 1)"]
}

/// Retries a request that fails, waiting longer after each failure, until it succeeds.
private struct Retry: Reducer {
  struct State: Equatable {
    var failures = 0
    var isLoaded = false
  }
  enum Action: Equatable { case fetch, failed, loaded }
  let clock: TestClock
  let failuresBeforeSuccess: Int

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .fetch:
      // The request fails at once, with no suspension, until the last attempt.
      return .run { [failures = state.failures, failuresBeforeSuccess] send in
        await send(failures < failuresBeforeSuccess ? .failed : .loaded)
      }
    case .failed:
      state.failures += 1
      guard state.failures < hardLimit else { return .none }
      return .run { [clock, failures = state.failures] send in
        try await clock.sleep(for: backoff(afterFailures: failures))
        await send(.fetch)
      }
    case .loaded:
      state.isLoaded = true
      return .none
    }
  }
}

/// The delay before the next attempt: doubling from 10 ms, at most a minute.
private func backoff(afterFailures failures: Int) -> Duration {
  .milliseconds(10 << min(failures - 1, 12))
}

/// Subscribes to a repository's changes; each change starts an effect of its own (saving an
/// index), and every change is the same value.
private struct Changes: Reducer {
  struct State: Equatable {
    var changes = 0
    var indexed = 0
  }
  enum Action: Equatable { case appeared, subscribe, changed, indexed }
  let changes: AsyncStream<Void>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .appeared:
      return .run { send in await send(.subscribe) }
    case .subscribe:
      // Every change is already in the stream: the loop never suspends for one.
      return .run { [changes] send in
        for await _ in changes { await send(.changed) }
      }
    case .changed:
      state.changes += 1
      guard state.changes < hardLimit else { return .none }
      return .run { send in await send(.indexed) }
    case .indexed:
      state.indexed += 1
      return .none
    }
  }
}

/// Counts down: each step's effect sends the next, with no wait.
private struct Countdown: Reducer {
  struct State: Equatable { var steps = 0 }
  enum Action: Equatable { case step(remaining: Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .step(let remaining):
      state.steps += 1
      guard remaining > 0, state.steps < hardLimit else { return .none }
      return .run { send in await send(.step(remaining: remaining - 1)) }
    }
  }
}

/// Two features that answer each other, each exchange started by the user: a tap on the left
/// shows something on the right, which reports back to the left.
private struct TwoPanes: Reducer {
  struct State: Equatable {
    var left = 0
    var right = 0
  }
  enum Action: Equatable {
    case left(Pane)
    case right(Pane)
  }
  enum Pane: Equatable { case tapped, shown, acknowledged }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .left(.tapped): return .run { send in await send(.right(.shown)) }
    case .right(.tapped): return .run { send in await send(.left(.shown)) }
    case .right(.shown):
      state.right += 1
      return .run { send in await send(.left(.acknowledged)) }
    case .left(.shown):
      state.left += 1
      return .run { send in await send(.right(.acknowledged)) }
    case .left(.acknowledged), .right(.acknowledged): return .none
    }
  }
}

extension DiagnosticLog {
  /// A store whose async loop guard checks chains every `limit` actions, and whose diagnostics
  /// go to this log.
  fileprivate func store<R: Reducer>(_ state: R.State, _ reducer: R, limit: Int = 100) -> StoreOf<R> {
    Store(initialState: state, reducer: reducer, configuration: configuration(effectChainLimit: limit))
  }
}

// The time limits only turn a guard that fails to stop a loop into a failure rather than a
// hang: they are far above what a run takes under the sanitizers on a loaded machine (each
// reducer also stops itself past 200 000 actions).
@MainActor
@Suite(.timeLimit(.minutes(10)))
struct AsyncLoopGuardTests {
  let log = DiagnosticLog()
  // MARK: Loops are stopped and named

  @Test func pingPongThroughEffectsIsStoppedAndNamed() async {
    let store = log.store(PingPong.State(), PingPong(), limit: 2_000)
    await store.send(.ping).finish()

    // `ping` from outside, then `pong` starts the chain, then 1 999 actions join it; the
    // 2 000th is dropped.
    #expect(store.state.count == 2_001)
    #expect(
      log.entries == [.effectCycle(EffectCycle(actions: ["ping", "pong", "ping"], limit: 2_000))])
    #expect(store.runningEffectCount == 0)
  }

  @Test func loopThroughAChildFeaturesEffectsIsStoppedAndNamedByItsPath() async {
    let store = log.store(PingPongParent.State(), PingPongParent())
    await store.send(.child(.ping)).finish()
    #expect(
      log.entries == [
        .effectCycle(EffectCycle(actions: ["child.ping", "child.pong", "child.ping"], limit: 100))
      ])
    #expect(store.runningEffectCount == 0)
  }

  @Test func loopThroughConcatenatedEffectsIsStopped() async {
    let store = log.store(0, ConcatenatedPingPong())
    await store.send(.ping).finish()
    #expect(log.entries == [.effectCycle(EffectCycle(actions: ["ping", "pong", "ping"], limit: 100))])
    #expect(store.runningEffectCount == 0)
  }

  @Test func timerThroughConcatenatedEffectsRuns() async {
    let clock = TestClock()
    let store = log.store(0, ConcatenatedTimer(clock: clock))
    let task = store.send(.start)
    for _ in 0..<1_000 {
      await clock.waitForSleepers()
      #expect(clock.resumeNextDue(notAfter: nil))
    }
    await clock.waitForSleepers()
    #expect(store.state == 1_000)
    #expect(log.entries.isEmpty)
    task.cancel()
    await task.finish()
  }

  @Test func stoppingALoopCancelsTheEffectsItsChainHolds() async {
    let clock = TestClock()
    let store = log.store(0, SleepyLoop(clock: clock))
    // Returns once every effect of the chain has ended: the sleepers were cancelled.
    await store.send(.start).finish()
    #expect(log.entries == [.effectCycle(EffectCycle(actions: ["relay", "ping", "relay"], limit: 100))])
    #expect(store.runningEffectCount == 0)
    #expect(clock.sleeperCount == 0)
  }

  @Test func defaultBoundIsTwoThousand() {
    #expect(StoreConfiguration().maximumEffectChainActions == 2_000)
    #expect(StoreConfiguration(maximumEffectChainActions: 0).maximumEffectChainActions == 1)
  }

  @Test func fanOutThroughEffectsIsStopped() async {
    let store = log.store(FanOut.State(), FanOut(), limit: 2_000)
    await store.send(.split).finish()

    #expect(store.state.count < 10_000)
    #expect(log.entries.count == 1)
    guard case .effectCycle(let cycle) = log.entries.first else {
      Issue.record("expected an effect cycle, got \(log.entries)")
      return
    }
    #expect(cycle.actions == ["split", "merge", "split"] || cycle.actions == ["merge", "split", "merge"])
    #expect(store.runningEffectCount == 0)
  }

  @Test func storeKeepsServingOtherActionsAfterStoppingALoop() async {
    let store = log.store(PingPong.State(), PingPong())
    await store.send(.ping).finish()
    let count = store.state.count

    store.send(.other)
    #expect(store.state.count == count + 1)
    // A new loop is a new chain: stopped again, and reported again.
    await store.send(.ping).finish()
    #expect(store.state.count == 2 * count + 1)
    #expect(log.entries.count == 2)
  }

  // MARK: Work that waits, or does not repeat, is never stopped

  @Test func timerWaitingInAMainActorFunctionRightAfterASendRuns() async {
    let clock = TestClock()
    let store = log.store(MainActorTimer.State(), MainActorTimer(clock: clock))
    let task = store.send(.start)
    for _ in 0..<1_000 {
      await clock.waitForSleepers()
      #expect(clock.resumeNextDue(notAfter: nil))
    }
    await clock.waitForSleepers()
    #expect(store.state.ticks == 1_000)
    #expect(log.entries.isEmpty)
    task.cancel()
    await task.finish()
  }

  @Test func tickerWaitingAtAMainActorGateRightAfterASendRuns() async {
    let gate = Gate()
    let store = log.store(GatedTicker.State(), GatedTicker(gate: gate, lastTick: 1_000))
    let task = store.send(.start)
    for _ in 0..<1_000 { await gate.open() }
    await task.finish()
    #expect(store.state.ticks == 1_000)
    #expect(log.entries.isEmpty)
  }

  @Test func tenThousandPagesEachAskingForTheNextLoad() async {
    let store = log.store(Pager.State(), Pager(lastPage: 10_000))
    await store.send(.load(page: 1)).finish()
    #expect(store.state.pages == Array(1...10_000))
    #expect(log.entries.isEmpty)
  }

  @Test func retryWithBackoffRunsUntilItSucceeds() async {
    let clock = TestClock()
    let store = log.store(Retry.State(), Retry(clock: clock, failuresBeforeSuccess: 1_000))
    let task = store.send(.fetch)
    for failures in 1...1_000 {
      await clock.waitForSleepers()
      await clock.advance(by: backoff(afterFailures: failures))
    }
    await task.finish()
    #expect(store.state == Retry.State(failures: 1_000, isLoaded: true))
    #expect(log.entries.isEmpty)
  }

  @Test func streamOfTenThousandEqualChangesFromOneEffectRuns() async {
    let (changes, continuation) = AsyncStream.makeStream(of: Void.self)
    for _ in 0..<10_000 { continuation.yield() }
    continuation.finish()
    let store = log.store(Changes.State(), Changes(changes: changes))
    await store.send(.appeared).finish()
    #expect(store.state == Changes.State(changes: 10_000, indexed: 10_000))
    #expect(log.entries.isEmpty)
  }

  @Test func longCountdownThroughEffectsRuns() async {
    let store = log.store(Countdown.State(), Countdown())
    await store.send(.step(remaining: 10_000)).finish()
    #expect(store.state.steps == 10_001)
    #expect(log.entries.isEmpty)
  }

  @Test func twoFeaturesPingPongingThroughUserInputRun() async {
    let store = log.store(TwoPanes.State(), TwoPanes())
    for tap in 0..<10_000 {
      await store.send(tap.isMultiple(of: 2) ? .left(.tapped) : .right(.tapped)).finish()
    }
    #expect(store.state == TwoPanes.State(left: 5_000, right: 5_000))
    #expect(log.entries.isEmpty)
  }
}

/// The longest of the runs that must never be stopped, apart: 100 000 ticks take about 20 s in
/// a debug build and several times that under the sanitizers.
@MainActor
@Suite(.timeLimit(.minutes(10)))
struct AsyncLoopGuardLongTimerTests {
  let log = DiagnosticLog()

  @Test func timerTickingAHundredThousandTimesOnTheTestClockRuns() async {
    let clock = TestClock()
    let store = log.store(Timer.State(), Timer(clock: clock))
    let task = store.send(.start)
    // Each tick: once the timer sleeps again, its deadline is due. (`advance(by:)` would do the
    // same, and also yield to other tasks at every deadline, which takes longer than the test.)
    for tick in 0..<100_000 {
      await clock.waitForSleepers()
      // One failure is enough: past it (or past the time limit) the loop would only repeat it.
      guard !Task.isCancelled, clock.resumeNextDue(notAfter: nil) else {
        Issue.record("the timer stopped sleeping after \(tick) ticks")
        break
      }
    }
    await clock.waitForSleepers()
    #expect(store.state.ticks == 100_000)
    #expect(clock.now == TestClock.Instant(offset: .milliseconds(100_000)))
    #expect(log.entries.isEmpty)
    task.cancel()
    await task.finish()
  }
}
