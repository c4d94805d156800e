import Foundation
import Testing
import Uniflow
import UniflowTesting

extension DocumentationSampleTests {
  /// The samples of the *Undo and Redo* article.
  @MainActor
  @Suite struct UndoAndRedo {
    struct Item: Identifiable, Equatable, Sendable {
      let id: Int
      var text: String
      var isDone = false
    }

    struct ItemFeature: Reducer {
      enum Action { case rename(String), toggle }

      func reduce(into item: inout Item, action: Action) -> Effect<Action> {
        switch action {
        case .rename(let text): item.text = text
        case .toggle: item.isDone.toggle()
        }
        return .none
      }
    }

    struct Outline: Reducer {
      struct State: Equatable {
        var title = ""
        var items: IdentifiedArray<Item> = []
        var selection: Item.ID?
        var history = UndoHistory()
      }

      enum Action {
        case titleTyped(String)
        case add(Item)
        case items(IdentifiedAction<Item.ID, ItemFeature.Action>)
        case select(Item.ID?)
        case undo(UndoAction)

        static let itemsCase = ActionCase(Action.items)
        static let undoCase = ActionCase(Action.undo)
      }

      let clock: any Clock<Duration>

      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .titleTyped(let title): state.title = title
          case .add(let item): state.items.append(item)
          case .select(let id): state.selection = id
          case .items, .undo: break
          }
          return .none
        }
        .forEach(\.items, action: Action.itemsCase) {
          ItemFeature()
        }
        .undoable(
          history: \.history, action: Action.undoCase,
          tracking: [.value(\.title), .rows(\.items, action: Action.itemsCase)],
          clock: clock
        ) { action in
          switch action {
          case .titleTyped: .coalescing("Typing", key: "title")
          case .add: .step("Add Item")
          case .items(.element(_, .rename)): .step("Rename Item")
          case .items(.element(_, .toggle)): .step("Toggle Item")
          case .select, .undo: .ignored
          }
        }
      }
    }

    struct Note: Reducer {
      struct State: Identifiable, Equatable {
        let id: Int
        var text = ""
        var history = UndoHistory()
      }
      enum Action {
        case type(String)
        case undo(UndoAction)

        static let undoCase = ActionCase(Action.undo)
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

    struct Notebook: Reducer {
      struct State: Equatable {
        var notes: IdentifiedArray<Note.State> = []
        var history = UndoHistory()
      }
      enum Action {
        case add(id: Int)
        case notes(IdentifiedAction<Int, Note.Action>)
        case undo(UndoAction)

        static let notesCase = ActionCase(Action.notes)
        static let undoCase = ActionCase(Action.undo)
      }

      let clock: any Clock<Duration>

      var body: some Reducer<State, Action> {
        Reduce { state, action in
          if case .add(let id) = action { state.notes.append(Note.State(id: id)) }
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
          case .notes(.element(_, .type)): .step("Edit Note")
          // Each note undoes its own typing: the notebook records none of it.
          case .notes(.element(_, .undo)), .undo: .ignored
          }
        }
      }
    }

    @Test func anUndoableFeatureOffersItsStepsByLabel() {
      let store = Store(initialState: Outline.State(), reducer: Outline(clock: ContinuousClock()))
      store.send(.add(Item(id: 1, text: "Milk")))
      store.send(.items(.element(id: 1, action: .toggle)))
      #expect(store.history.undoLabel == "Toggle Item")
      store.send(.undo(.undo))  // Milk is open again
      #expect(store.items[id: 1]?.isDone == false)
      #expect(store.history.redoLabel == "Toggle Item")

      let imported = [Item(id: 2, text: "Eggs"), Item(id: 3, text: "Tea")]
      store.send(.undo(.beginTransaction("Import")))
      for item in imported { store.send(.add(item)) }
      store.send(.undo(.endTransaction))
      #expect(store.history.undoLabel == "Import")
      store.send(.undo(.undo))
      #expect(store.items.map(\.text) == ["Milk"])
    }

    @Test func selectionIsNotUndone() {
      let store = Store(initialState: Outline.State(), reducer: Outline(clock: ContinuousClock()))
      store.send(.add(Item(id: 1, text: "Milk")))
      store.send(.select(1))
      store.send(.undo(.undo))
      #expect(store.items.isEmpty)
      #expect(store.selection == 1)
    }

    @Test func eachNoteHasItsOwnHistoryAndTheNotebookOneOverThem() {
      let store = Store(initialState: Notebook.State(), reducer: Notebook(clock: ContinuousClock()))
      store.send(.add(id: 1))
      store.send(.notes(.element(id: 1, action: .type("Call mom"))))
      store.send(.notes(.element(id: 1, action: .undo(.undo))))
      #expect(store.notes[id: 1]?.text == "")
      #expect(store.history.undoLabels == ["Add Note", "Edit Note"])
      store.send(.undo(.undo))
      #expect(store.notes[id: 1]?.text == "")
      #expect(store.notes[id: 1]?.history == UndoHistory())
    }

    @Test func aTestStoreAssertsTheHistoryByItsLabels() async {
      let clock = TestClock()
      let store = TestStore(initialState: Outline.State()) { Outline(clock: clock) }
      await store.send(.titleTyped("Grocer")) {
        $0.title = "Grocer"
        $0.history = UndoHistory(undo: ["Typing"])
      }
      await clock.advance(by: .milliseconds(300))
      await store.send(.titleTyped("Groceries")) { $0.title = "Groceries" }
      await store.send(.undo(.undo)) {
        $0.title = ""
        $0.history = UndoHistory(undo: [], redo: ["Typing"])
      }
    }
  }
}
