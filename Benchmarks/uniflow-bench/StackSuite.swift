import Uniflow

// `stack`: what an action to a screen costs however deep the navigation stack under it is.
//
// Subject: a store whose navigation stack is 100 screens deep; the action edits the top
// screen, with one observer on that screen's store.
// Baseline: the same store, action and observer with a stack one screen deep.
//
// The element of an action is found by identifier: the top one at once, any other by binary
// search over the increasing identifiers. After the parent ran, the stack reducer compares the
// identifiers before and after; unchanged, that is one comparison of an array with itself.
//
// Two untimed passes: 10 000 pushes then 10 000 pops, timed against 1 000 of each (linear work
// makes the ratio about 10; a walk over the whole stack per push or pop would make it about
// 100); and a screen with 100 effects asleep on a paused clock, popped, with the effects that
// saw their cancellation counted.

extension Suite {
  static var stack: Suite {
    Suite(
      name: "stack",
      summary: "an action to the top screen of a 100-deep stack vs. a 1-deep one",
      goal: 1.5,
      run: runStackSuite)
  }
}

private let deepCount = 100
private let pushCount = 10_000
private let baselinePushCount = 1_000
private let sleepingCount = 100

private struct Screen: Reducer {
  struct State {
    var title = "draft"
    var edits = 0
  }
  enum Action {
    case edit(String)
    case sleep
  }

  let clock: PausedClock
  let cancellations: Tally

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .edit(let title):
      state.title = title
      state.edits += 1
      return .none
    case .sleep:
      return .run { [clock, cancellations] _ in
        do {
          try await clock.sleep(for: .seconds(3_600))
        } catch {
          cancellations.increment()
        }
      }
    }
  }
}

private struct Navigation: Reducer {
  struct State {
    var path = StackState<Screen.State>()
  }
  enum Action {
    case path(StackAction<Screen.State, Screen.Action>)
    case pushMany(Int)
    case popAll

    static let pathCase = ActionCase(embed: Action.path) {
      if case .path(let action) = $0 { action } else { nil }
    }
  }

  let clock: PausedClock
  let cancellations: Tally

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .pushMany(let count):
        for _ in 0..<count { state.path.append(Screen.State()) }
      case .popAll:
        state.path.removeAll()
      case .path:
        break
      }
      return .none
    }
    .forEach(\.path, action: Action.pathCase) {
      Screen(clock: clock, cancellations: cancellations)
    }
  }
}

/// A stack of a given depth with one observer on its top screen.
@MainActor
private final class Deep {
  let store: Store<Navigation.State, Navigation.Action>
  let top: StackElementID
  private(set) var calls = 0
  private(set) var sends = 0
  private var token: ObservationToken?

  init(depth: Int) {
    store = Store(
      initialState: Navigation.State(),
      reducer: Navigation(clock: PausedClock(), cancellations: Tally()))
    store.send(.pushMany(depth))
    top = store.state.path.ids.last!
    let screen = store.scope(id: top, in: \.path, action: Navigation.Action.pathCase)!
    token = screen.observe(\.edits) { [unowned self] edits in
      calls += 1
      blackHole(edits)
    }
  }

  func stop() {
    token?.cancel()
  }
}

// Batches of their own, never inlined, so that a profiler can count one side alone. Their
// parameters come in different orders so that the optimiser does not merge the two.

@MainActor
@inline(never)
private func editDeep(_ deep: Deep, times: Int) {
  for _ in 0..<times { deep.store.send(.path(.element(id: deep.top, action: .edit("title")))) }
  deep.sendsMade(times)
}

@MainActor
@inline(never)
private func editShallow(times: Int, _ shallow: Deep) {
  for _ in 0..<times {
    shallow.store.send(.path(.element(id: shallow.top, action: .edit("title"))))
  }
  shallow.sendsMade(times)
}

extension Deep {
  fileprivate func sendsMade(_ count: Int) {
    sends += count
  }
}

/// Pushes `count` screens one action each, then pops them one action each; the time taken.
@MainActor
private func pushAndPop(_ count: Int) -> (duration: Duration, popped: Int) {
  let store = Store(
    initialState: Navigation.State(),
    reducer: Navigation(clock: PausedClock(), cancellations: Tally()))
  let start = ContinuousClock.now
  for _ in 0..<count { store.send(.path(.push(Screen.State()))) }
  let pushed = store.state.path.count
  while let top = store.state.path.ids.last { store.send(.path(.popFrom(id: top))) }
  let duration = ContinuousClock.now - start
  return (duration, pushed - store.state.path.count)
}

/// What the untimed pass with a screen's sleeping effects saw.
private struct SleepingPass {
  var started = 0
  var cancelled = 0
  var stillRunning = 0
}

/// Gives the top of two screens `count` effects asleep on a paused clock, pops it, and waits
/// for the effects to end.
@MainActor
private func runSleepingPass(count: Int) async -> SleepingPass {
  let clock = PausedClock()
  let cancellations = Tally()
  let store = Store(
    initialState: Navigation.State(),
    reducer: Navigation(clock: clock, cancellations: cancellations))
  store.send(.pushMany(2))
  let top = store.state.path.ids[1]
  var sends: [StoreTask] = []
  for _ in 0..<count { sends.append(store.send(.path(.element(id: top, action: .sleep)))) }
  // One more effect on the screen below, which the pop must leave alone.
  let below = store.send(.path(.element(id: store.state.path.ids[0], action: .sleep)))
  await clock.waitForSleepers(count + 1)
  var pass = SleepingPass(started: store.runningEffectCount)
  store.send(.path(.popFrom(id: top)))
  for send in sends { await send.finish() }
  pass.cancelled = cancellations.value
  pass.stillRunning = store.runningEffectCount
  store.send(.popAll)
  await below.finish()
  return pass
}

@MainActor
private func runStackSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let deep = Deep(depth: deepCount)
  let shallow = Deep(depth: 1)
  let comparison = await compare(
    Workload { editDeep(deep, times: $0) },
    against: Workload { editShallow(times: $0, shallow) },
    batch: .calibrated, settings: settings)
  deep.stop()
  shallow.stop()

  var result = SuiteResult(comparison: comparison)
  result.note("depth", deepCount)
  result.check("observer_calls_per_action", deep.calls, per: deep.sends, equals: 1)
  result.check("baseline_observer_calls_per_action", shallow.calls, per: shallow.sends, equals: 1)

  // The best of three of each, after a warm-up: one pass is short, and a noisy machine
  // moves a single figure.
  _ = pushAndPop(baselinePushCount)
  let many = (0..<3).map { _ in pushAndPop(pushCount) }
  let few = (0..<3).map { _ in pushAndPop(baselinePushCount) }
  result.check("pushed_and_popped", many.map(\.popped).min() ?? 0, equals: pushCount)
  result.check("baseline_pushed_and_popped", few.map(\.popped).min() ?? 0, equals: baselinePushCount)
  let ratio = many.map(\.duration).min()! / few.map(\.duration).min()!
  result.note("push_pop_10000_vs_1000_ratio", (ratio * 10).rounded() / 10)

  let pass = await runSleepingPass(count: sleepingCount)
  result.check("popped_screen_effects_started", pass.started, equals: sleepingCount + 1)
  result.check("popped_screen_effects_cancelled", pass.cancelled, equals: sleepingCount)
  result.check("effects_running_below_after_pop", pass.stillRunning, equals: 1)
  return result
}
