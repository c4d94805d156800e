import Uniflow

// `on-change`: what watching one field of a 1 000-field state with `onChange(of:)` costs an
// action that changes it.
//
// Subject: a feature over ten wide states (1 000 fields) whose action increments one field,
// with `.onChange(of: \.parts.5.field50)` counting the changes in another field.
// Baseline: the same feature with the comparison written by hand in its reducer: the field
// read before and after, and the count incremented when it differs.

extension Suite {
  static var onChange: Suite {
    Suite(
      name: "on-change",
      summary: "onChange of one field of a 1 000-field state vs. a hand-written comparison",
      goal: 1.5,
      run: runOnChangeSuite)
  }
}

/// Ten wide states: 1 000 fields.
private struct ThousandFields {
  var part0 = WideState(), part1 = WideState(), part2 = WideState(), part3 = WideState()
  var part4 = WideState(), part5 = WideState(), part6 = WideState(), part7 = WideState()
  var part8 = WideState(), part9 = WideState()
  var changes = 0
}

private enum FieldAction { case increment }

private struct Watched: Reducer {
  var body: some Reducer<ThousandFields, FieldAction> {
    Reduce { state, _ in
      state.part5.field50 += 1
      return .none
    }
    .onChange(of: \.part5.field50) { _, _, state in
      state.changes += 1
      return .none
    }
  }
}

private struct ComparedByHand: Reducer {
  func reduce(into state: inout ThousandFields, action: FieldAction) -> Effect<FieldAction> {
    let old = state.part5.field50
    state.part5.field50 += 1
    if state.part5.field50 != old { state.changes += 1 }
    return .none
  }
}

@MainActor
@inline(never)
private func sendWatched(_ store: Store<ThousandFields, FieldAction>, times: Int) {
  for _ in 0..<times { store.send(.increment) }
}

@MainActor
@inline(never)
private func sendComparedByHand(times: Int, to store: Store<ThousandFields, FieldAction>) {
  for _ in 0..<times { store.send(.increment) }
}

@MainActor
private func runOnChangeSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let watched = Store(initialState: ThousandFields(), reducer: Watched())
  let byHand = Store(initialState: ThousandFields(), reducer: ComparedByHand())

  let comparison = await compare(
    Workload { sendWatched(watched, times: $0) },
    against: Workload { sendComparedByHand(times: $0, to: byHand) },
    batch: .calibrated, settings: settings)

  var result = SuiteResult(comparison: comparison)
  result.check("reactions_per_action", watched.state.changes, per: watched.state.part5.field50, equals: 1)
  result.check(
    "baseline_reactions_per_action", byHand.state.changes, per: byHand.state.part5.field50, equals: 1)
  return result
}
