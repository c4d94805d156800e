import Testing
import Uniflow
import UniflowTestSupport
import UniflowTesting

// The README tour's undoable checklist on random sequences: undo restores exactly, and undo
// and redo are each other's inverse.

private typealias Checklist = ReadmeTour.Checklist

/// What undo restores: everything but the history.
private func content(_ state: Checklist.State) -> Checklist.State {
  var content = state
  content.history = UndoHistory()
  return content
}

private func sending(
  _ actions: [Checklist.Action], to state: Checklist.State
)
  -> Checklist.State
{
  var state = state
  let reducer = Checklist(clock: TestClock())
  for action in actions { _ = reducer.reduce(into: &state, action: action) }
  return state
}

private func isUndoAction(_ action: Checklist.Action) -> Bool {
  if case .undo = action { true } else { false }
}

@MainActor
@Suite struct UndoPropertyTests {
  private static let initialState = Checklist.State(
    todos: [ReadmeTour.Todo(id: 1, title: "Milk"), ReadmeTour.Todo(id: 2, title: "Eggs")])

  private static func actions(_ state: Checklist.State) -> Generator<Checklist.Action> {
    .one(of: [
      Generator.string(of: "ab", length: 0...2).map(Checklist.Action.titleTyped),
      Generator.int(in: 1...4).map { .add(ReadmeTour.Todo(id: $0, title: "todo \($0)")) },
      Generator.element(of: state.todos.ids).map { .todos(.element(id: $0, action: .toggle)) },
      .constant(.undo(.undo)),
      .constant(.undo(.redo)),
    ])
  }

  @Test func undoRestoresTheStateBeforeAnyRecordedAction() async {
    await checkProperties(
      of: { Checklist(clock: $0) }, initialState: Self.initialState, actions: Self.actions,
      properties: [
        .transition("undo after a new step gives the state before it") { before, action, after in
          guard !isUndoAction(action),
            after.history.undoLabels.count == before.history.undoLabels.count + 1
          else { return true }
          return content(sending([.undo(.undo)], to: after)) == content(before)
        },
        .transition("an action that records nothing changes nothing undo restores") {
          before, action, after in
          guard !isUndoAction(action), after.history == before.history else { return true }
          // Typing that joined the newest step leaves the labels as they were.
          if case .titleTyped = action, before.history.undoLabel == "Typing" { return true }
          return content(after) == content(before)
        },
      ],
      timeBetweenActions: Generator.int(in: 0...1_500).map { .milliseconds($0) },
      sequences: 50, length: 30, seed: 26)
  }

  @Test func nUndosThenNRedosReturnToTheSameState() async {
    await checkProperties(
      of: { Checklist(clock: $0) }, initialState: Self.initialState, actions: Self.actions,
      properties: [
        .invariant("n undos then n redos return to the same state") { state in
          let count = state.history.undoLabels.count
          let undone = sending(Array(repeating: .undo(.undo), count: count), to: state)
          guard !undone.history.canUndo else { return false }
          let redone = sending(Array(repeating: .undo(.redo), count: count), to: undone)
          return content(redone) == content(state) && redone.history == state.history
        }
      ],
      timeBetweenActions: Generator.int(in: 0...1_500).map { .milliseconds($0) },
      sequences: 50, length: 30, seed: 26)
  }

  @Test func coalescedStepsUndoAsOne() async {
    await checkProperties(
      of: { Checklist(clock: $0) }, initialState: Self.initialState, actions: Self.actions,
      properties: [
        .transition("typing that joined a step undoes with it") { before, action, after in
          guard case .titleTyped = action, before.history.undoLabel == "Typing",
            after.history.undoLabels == before.history.undoLabels,
            !before.history.canRedo
          else { return true }
          return content(sending([.undo(.undo)], to: after))
            == content(sending([.undo(.undo)], to: before))
        }
      ],
      timeBetweenActions: Generator.int(in: 0...1_500).map { .milliseconds($0) },
      sequences: 50, length: 30, seed: 26)
  }
}
