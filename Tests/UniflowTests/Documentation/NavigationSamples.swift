import Foundation
import Testing
import Uniflow
import UniflowTesting

extension DocumentationSampleTests {
  /// The samples of the *Navigation* article.
  @MainActor
  @Suite struct Navigation {
    // MARK: The screens

    struct NoteEditor: Reducer {
      struct State: Equatable, Codable {
        let todoID: Int
        var note = ""
        var isSaving = false
      }

      enum Action: Equatable, Codable {
        case noteChanged(String)
        case saveTapped
        case saved
      }

      let save: @Sendable (Int, String) async -> Void

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .noteChanged(let note):
          state.note = note
          return .none
        case .saveTapped:
          state.isSaving = true
          return .run { [save, id = state.todoID, note = state.note] send in
            await save(id, note)
            await send(.saved)
            await send.dismiss()  // pops this screen, whoever pushed it
          }
        case .saved:
          state.isSaving = false
          return .none
        }
      }
    }

    struct History: Reducer {
      struct State: Equatable, Codable {
        let todoID: Int
        var entries: [String] = []
      }

      enum Action: Equatable, Codable {
        case closeTapped
      }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        .dismiss
      }
    }

    // MARK: The destinations

    struct Path: Reducer {
      enum State: Equatable, Codable {
        case editor(NoteEditor.State)
        case history(History.State)
      }

      enum Action: Equatable, Codable {
        case editor(NoteEditor.Action)
        case history(History.Action)
      }

      let save: @Sendable (Int, String) async -> Void

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch (state, action) {
        case (.editor(var editor), .editor(let action)):
          defer { state = .editor(editor) }
          return NoteEditor(save: save).reduce(into: &editor, action: action).map(Action.editor)
        case (.history(var history), .history(let action)):
          defer { state = .history(history) }
          return History().reduce(into: &history, action: action).map(Action.history)
        default:
          return .none
        }
      }
    }

    // MARK: The root feature

    struct Todos: Reducer {
      struct State: Equatable, Codable {
        var path = StackState<Path.State>()
      }

      enum Action: Equatable {
        case path(StackAction<Path.State, Path.Action>)
        case editNoteTapped(todoID: Int)

        static let pathCase = ActionCase(Action.path)
      }

      let save: @Sendable (Int, String) async -> Void

      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .editNoteTapped(let id):
            state.path.append(.editor(NoteEditor.State(todoID: id)))
            return .none
          case .path:
            return .none
          }
        }
        .forEach(\.path, action: Action.pathCase) {
          Path(save: save)
        }
      }
    }

    // MARK: A stack of one kind of screen

    struct NoteStack: Reducer {
      struct State: Equatable {
        var path = StackState<NoteEditor.State>()
      }

      enum Action: Equatable {
        case path(StackAction<NoteEditor.State, NoteEditor.Action>)
        case open(todoID: Int)

        static let pathCase = ActionCase(Action.path)
      }

      let save: @Sendable (Int, String) async -> Void

      var body: some Reducer<State, Action> {
        Reduce { state, action in
          if case .open(let id) = action { state.path.append(NoteEditor.State(todoID: id)) }
          return .none
        }
        .forEach(\.path, action: Action.pathCase) {
          NoteEditor(save: save)
        }
      }
    }

    @Test func aStackOfOneKindOfScreen() async {
      let notes = Notes()
      let notesStore = Store(initialState: NoteStack.State(), reducer: NoteStack(save: notes.save))
      notesStore.send(.open(todoID: 7))  // pushed as #0
      notesStore.send(.path(.element(id: 0, action: .noteChanged("Oat milk"))))
      #expect(notesStore.path[id: 0] == NoteEditor.State(todoID: 7, note: "Oat milk"))
      await notesStore.send(.path(.element(id: 0, action: .saveTapped))).finish()
      #expect(notesStore.path.isEmpty)
      #expect(notes.saved.current == [7: "Oat milk"])
    }

    // MARK: A sheet that closes itself

    struct TodoDetail: Reducer {
      struct State: Equatable {
        let todoID: Int
        var editor: NoteEditor.State?
      }

      enum Action: Equatable {
        case editTapped
        case editor(PresentationAction<NoteEditor.Action>)

        static let editorCase = ActionCase(Action.editor)
      }

      let save: @Sendable (Int, String) async -> Void

      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .editTapped:
            state.editor = NoteEditor.State(todoID: state.todoID)
            return .none
          case .editor:
            return .none
          }
        }
        .ifLet(\.editor, action: Action.editorCase) {
          NoteEditor(save: save)  // its send.dismiss() sets `editor` to nil
        }
      }
    }

    @Test func aSheetClosesItself() async {
      let notes = Notes()
      let store = Store(initialState: TodoDetail.State(todoID: 3), reducer: TodoDetail(save: notes.save))
      store.send(.editTapped)
      store.send(.editor(.presented(.noteChanged("Call back"))))
      await store.send(.editor(.presented(.saveTapped))).finish()
      #expect(store.editor == nil)
      #expect(notes.saved.current == [3: "Call back"])
    }

    /// Saves notes in memory, for the samples.
    final class Notes: Sendable {
      let saved = LockIsolated<[Int: String]>([:])
      var save: @Sendable (Int, String) async -> Void {
        { [saved] id, note in saved.withLock { $0[id] = note } }
      }
    }

    @Test func pushingAndPopping() {
      let notes = Notes()
      // Pushing and popping
      let store = Store(initialState: Todos.State(), reducer: Todos(save: notes.save))
      store.send(.editNoteTapped(todoID: 7))  // pushed as #0
      store.send(.path(.push(.history(History.State(todoID: 7)))))  // pushed as #1
      store.send(.path(.element(id: 0, action: .editor(.noteChanged("Oat milk")))))
      store.send(.path(.popFrom(id: 1)))  // pops #1 and everything above it
      // End of sample
      #expect(store.path.ids == [0])
      #expect(store.path[id: 0] == .editor(NoteEditor.State(todoID: 7, note: "Oat milk")))
    }

    @Test func aScreenEndsItself() async {
      let notes = Notes()
      let store = Store(initialState: Todos.State(), reducer: Todos(save: notes.save))
      store.send(.editNoteTapped(todoID: 7))
      store.send(.path(.element(id: 0, action: .editor(.noteChanged("Oat milk")))))
      await store.send(.path(.element(id: 0, action: .editor(.saveTapped)))).finish()
      #expect(store.path.isEmpty)
      #expect(notes.saved.current == [7: "Oat milk"])
    }

    @Test func screenStores() throws {
      let notes = Notes()
      let store = Store(initialState: Todos.State(), reducer: Todos(save: notes.save))
      store.send(.editNoteTapped(todoID: 7))
      // A store per screen
      for id in store.path.ids {
        let screen = store.scope(id: id, in: \.path, action: Todos.Action.pathCase)!
        screen.send(.editor(.noteChanged("Eggs")))  // reaches the root as .path(.element(id:…))
      }
      // End of sample
      #expect(store.path[id: 0] == .editor(NoteEditor.State(todoID: 7, note: "Eggs")))
    }

    @Test func deepLinksAndRestoration() throws {
      let notes = Notes()
      // A deep link
      let link = Todos.State(
        path: StackState([
          .editor(NoteEditor.State(todoID: 7)),
          .history(History.State(todoID: 7)),
        ]))
      let store = Store(initialState: link, reducer: Todos(save: notes.save))

      // Saving and restoring
      let saved = try JSONEncoder().encode(store.state)
      let restored = Store(
        initialState: try JSONDecoder().decode(Todos.State.self, from: saved),
        reducer: Todos(save: notes.save))
      restored.send(.editNoteTapped(todoID: 8))  // pushed as #2: ids continue
      // End of sample
      #expect(restored.path.ids == [0, 1, 2])
    }

    @Test func testingAStack() async {
      let notes = Notes()
      // Testing
      let store = TestStore(initialState: Todos.State(), reducer: Todos(save: notes.save))
      await store.send(.editNoteTapped(todoID: 7)) {
        $0.path.append(.editor(NoteEditor.State(todoID: 7)))
      }
      await store.send(.path(.element(id: 0, action: .editor(.noteChanged("Oat milk"))))) {
        $0.path[id: 0] = .editor(NoteEditor.State(todoID: 7, note: "Oat milk"))
      }
      await store.send(.path(.element(id: 0, action: .editor(.saveTapped)))) {
        $0.path[id: 0] = .editor(NoteEditor.State(todoID: 7, note: "Oat milk", isSaving: true))
      }
      await store.receive(.path(.element(id: 0, action: .editor(.saved)))) {
        $0.path[id: 0] = .editor(NoteEditor.State(todoID: 7, note: "Oat milk"))
      }
      await store.receive(.path(.popFrom(id: 0))) {
        $0.path.removeAll()
      }
      // End of sample
      #expect(notes.saved.current == [7: "Oat milk"])
    }
  }
}
