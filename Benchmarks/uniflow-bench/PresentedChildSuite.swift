import Uniflow

// `presented-child`: what presented children cost the actions that do not concern them.
//
// Subject: a parent feature whose body is a `Reduce` counting, an `ifLet` of an enum
// destination and an `ifLet` of an identified sheet, with both children presented; the action
// increments the parent's count, with one observer on it.
// Baseline: the same feature and action with neither child presented.
//
// On every action `ifLet` must tell whether the parent dismissed or replaced its child (to
// cancel the child's effects). Reading an enum child's case takes reflection, microseconds; the
// goal says a child the parent leaves alone costs little next to the action itself.

extension Suite {
  static var presentedChild: Suite {
    Suite(
      name: "presented-child",
      summary: "a parent action with an enum destination and a sheet presented vs. neither",
      goal: 1.5,
      run: runPresentedChildSuite)
  }
}

private struct Sheet: Reducer {
  struct State: Identifiable {
    var id: Int
    var text = "draft"
  }
  enum Action { case edit(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .edit(let text): state.text = text
    }
    return .none
  }
}

private struct Destination: Reducer {
  enum State {
    case alert(message: String)
    case detail(id: Int, title: String)
  }
  enum Action { case confirm }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .alert = state { state = .detail(id: 1, title: "confirmed") }
    return .none
  }
}

private struct Parent: Reducer {
  struct State {
    var count = 0
    var destination: Destination.State?
    var sheet: Sheet.State?
  }
  enum Action {
    case increment
    case destination(Destination.Action)
    case sheet(Sheet.Action)
    static let destinationCase = ActionCase(embed: Action.destination) {
      if case .destination(let action) = $0 { action } else { nil }
    }
    static let sheetCase = ActionCase(embed: Action.sheet) {
      if case .sheet(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .increment = action { state.count += 1 }
      return .none
    }
    .ifLet(\.destination, action: Action.destinationCase) { Destination() }
    .ifLet(\.sheet, action: Action.sheetCase) { Sheet() }
  }
}

/// Counts the observer calls of each side.
@MainActor
private final class CallCounter {
  var calls = 0
}

// Batches of their own, never inlined, so that a profiler can count one side alone. Their
// parameters come in different orders so that the optimiser does not merge the two.

@MainActor
@inline(never)
private func sendWithChildren(_ store: Store<Parent.State, Parent.Action>, times: Int) {
  for _ in 0..<times { store.send(.increment) }
}

@MainActor
@inline(never)
private func sendWithoutChildren(times: Int, to store: Store<Parent.State, Parent.Action>) {
  for _ in 0..<times { store.send(.increment) }
}

@MainActor
private func runPresentedChildSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let presented = Store(
    initialState: Parent.State(
      destination: .alert(message: "Delete?"), sheet: Sheet.State(id: 7)),
    reducer: Parent())
  let absent = Store(initialState: Parent.State(), reducer: Parent())
  let presentedCalls = CallCounter()
  let absentCalls = CallCounter()
  let tokens = [
    presented.observe(\.count) { count in
      presentedCalls.calls += 1
      blackHole(count)
    },
    absent.observe(\.count) { count in
      absentCalls.calls += 1
      blackHole(count)
    },
  ]

  let comparison = await compare(
    Workload { sendWithChildren(presented, times: $0) },
    against: Workload { sendWithoutChildren(times: $0, to: absent) },
    batch: .calibrated, settings: settings)
  for token in tokens { token.cancel() }

  var result = SuiteResult(comparison: comparison)
  result.check("observer_calls_per_action", presentedCalls.calls, per: presented.state.count, equals: 1)
  result.check("baseline_observer_calls_per_action", absentCalls.calls, per: absent.state.count, equals: 1)
  let isStillPresented =
    if case .alert = presented.state.destination, presented.state.sheet?.id == 7 { true } else { false }
  result.check("children_still_presented", isStillPresented)
  return result
}
