import Uniflow

// `fan-out`: what many observers cost when an action changes only part of the state.
//
// Subject: a store with 1 000 observers spread evenly over 10 distinct key paths (100 each);
// each action changes one of those 10 values.
// Baseline: a hand-written view model with the same 1 000 observer closures on the same 10
// fields, which keeps its previous state, compares the 10 fields and calls the 100 closures of
// the changed one.
//
// The store groups observers by what they select, so an action should cost one read and one
// comparison per distinct selection (10), plus a call per observer of the changed one (100):
// what the hand-written view model does. The suite counts the callbacks on both sides: exactly
// 100 per action, or one side called observers whose value did not change, or missed some.

extension Suite {
  static var fanOut: Suite {
    Suite(
      name: "fan-out",
      summary: "1 000 observers over 10 selections, one changed, vs. a view model comparing them",
      goal: 1.2,
      run: runFanOutSuite)
  }
}

/// Ten independent values, as a dashboard of ten panels would hold.
private struct Dashboard {
  var panel0 = 0
  var panel1 = 0
  var panel2 = 0
  var panel3 = 0
  var panel4 = 0
  var panel5 = 0
  var panel6 = 0
  var panel7 = 0
  var panel8 = 0
  var panel9 = 0
}

private struct DashboardReducer: Reducer {
  enum Action { case refreshFirstPanel }

  func reduce(into state: inout Dashboard, action: Action) -> Effect<Action> {
    switch action {
    case .refreshFirstPanel: state.panel0 += 1
    }
    return .none
  }
}

@MainActor private let selections: [KeyPath<Dashboard, Int>] = [
  \.panel0, \.panel1, \.panel2, \.panel3, \.panel4,
  \.panel5, \.panel6, \.panel7, \.panel8, \.panel9,
]

private let observerCount = 1_000

/// Counts observer callbacks. A class of its own, so that observers capture it rather than the
/// object that owns the store (which would need an `unowned` capture, costing more than the
/// callback's work).
@MainActor
private final class CallbackCounter {
  var count = 0
}

/// A dashboard store with observers and a count of the callbacks they received.
@MainActor
private final class ObservedDashboard {
  let store = Store(initialState: Dashboard(), reducer: DashboardReducer())
  let callbacks = CallbackCounter()
  private(set) var actions = 0
  private var tokens: [ObservationToken] = []

  /// Subscribes `observers` observers to the first `selectionCount` selections, the n-th to
  /// `selections[n % selectionCount]`.
  init(observers: Int, selectionCount: Int) {
    for index in 0..<observers {
      let token = store.observe(selections[index % selectionCount]) { [callbacks] value in
        callbacks.count += 1
        blackHole(value)
      }
      tokens.append(token)
    }
  }

  func refresh(times: Int) {
    for _ in 0..<times { store.send(.refreshFirstPanel) }
    actions += times
  }
}

/// The baseline: a view model with the same observers, grouped by field by hand.
@MainActor
private final class DashboardViewModel {
  private(set) var state = Dashboard()
  /// The observers of each field, by the field's position in `selections`.
  private var observers: [[(Int) -> Void]] = Array(repeating: [], count: selections.count)
  let callbacks = CallbackCounter()
  private(set) var actions = 0

  /// Subscribes `count` observers, the n-th to field `n % 10`, as the store side does.
  init(observers count: Int) {
    for index in 0..<count {
      observe(field: index % selections.count) { [callbacks] value in
        callbacks.count += 1
        blackHole(value)
      }
    }
  }

  /// Calls `observer` with the new value whenever field `field` changes: the view model's
  /// subscription, taking its closure as the store's `observe` does.
  func observe(field: Int, _ observer: @escaping (Int) -> Void) {
    observers[field].append(observer)
  }

  func refresh(times: Int) {
    for _ in 0..<times {
      let old = state
      state.panel0 += 1
      notify(old: old, new: state)
    }
    actions += times
  }

  private func notify(old: Dashboard, new: Dashboard) {
    if old.panel0 != new.panel0 { call(0, new.panel0) }
    if old.panel1 != new.panel1 { call(1, new.panel1) }
    if old.panel2 != new.panel2 { call(2, new.panel2) }
    if old.panel3 != new.panel3 { call(3, new.panel3) }
    if old.panel4 != new.panel4 { call(4, new.panel4) }
    if old.panel5 != new.panel5 { call(5, new.panel5) }
    if old.panel6 != new.panel6 { call(6, new.panel6) }
    if old.panel7 != new.panel7 { call(7, new.panel7) }
    if old.panel8 != new.panel8 { call(8, new.panel8) }
    if old.panel9 != new.panel9 { call(9, new.panel9) }
  }

  private func call(_ field: Int, _ value: Int) {
    for observer in observers[field] { observer(value) }
  }
}

@MainActor
private func runFanOutSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let crowded = ObservedDashboard(observers: observerCount, selectionCount: selections.count)
  let viewModel = DashboardViewModel(observers: observerCount)
  let comparison = await compare(
    Workload { crowded.refresh(times: $0) },
    against: Workload { viewModel.refresh(times: $0) },
    batch: .calibrated, settings: settings)

  var result = SuiteResult(comparison: comparison)
  result.note("observers", observerCount)
  result.check("selections", crowded.store.observedSelectionCount, equals: selections.count)
  result.check(
    "callbacks_per_action", crowded.callbacks.count, per: crowded.actions,
    equals: observerCount / selections.count)
  result.check(
    "baseline_callbacks_per_action", viewModel.callbacks.count, per: viewModel.actions,
    equals: observerCount / selections.count)
  return result
}
