import Uniflow

// `fan-out`: what many observers cost when an action changes only part of the state.
//
// Subject: a store with 1 000 observers spread evenly over 10 distinct key paths (100 each);
// each action changes one of those 10 values.
// Baseline: the same store and action with 1 observer, of the value that changes.
//
// The store groups observers by what they select, so an action should cost one read and one
// comparison per distinct selection (10), plus a call per observer of the changed one (100).
// The suite counts the callbacks: exactly 100 per action, or the store called observers whose
// value did not change, or missed some that did.
//
// A second figure, `vs_changed_only_ratio`, compares the subject with a store holding only the
// 100 observers of the changed selection: the same callbacks, so the ratio is what the 900
// observers of unchanged selections cost.

extension Suite {
  static var fanOut: Suite {
    Suite(
      name: "fan-out",
      summary: "1 000 observers over 10 selections, one selection changed, vs. 1 observer",
      goal: 3,
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

@MainActor
private func runFanOutSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let crowded = ObservedDashboard(observers: observerCount, selectionCount: selections.count)
  let single = ObservedDashboard(observers: 1, selectionCount: 1)
  let comparison = await compare(
    Workload { crowded.refresh(times: $0) },
    against: Workload { single.refresh(times: $0) },
    batch: .calibrated, settings: settings)

  // The goal's baseline makes 1 callback where the subject must make 100. To tell the cost of
  // the callbacks from the cost of the observers that must *not* be called, the subject is
  // also measured against its changed selection's 100 observers alone.
  let changedOnly = ObservedDashboard(observers: observerCount / selections.count, selectionCount: 1)
  let grouping = await compare(
    Workload { crowded.refresh(times: $0) },
    against: Workload { changedOnly.refresh(times: $0) },
    batch: .calibrated, settings: settings)

  var result = SuiteResult(comparison: comparison)
  result.note("observers", observerCount)
  result.check("selections", crowded.store.observedSelectionCount, equals: selections.count)
  result.check(
    "callbacks_per_action", crowded.callbacks.count, per: crowded.actions,
    equals: observerCount / selections.count)
  result.check("baseline_callbacks_per_action", single.callbacks.count, per: single.actions, equals: 1)
  result.note("changed_only_ns_per_op", grouping.baseline.nanosecondsPerOperation)
  result.note("vs_changed_only_ratio", grouping.ratio)
  result.check(
    "changed_only_callbacks_per_action", changedOnly.callbacks.count, per: changedOnly.actions,
    equals: observerCount / selections.count)
  return result
}
