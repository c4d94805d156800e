import Uniflow

// `enum-destination`: what composing an enum of destinations costs an action of the screen it
// shows.
//
// Subject: a parent presenting an optional enum of destinations with `ifLet` and a
// `PresentationAction` case; the destination reducer scopes each case with
// `Scope(state: StateCase, action: ActionCase)`. The action edits the shown screen's title.
// Baseline: the same parent and action, with the destination reducer written as a switch on
// the state's case and the action's (the screen run on a copy, then put back), as a feature
// written without `StateCase` does.
//
// The goal says that declaring the cases beside the enums and composing them costs little over
// the switch a user would write without them.

extension Suite {
  static var enumDestination: Suite {
    Suite(
      name: "enum-destination",
      summary: "an action of an enum destination's screen vs. a hand-written switch",
      goal: 1.2,
      run: runEnumDestinationSuite)
  }
}

private struct Editor: Reducer {
  struct State {
    var title = ""
    var edits = 0
  }
  enum Action { case typed(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .typed(let title):
      state.title = title
      state.edits += 1
    }
    return .none
  }
}

private struct Destination: Reducer {
  enum State {
    case editor(Editor.State)
    case viewer(Editor.State)

    static let editorCase = StateCase(embed: State.editor) {
      if case .editor(let state) = $0 { state } else { nil }
    }
    static let viewerCase = StateCase(embed: State.viewer) {
      if case .viewer(let state) = $0 { state } else { nil }
    }
  }
  enum Action {
    case editor(Editor.Action)
    case viewer(Editor.Action)

    static let editorCase = ActionCase(embed: Action.editor) {
      if case .editor(let action) = $0 { action } else { nil }
    }
    static let viewerCase = ActionCase(embed: Action.viewer) {
      if case .viewer(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    Scope(state: State.editorCase, action: Action.editorCase) { Editor() }
    Scope(state: State.viewerCase, action: Action.viewerCase) { Editor() }
  }
}

private struct Parent: Reducer {
  struct State {
    var count = 0
    var destination: Destination.State?
  }
  enum Action {
    case increment
    case destination(PresentationAction<Destination.Action>)
    static let destinationCase = ActionCase(embed: Action.destination) {
      if case .destination(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .increment = action { state.count += 1 }
      return .none
    }
    .ifLet(\.destination, action: Action.destinationCase) { Destination() }
  }
}

/// The destinations written by hand, as a feature written without `StateCase` does: a switch
/// on the state's case and the action's, which runs the screen on a copy and puts it back.
private struct SwitchedDestination: Reducer {
  typealias State = Destination.State
  typealias Action = Destination.Action

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch (state, action) {
    case (.editor(var editor), .editor(let action)):
      defer { state = .editor(editor) }
      return Editor().reduce(into: &editor, action: action).map(Action.editor)
    case (.viewer(var viewer), .viewer(let action)):
      defer { state = .viewer(viewer) }
      return Editor().reduce(into: &viewer, action: action).map(Action.viewer)
    default:
      return .none
    }
  }
}

/// The parent of the hand-written destinations, presented the same way.
private struct SwitchedParent: Reducer {
  typealias State = Parent.State
  typealias Action = Parent.Action

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .increment = action { state.count += 1 }
      return .none
    }
    .ifLet(\.destination, action: Action.destinationCase) { SwitchedDestination() }
  }
}

@MainActor
@inline(never)
private func sendThroughCases(_ store: Store<Parent.State, Parent.Action>, times: Int) {
  for _ in 0..<times { store.send(.destination(.presented(.editor(.typed("Milk"))))) }
}

@MainActor
@inline(never)
private func sendThroughSwitch(times: Int, to store: Store<Parent.State, Parent.Action>) {
  for _ in 0..<times { store.send(.destination(.presented(.editor(.typed("Milk"))))) }
}

@MainActor
private func runEnumDestinationSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let composed = Store(
    initialState: Parent.State(destination: .editor(Editor.State())), reducer: Parent())
  let handWritten = Store(
    initialState: Parent.State(destination: .editor(Editor.State())), reducer: SwitchedParent())

  let comparison = await compare(
    Workload { sendThroughCases(composed, times: $0) },
    against: Workload { sendThroughSwitch(times: $0, to: handWritten) },
    batch: .calibrated, settings: settings)

  var result = SuiteResult(comparison: comparison)
  let edits = { (state: Parent.State) -> Int in
    if case .editor(let editor) = state.destination { editor.edits } else { -1 }
  }
  result.check("edits_reached_the_screen", edits(composed.state) > 0)
  result.check("baseline_edits_reached_the_screen", edits(handWritten.state) > 0)
  return result
}
