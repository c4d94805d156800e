import Testing
import Uniflow
import UniflowTesting

/// A feature that counts the changes of its title, whatever made them: its own actions, its
/// presented editor, undo, or a value brought in from outside into a shared value.
private struct Titled: Reducer {
  struct State: Equatable {
    var title = ""
    var other = 0
    var editor: String?
    var settings = Shared(Settings())
    var history = UndoHistory()
    var changes: [String] = []
  }
  enum Action: Equatable {
    case setTitle(String)
    case setOther(Int)
    case edit
    case editor(PresentationAction<String>)
    case settingsArrived(Settings)
    case undo(UndoAction)

    static let editorCase = ActionCase(embed: Action.editor) {
      if case .editor(let action) = $0 { action } else { nil }
    }
    static let undoCase = ActionCase(embed: Action.undo) {
      if case .undo(let action) = $0 { action } else { nil }
    }
  }
  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .setTitle(let title): state.title = title
      case .setOther(let value): state.other = value
      case .edit: state.editor = state.title
      case .editor(.presented(let text)): state.title = text
      case .editor(.dismiss): break
      case .settingsArrived(let settings): state.settings.withLock { $0 = settings }
      case .undo: break
      }
      return .none
    }
    .ifLet(\.editor, action: Action.editorCase) {
      Reduce { text, typed in
        text = typed
        return .none
      }
    }
    .undoable(history: \.history, action: Action.undoCase, tracking: [.value(\.title)], clock: clock) {
      if case .undo = $0 { .ignored } else { .step("Edit") }
    }
    .onChange(of: \.title) { old, new, state in
      state.changes.append("title: \(old) → \(new)")
      return .none
    }
    .onChange(of: \.settings.fontSize) { old, new, state in
      state.changes.append("font: \(old) → \(new)")
      return .send(.setOther(new))
    }
  }
}

@MainActor
@Suite struct OnChangeTests {
  @Test func aChangeRunsTheReactionOnceAndAnEqualValueDoesNot() {
    let store = Store(initialState: Titled.State(), reducer: Titled(clock: TestClock()))
    store.send(.setTitle("Milk"))
    store.send(.setTitle("Milk"))
    store.send(.setOther(3))
    #expect(store.changes == ["title:  → Milk"])
  }

  @Test func aChangeMadeByAPresentedChildIsSeen() {
    let store = Store(initialState: Titled.State(title: "Milk"), reducer: Titled(clock: TestClock()))
    store.send(.edit)
    store.send(.editor(.presented("Oat milk")))
    #expect(store.title == "Oat milk")
    #expect(store.changes == ["title: Milk → Oat milk"])
  }

  @Test func undoAndRedoAreChangesToo() {
    let store = Store(initialState: Titled.State(), reducer: Titled(clock: TestClock()))
    store.send(.setTitle("Milk"))
    store.send(.undo(.undo))
    store.send(.undo(.redo))
    #expect(store.changes == ["title:  → Milk", "title: Milk → ", "title:  → Milk"])
  }

  @Test func aSharedValueBroughtInByAnActionIsSeenOnceAndItsEffectsAreTheFeatures() {
    let settings = Shared(Settings())
    let store = Store(
      initialState: Titled.State(settings: settings), reducer: Titled(clock: TestClock()))
    store.send(.settingsArrived(Settings(theme: .dark, fontSize: 14)))
    store.send(.settingsArrived(Settings(theme: .light, fontSize: 14)))
    #expect(store.changes == ["font: 12 → 14"])
    // The reaction's follow-up ran as the feature's own action.
    #expect(store.other == 14)
  }

  @Test func aSharedValueChangedByAnotherStoreIsSeenByTheStoreThatMadeTheChange() {
    let settings = Shared(Settings())
    let first = Store(initialState: Titled.State(settings: settings), reducer: Titled(clock: TestClock()))
    let second = Store(initialState: Titled.State(settings: settings), reducer: Titled(clock: TestClock()))
    second.send(.settingsArrived(Settings(fontSize: 20)))
    #expect(second.changes == ["font: 12 → 20"])
    #expect(first.settings.fontSize == 20)
  }

  @Test func theTestStoreShowsTheReaction() async {
    let store = TestStore(initialState: Titled.State(), reducer: Titled(clock: TestClock()))
    await store.send(.setTitle("Milk")) {
      $0.title = "Milk"
      $0.changes = ["title:  → Milk"]
      $0.history = store.state.history
    }
  }
}
