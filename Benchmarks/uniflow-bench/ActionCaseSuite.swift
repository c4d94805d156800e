import Uniflow

// `action-case` and `action-case-other`: what a case declared in one line
// (`ActionCase(AppAction.counter)`, extracting by reflection) costs an action, against the same
// case with its extraction written by hand (`if case .counter(let action) = $0 …`).
//
// Subject: a root store whose body scopes a counter with the one-line case, beside two other
// scopes whose cases are also one-line; the action is the counter's (`action-case`) or another
// scope's (`action-case-other`: each scope it passes tells it is not its own).
// Baseline: the same feature with every case written by hand.

extension Suite {
  static var actionCase: Suite {
    Suite(
      name: "action-case",
      summary: "a scoped child's action through a one-line ActionCase vs. a hand-written one",
      goal: nil,
      run: { await runActionCaseSuite($0, action: .counter(.increment)) })
  }

  static var actionCaseOther: Suite {
    Suite(
      name: "action-case-other",
      summary: "an action of another case past one-line ActionCases vs. hand-written ones",
      goal: nil,
      run: { await runActionCaseSuite($0, action: .settings(.increment)) })
  }
}

private struct Counter: Reducer {
  enum Action { case increment }
  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state += 1
    return .none
  }
}

private struct Counters {
  var counter = 0
  var settings = 0
  var profile = 0
}

private enum CounterAction {
  case counter(Counter.Action)
  case settings(Counter.Action)
  case profile(Counter.Action)

  static let counterInOneLine = ActionCase(CounterAction.counter)
  static let settingsInOneLine = ActionCase(CounterAction.settings)
  static let profileInOneLine = ActionCase(CounterAction.profile)

  static let counterByHand = ActionCase(embed: CounterAction.counter) {
    if case .counter(let action) = $0 { action } else { nil }
  }
  static let settingsByHand = ActionCase(embed: CounterAction.settings) {
    if case .settings(let action) = $0 { action } else { nil }
  }
  static let profileByHand = ActionCase(embed: CounterAction.profile) {
    if case .profile(let action) = $0 { action } else { nil }
  }
}

private struct InOneLine: Reducer {
  var body: some Reducer<Counters, CounterAction> {
    Scope(state: \.counter, action: CounterAction.counterInOneLine) { Counter() }
    Scope(state: \.settings, action: CounterAction.settingsInOneLine) { Counter() }
    Scope(state: \.profile, action: CounterAction.profileInOneLine) { Counter() }
  }
}

private struct ByHand: Reducer {
  var body: some Reducer<Counters, CounterAction> {
    Scope(state: \.counter, action: CounterAction.counterByHand) { Counter() }
    Scope(state: \.settings, action: CounterAction.settingsByHand) { Counter() }
    Scope(state: \.profile, action: CounterAction.profileByHand) { Counter() }
  }
}

@MainActor
@inline(never)
private func send(_ action: CounterAction, times: Int, to store: Store<Counters, CounterAction>) {
  for _ in 0..<times { store.send(action) }
}

@MainActor
private func runActionCaseSuite(_ settings: HarnessSettings, action: CounterAction) async -> SuiteResult {
  let inOneLine = Store(initialState: Counters(), reducer: InOneLine())
  let byHand = Store(initialState: Counters(), reducer: ByHand())

  let comparison = await compare(
    Workload { send(action, times: $0, to: inOneLine) },
    against: Workload { send(action, times: $0, to: byHand) },
    batch: .calibrated, settings: settings)

  var result = SuiteResult(comparison: comparison)
  // Each action reached its own scope, and no other: one field changed on each side.
  for (name, state) in [("", inOneLine.state), ("baseline_", byHand.state)] {
    let changed = [state.counter, state.settings, state.profile].filter { $0 > 0 }.count
    result.check("\(name)scopes_changed", changed, equals: 1)
  }
  return result
}
