import Testing
import Uniflow
import UniflowTesting

/// A note with its own history: undoable on its own, as the child of a parent or as a row.
struct Note: Reducer {
  struct State: Identifiable, Equatable, Sendable {
    let id: Int
    var text = ""
    var history = UndoHistory()
  }
  enum Action: Equatable, Sendable {
    case type(String)
    case undo(UndoAction)

    static let undoCase = ActionCase(embed: Action.undo) {
      if case .undo(let action) = $0 { action } else { nil }
    }
  }

  let clock: any Clock<Duration>

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .type(let text) = action { state.text += text }
      return .none
    }
    .undoable(
      history: \.history, action: Action.undoCase, tracking: [.value(\.text)], clock: clock
    ) { action in
      switch action {
      case .type: .coalescing("Typing", key: "text")
      case .undo: .ignored
      }
    }
  }
}

/// Notes in a notebook: each note undoes its own typing; the notebook undoes adding, removing
/// and editing notes, over them.
struct Notebook: Reducer {
  struct State: Equatable {
    var draft = Note.State(id: 0)
    var notes: IdentifiedArray<Note.State> = []
    var history = UndoHistory()
  }
  enum Action: Equatable, Sendable {
    case draft(Note.Action)
    case notes(IdentifiedAction<Int, Note.Action>)
    case add(id: Int)
    case remove(id: Int)
    case undo(UndoAction)

    static let draftCase = ActionCase(embed: Action.draft) {
      if case .draft(let action) = $0 { action } else { nil }
    }
    static let notesCase = ActionCase(embed: Action.notes) {
      if case .notes(let action) = $0 { action } else { nil }
    }
    static let undoCase = ActionCase(embed: Action.undo) {
      if case .undo(let action) = $0 { action } else { nil }
    }
  }

  let clock: any Clock<Duration>

  var body: some Reducer<State, Action> {
    Scope(state: \.draft, action: Action.draftCase) {
      Note(clock: clock)
    }
    Reduce { state, action in
      switch action {
      case .add(let id): state.notes.append(Note.State(id: id))
      case .remove(let id): state.notes.remove(id: id)
      case .draft, .notes, .undo: break
      }
      return .none
    }
    .forEach(\.notes, action: Action.notesCase) {
      Note(clock: clock)
    }
    .undoable(
      history: \.history, action: Action.undoCase,
      tracking: [.rows(\.notes, action: Action.notesCase)], clock: clock
    ) { action in
      switch action {
      case .add: .step("Add Note")
      case .remove: .step("Remove Note")
      case .notes(.element(_, .type)): .step("Edit Note")
      // The draft has its own history, and so do the notes' own undo and redo.
      case .draft, .notes(.element(_, .undo)), .undo: .ignored
      }
    }
  }
}

@MainActor
@Suite struct UndoCompositionTests {
  let clock = TestClock()

  @Test func anUndoableChildInAParentUndoesOnItsOwnThroughItsStore() {
    let store = Store(initialState: Notebook.State(), reducer: Notebook(clock: clock))
    let draft = store.scope(state: \.draft, action: ActionCase(Notebook.Action.draft))
    var seen: [String] = []
    let token = draft.observe(\.text) { seen.append($0) }

    draft.send(.type("Hello"))
    draft.send(.undo(.undo))
    draft.send(.undo(.redo))

    #expect(seen == ["Hello", "", "Hello"])
    #expect(store.state.draft.history.undoLabels == ["Typing"])
    #expect(store.state.history == UndoHistory())
    withExtendedLifetime(token) {}
  }

  @Test func eachRowHasItsOwnHistory() {
    let store = Store(initialState: Notebook.State(), reducer: Notebook(clock: clock))
    store.send(.add(id: 1))
    store.send(.add(id: 2))
    let first = try! #require(store.scope(id: 1, in: \.notes, action: ActionCase(Notebook.Action.notes)))
    let second = try! #require(store.scope(id: 2, in: \.notes, action: ActionCase(Notebook.Action.notes)))
    var firstTexts: [String] = []
    let token = first.observe(\.text) { firstTexts.append($0) }

    first.send(.type("one"))
    second.send(.type("two"))
    first.send(.undo(.undo))

    #expect(store.state.notes.map(\.text) == ["", "two"])
    #expect(firstTexts == ["one", ""])
    #expect(store.state.notes[id: 1]?.history == UndoHistory(undo: [], redo: ["Typing"]))
    #expect(store.state.notes[id: 2]?.history == UndoHistory(undo: ["Typing"]))
    withExtendedLifetime(token) {}
  }

  @Test func anUndoableParentUndoesItsChildrenWhole() {
    let store = Store(initialState: Notebook.State(), reducer: Notebook(clock: clock))
    store.send(.add(id: 1))
    store.send(.notes(.element(id: 1, action: .type("kept"))))
    store.send(.remove(id: 1))
    #expect(store.state.history.undoLabels == ["Add Note", "Edit Note", "Remove Note"])

    store.send(.undo(.undo))
    // The note comes back as it was removed: its text, and its own history.
    #expect(store.state.notes[id: 1]?.text == "kept")
    #expect(store.state.notes[id: 1]?.history == UndoHistory(undo: ["Typing"]))

    store.send(.undo(.undo))
    #expect(store.state.notes[id: 1] == Note.State(id: 1))
    store.send(.undo(.undo))
    #expect(store.state.notes.isEmpty)
  }

  @Test func aChildsOwnUndoIsNotAStepOfTheParent() {
    let store = Store(initialState: Notebook.State(), reducer: Notebook(clock: clock))
    store.send(.add(id: 1))
    store.send(.notes(.element(id: 1, action: .type("a"))))
    store.send(.notes(.element(id: 1, action: .undo(.undo))))
    #expect(store.state.history.undoLabels == ["Add Note", "Edit Note"])
    #expect(store.state.notes[id: 1]?.text == "")
  }

  @Test func middlewareSeesUndoAndRedoAsActions() {
    var seen: [Notebook.Action] = []
    let store = Store(
      initialState: Notebook.State(), reducer: Notebook(clock: clock),
      middleware: [Middleware { action, _, _ in seen.append(action) }])
    store.send(.add(id: 1))
    store.send(.undo(.undo))
    store.send(.undo(.redo))
    #expect(seen == [.add(id: 1), .undo(.undo), .undo(.redo)])
  }
}
