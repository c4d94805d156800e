import Testing
import Uniflow
import UniflowTestSupport
import UniflowTesting

/// A title that saves itself: its effect sends an action back, so a test store would see an
/// undo that ran it again.
private struct SavedTitle: Reducer {
  struct State: Equatable {
    var title = ""
    var saves = 0
    var history = UndoHistory()
  }
  enum Action: Equatable {
    case rename(String)
    case saved
    case undo(UndoAction)

    static let undoCase = ActionCase(embed: Action.undo) {
      if case .undo(let action) = $0 { action } else { nil }
    }
  }

  let clock: any Clock<Duration>

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .rename(let title):
        state.title = title
        return .run { send in await send(.saved) }
      case .saved:
        state.saves += 1
        return .none
      case .undo:
        return .none
      }
    }
    .undoable(
      history: \.history, action: Action.undoCase, tracking: [.value(\.title)], clock: clock
    ) { action in
      switch action {
      case .rename: .step("Rename")
      case .saved, .undo: .ignored
      }
    }
  }
}

@MainActor
@Suite struct UndoTestStoreTests {
  @Test func undoAndRedoAreAssertedByStateAndLabels() async {
    let clock = TestClock()
    let store = TestStore(initialState: ReadmeTour.Checklist.State()) {
      ReadmeTour.Checklist(clock: clock)
    }
    let milk = ReadmeTour.Todo(id: 1, title: "Milk")
    await store.send(.add(milk)) {
      $0.todos = [milk]
      $0.history = UndoHistory(undo: ["Add"])
    }
    await store.send(.todos(.element(id: 1, action: .toggle))) {
      $0.todos[id: 1]?.isDone = true
      $0.history = UndoHistory(undo: ["Add", "Toggle"])
    }
    await store.send(.undo(.undo)) {
      $0.todos[id: 1]?.isDone = false
      $0.history = UndoHistory(undo: ["Add"], redo: ["Toggle"])
    }
    await store.send(.undo(.undo)) {
      $0.todos = []
      $0.history = UndoHistory(undo: [], redo: ["Toggle", "Add"])
    }
    await store.send(.undo(.redo)) {
      $0.todos = [milk]
      $0.history = UndoHistory(undo: ["Add"], redo: ["Toggle"])
    }
  }

  @Test func typingCoalescesOnTheTestClockUntilAPause() async {
    let clock = TestClock()
    let store = TestStore(initialState: ReadmeTour.Checklist.State()) {
      ReadmeTour.Checklist(clock: clock)
    }
    await store.send(.titleTyped("G")) {
      $0.title = "G"
      $0.history = UndoHistory(undo: ["Typing"])
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.titleTyped("Go")) { $0.title = "Go" }
    await clock.advance(by: .seconds(2))
    await store.send(.titleTyped("Go!")) {
      $0.title = "Go!"
      $0.history = UndoHistory(undo: ["Typing", "Typing"])
    }
    await store.send(.undo(.undo)) {
      $0.title = "Go"
      $0.history = UndoHistory(undo: ["Typing"], redo: ["Typing"])
    }
    await store.send(.undo(.undo)) {
      $0.title = ""
      $0.history = UndoHistory(undo: [], redo: ["Typing", "Typing"])
    }
  }

  @Test func undoDoesNotRunTheStepsEffectAgain() async {
    let store = TestStore(initialState: SavedTitle.State()) { SavedTitle(clock: TestClock()) }
    await store.send(.rename("Draft")) {
      $0.title = "Draft"
      $0.history = UndoHistory(undo: ["Rename"])
    }
    await store.receive(.saved) { $0.saves = 1 }
    // Exhaustive: an effect run again would send `.saved`, which the test would have to receive.
    await store.send(.undo(.undo)) {
      $0.title = ""
      $0.history = UndoHistory(undo: [], redo: ["Rename"])
    }
    await store.send(.undo(.redo)) {
      $0.title = "Draft"
      $0.history = UndoHistory(undo: ["Rename"])
    }
  }

  @Test func aWrongLabelFailsWithTheLabelsThatDiffer() async {
    let store = TestStore(initialState: ReadmeTour.Checklist.State()) {
      ReadmeTour.Checklist(clock: TestClock())
    }
    await expectFailure(
      "State changed differently than expected:\n  history.undo[0]: expected \"Rename\", actual \"Add\""
    ) {
      await store.send(.add(ReadmeTour.Todo(id: 1, title: "Milk"))) {
        $0.todos = [ReadmeTour.Todo(id: 1, title: "Milk")]
        $0.history = UndoHistory(undo: ["Rename"])
      }
    }
  }
}
