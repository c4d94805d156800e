import Uniflow

// `send`: the cost of the store's funnel for the simplest action there is.
//
// Subject: `Store.send(.increment)` on a counter with one observer of `count`.
// Baseline: a hand-written main-actor view model that owns the same state struct, mutates it and
// calls its one observer closure — MVVM with a closure-based observable, and no store.
//
// Both observers do the same thing with the value, so the difference is what the store adds:
// the reducer call, the effect it returns, observation bookkeeping and the change check.

extension Suite {
  static var send: Suite {
    Suite(
      name: "send",
      summary: "Store.send of an increment with one observer vs. a hand-written view model",
      goal: 1.5,
      run: runSendSuite)
  }
}

/// The state both sides hold.
private struct CounterState {
  var count = 0
  var title = "Counter"
}

private struct Counter: Reducer {
  enum Action { case increment }

  func reduce(into state: inout CounterState, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    }
    return .none
  }
}

/// A counter alone, for the store no one observes: a state of another layout, so that its send
/// is code of its own, which the optimiser cannot fold into the observed store's, and a profiler
/// can count it alone.
private struct IdleCounter {
  var count = 0
}

private struct IdleCounting: Reducer {
  func reduce(into state: inout IdleCounter, action: Counter.Action) -> Effect<Counter.Action> {
    switch action {
    case .increment: state.count += 1
    }
    return .none
  }
}

/// The seeds' MVVM without a store: the view model mutates its state and calls its observer.
@MainActor
private final class CounterViewModel {
  private(set) var state = CounterState()
  private var countObserver: ((Int) -> Void)?

  func observeCount(_ observer: @escaping (Int) -> Void) {
    countObserver = observer
  }

  func increment() {
    state.count += 1
    countObserver?(state.count)
  }
}

/// Counts the observer calls of each side.
@MainActor
private final class CallCounter {
  var calls = 0
}

// The batches are functions of their own, never inlined, so that a profiler can count one side
// alone (`--toggle-collect='*sendIncrements*'`); the call is paid once per batch.

@MainActor
@inline(never)
private func sendIncrements(to store: Store<CounterState, Counter.Action>, times: Int) {
  for _ in 0..<times { store.send(.increment) }
}

/// The same sends to a store that no one observes: the least a send costs, for profiling.
@MainActor
@inline(never)
private func sendUnobservedIncrements(to store: Store<IdleCounter, Counter.Action>, times: Int) {
  for _ in 0..<times { store.send(.increment) }
}

@MainActor
@inline(never)
private func incrementViewModel(_ viewModel: CounterViewModel, times: Int) {
  for _ in 0..<times { viewModel.increment() }
}

@MainActor
private func runSendSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let store = Store(initialState: CounterState(), reducer: Counter())
  let storeCalls = CallCounter()
  let token = store.observe(\.count) { count in
    storeCalls.calls += 1
    blackHole(count)
  }
  let viewModel = CounterViewModel()
  let viewModelCalls = CallCounter()
  viewModel.observeCount { count in
    viewModelCalls.calls += 1
    blackHole(count)
  }

  let comparison = await compare(
    Workload { sendIncrements(to: store, times: $0) },
    against: Workload { incrementViewModel(viewModel, times: $0) },
    batch: .calibrated, settings: settings)
  token.cancel()

  var result = SuiteResult(comparison: comparison)
  // A store with no observer: reported, not compared; its batch function lets a profiler count
  // a send alone (`--toggle-collect='*sendUnobservedIncrements*'`).
  let unobserved = Store(initialState: IdleCounter(), reducer: IdleCounting())
  let alone = await compare(
    Workload { sendUnobservedIncrements(to: unobserved, times: $0) },
    against: Workload { incrementViewModel(viewModel, times: $0) }, batch: .calibrated,
    settings: settings)
  result.note("unobserved_ns", alone.subject.nanosecondsPerOperation)
  // Every increment changes the count, so each side must call its observer once per action.
  result.check("observer_calls_per_action", storeCalls.calls, per: store.state.count, equals: 1)
  result.check(
    "baseline_observer_calls_per_action", viewModelCalls.calls, per: viewModel.state.count, equals: 1)
  return result
}
