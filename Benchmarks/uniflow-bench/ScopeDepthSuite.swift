import Uniflow

// `scope-depth`: whether a send through a child store costs more the deeper it is scoped.
//
// Subject: a counter nested 10 levels deep in the root state, reduced through 10 nested
// `Scope`s, sent to through a child store scoped 10 times, with one observer on that store.
// Baseline: the same counter 1 level deep, 1 `Scope`, a child store scoped once, one observer.
//
// Each level adds an action embedding on the way in, an extraction and an effect lifting in
// the reducer, and a forwarding step for the observer: a few closure calls. The goal says they
// stay small next to the send itself.
//
// The ten levels are ten concrete feature types, as in an app (`Level1` holds the counter,
// `Level2` holds `Level1`, …), not one generic type nested ten times, which the optimiser would
// not specialise that deep. Each level's action has a case of its own beside the child's, with
// a payload of its own type (a `String`, a `Bool`, …), as an app's features do: the actions of
// the levels then have different layouts, and an action ten levels deep is an enum whose copy
// walks its nesting. (Until the seventh pass every level's action was a single case with no
// payload, all empty and alike, which hid what copying a nested action costs.)

extension Suite {
  static var scopeDepth: Suite {
    Suite(
      name: "scope-depth",
      summary: "a send through a child store 10 scopes deep vs. 1 scope deep",
      goal: 1.5,
      run: runScopeDepthSuite)
  }
}

private struct Counter: Reducer {
  enum Action { case increment }

  func reduce(into count: inout Int, action: Action) -> Effect<Action> {
    count += 1
    return .none
  }
}

private struct Level1: Reducer {
  struct State { var inner: Int = 0 }
  enum Action {
    case inner(Counter.Action)
    case label(String)
    static let innerCase = ActionCase(embed: Action.inner) {
      switch $0 {
      case .inner(let action): action
      default: nil
      }
    }
  }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: Action.innerCase) { Counter() }
  }
}

private struct Level2: Reducer {
  struct State { var inner: Level1.State = Level1.State() }
  enum Action {
    case inner(Level1.Action)
    case flag(Bool)
    static let innerCase = ActionCase(embed: Action.inner) {
      switch $0 {
      case .inner(let action): action
      default: nil
      }
    }
  }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: Action.innerCase) { Level1() }
  }
}

private struct Level3: Reducer {
  struct State { var inner: Level2.State = Level2.State() }
  enum Action {
    case inner(Level2.Action)
    case count(Int)
    static let innerCase = ActionCase(embed: Action.inner) {
      switch $0 {
      case .inner(let action): action
      default: nil
      }
    }
  }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: Action.innerCase) { Level2() }
  }
}

private struct Level4: Reducer {
  struct State { var inner: Level3.State = Level3.State() }
  enum Action {
    case inner(Level3.Action)
    case ratio(Double)
    static let innerCase = ActionCase(embed: Action.inner) {
      switch $0 {
      case .inner(let action): action
      default: nil
      }
    }
  }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: Action.innerCase) { Level3() }
  }
}

private struct Level5: Reducer {
  struct State { var inner: Level4.State = Level4.State() }
  enum Action {
    case inner(Level4.Action)
    case small(Int8)
    static let innerCase = ActionCase(embed: Action.inner) {
      switch $0 {
      case .inner(let action): action
      default: nil
      }
    }
  }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: Action.innerCase) { Level4() }
  }
}

private struct Level6: Reducer {
  struct State { var inner: Level5.State = Level5.State() }
  enum Action {
    case inner(Level5.Action)
    case medium(Int16)
    static let innerCase = ActionCase(embed: Action.inner) {
      switch $0 {
      case .inner(let action): action
      default: nil
      }
    }
  }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: Action.innerCase) { Level5() }
  }
}

private struct Level7: Reducer {
  struct State { var inner: Level6.State = Level6.State() }
  enum Action {
    case inner(Level6.Action)
    case large(Int32)
    static let innerCase = ActionCase(embed: Action.inner) {
      switch $0 {
      case .inner(let action): action
      default: nil
      }
    }
  }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: Action.innerCase) { Level6() }
  }
}

private struct Level8: Reducer {
  struct State { var inner: Level7.State = Level7.State() }
  enum Action {
    case inner(Level7.Action)
    case unsigned(UInt)
    static let innerCase = ActionCase(embed: Action.inner) {
      switch $0 {
      case .inner(let action): action
      default: nil
      }
    }
  }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: Action.innerCase) { Level7() }
  }
}

private struct Level9: Reducer {
  struct State { var inner: Level8.State = Level8.State() }
  enum Action {
    case inner(Level8.Action)
    case pair(Int, Int)
    static let innerCase = ActionCase(embed: Action.inner) {
      switch $0 {
      case .inner(let action): action
      default: nil
      }
    }
  }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: Action.innerCase) { Level8() }
  }
}

private struct Level10: Reducer {
  struct State { var inner: Level9.State = Level9.State() }
  enum Action {
    case inner(Level9.Action)
    case names([String])
    static let innerCase = ActionCase(embed: Action.inner) {
      switch $0 {
      case .inner(let action): action
      default: nil
      }
    }
  }
  var body: some Reducer<State, Action> {
    Scope(state: \.inner, action: Action.innerCase) { Level9() }
  }
}

@MainActor
private final class ObservedLeaf {
  let leaf: Store<Int, Counter.Action>
  let rootCount: () -> Int
  private(set) var calls = 0
  private var token: ObservationToken?

  init(leaf: Store<Int, Counter.Action>, rootCount: @escaping () -> Int) {
    self.leaf = leaf
    self.rootCount = rootCount
    token = leaf.observe(\.self) { [unowned self] count in
      calls += 1
      blackHole(count)
    }
  }

}

// Separate, never-inlined batch functions so that a profiler can count the instructions of
// each workload on its own. Their bodies differ (one takes the leaf store, the other the
// observed leaf), so that the optimiser does not merge them into one function.
@MainActor
@inline(never)
private func sendDeep(_ observed: ObservedLeaf, times: Int) {
  for _ in 0..<times { observed.leaf.send(.increment) }
}

@MainActor
@inline(never)
private func sendShallow(_ leaf: Store<Int, Counter.Action>, times: Int) {
  for _ in 0..<times { leaf.send(.increment) }
}

@MainActor
private func runScopeDepthSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let deepRoot = Store(initialState: Level10.State(), reducer: Level10())
  let deepLeaf =
    deepRoot
    .scope(state: \.inner, action: Level10.Action.innerCase)
    .scope(state: \.inner, action: Level9.Action.innerCase)
    .scope(state: \.inner, action: Level8.Action.innerCase)
    .scope(state: \.inner, action: Level7.Action.innerCase)
    .scope(state: \.inner, action: Level6.Action.innerCase)
    .scope(state: \.inner, action: Level5.Action.innerCase)
    .scope(state: \.inner, action: Level4.Action.innerCase)
    .scope(state: \.inner, action: Level3.Action.innerCase)
    .scope(state: \.inner, action: Level2.Action.innerCase)
    .scope(state: \.inner, action: Level1.Action.innerCase)
  let deep = ObservedLeaf(leaf: deepLeaf) {
    deepRoot.state.inner.inner.inner.inner.inner.inner.inner.inner.inner.inner
  }

  let shallowRoot = Store(initialState: Level1.State(), reducer: Level1())
  let shallow = ObservedLeaf(leaf: shallowRoot.scope(state: \.inner, action: Level1.Action.innerCase)) {
    shallowRoot.state.inner
  }

  let comparison = await compare(
    Workload { sendDeep(deep, times: $0) },
    against: Workload { sendShallow(shallow.leaf, times: $0) },
    batch: .calibrated, settings: settings)

  var result = SuiteResult(comparison: comparison)
  result.note("depth", 10)
  result.note("baseline_depth", 1)
  result.check("sends_reached_root", deep.rootCount() == deepLeaf.state && deepLeaf.state > 0)
  result.check("observer_calls_per_action", deep.calls, per: deep.rootCount(), equals: 1)
  result.check("baseline_observer_calls_per_action", shallow.calls, per: shallow.rootCount(), equals: 1)
  return result
}
