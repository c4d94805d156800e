import Foundation
import Testing
import Uniflow
import UniflowTesting

extension DocumentationSampleTests {
  /// The samples of the *Destinations, Prompts and Reactions* article.
  @MainActor
  @Suite struct DestinationsPromptsAndReactions {
    // MARK: One enum of destinations

    struct NoteEditor: Reducer {
      struct State: Equatable {
        var note = ""
      }
      enum Action: Equatable {
        case typed(String)
        case doneTapped
      }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .typed(let note):
          state.note = note
          return .none
        case .doneTapped:
          return .dismiss
        }
      }
    }

    struct Destination: Reducer {
      enum State: Equatable {
        case editor(NoteEditor.State)
        case confirmDelete(PromptState<Confirm>)

        static let editorCase = StateCase(State.editor)
        static let confirmDeleteCase = StateCase(State.confirmDelete)
      }

      enum Action: Equatable {
        case editor(NoteEditor.Action)
        case confirmDelete(Confirm)

        static let editorCase = ActionCase(Action.editor)
        static let confirmDeleteCase = ActionCase(Action.confirmDelete)
      }

      enum Confirm: Equatable { case delete }

      var body: some Reducer<State, Action> {
        Scope(state: State.editorCase, action: Action.editorCase) { NoteEditor() }
        Scope(state: State.confirmDeleteCase, action: Action.confirmDeleteCase) { PromptReducer() }
      }
    }

    struct TodoDetail: Reducer {
      struct State: Equatable {
        var title: String
        var note = ""
        var isDeleted = false
        var destination: Destination.State?
      }

      enum Action: Equatable {
        case editTapped
        case deleteTapped
        case destination(PresentationAction<Destination.Action>)

        static let destinationCase = ActionCase(Action.destination)
      }

      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .editTapped:
            state.destination = .editor(NoteEditor.State(note: state.note))
            return .none
          case .deleteTapped:
            state.destination = .confirmDelete(
              .confirmation(
                title: "Delete “\(state.title)”?",
                buttons: [.destructive("Delete", action: .delete), .cancel()]))
            return .none
          case .destination(.presented(.editor(.typed(let note)))):
            state.note = note
            return .none
          case .destination(.presented(.confirmDelete(.delete))):
            state.isDeleted = true
            return .none
          case .destination:
            return .none
          }
        }
        .ifLet(\.destination, action: Action.destinationCase) { Destination() }
      }
    }

    @Test func oneEnumOfDestinations() {
      let store = Store(initialState: TodoDetail.State(title: "Milk"), reducer: TodoDetail())
      store.send(.editTapped)
      store.send(.destination(.presented(.editor(.typed("Oat milk")))))
      store.send(.destination(.presented(.editor(.doneTapped))))  // the editor dismisses itself
      #expect(store.destination == nil)
      #expect(store.note == "Oat milk")
    }

    // MARK: A store per case

    @Test func aStorePerCase() {
      let store = Store(initialState: TodoDetail.State(title: "Milk"), reducer: TodoDetail())
      store.send(.editTapped)
      if let editor = store.scope(
        state: \.destination[case: Destination.State.editorCase],
        action: TodoDetail.Action.destinationCase.presented().appending(Destination.Action.editorCase))
      {
        editor.send(.typed("Oat milk"))  // .destination(.presented(.editor(.typed("Oat milk"))))
      }
      #expect(store.note == "Oat milk")
    }

    // MARK: Prompts

    @Test func promptsAreTested() async {
      let store = TestStore(initialState: TodoDetail.State(title: "Milk"), reducer: TodoDetail())
      await store.send(.deleteTapped) {
        $0.destination = .confirmDelete(
          .confirmation(
            title: "Delete “Milk”?", buttons: [.destructive("Delete", action: .delete), .cancel()]))
      }
      await store.send(.destination(.presented(.confirmDelete(.delete)))) {
        $0.isDeleted = true
      }
      await store.receive(.destination(.dismiss)) {
        $0.destination = nil
      }
    }

    struct Todos: Reducer {
      struct State: Equatable {
        var done = ["Milk", "Eggs"]
        var prompt: PromptState<Action.Confirm>?
      }

      enum Action: Equatable {
        case clearDoneTapped
        case prompt(PresentationAction<Confirm>)

        enum Confirm: Equatable { case clear }

        static let promptCase = ActionCase(Action.prompt)
      }

      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .clearDoneTapped:
            state.prompt = .confirmation(
              title: "Delete \(state.done.count) done todos?",
              buttons: [.destructive("Delete", action: .clear), .cancel()])
            return .none
          case .prompt(.presented(.clear)):
            state.done = []
            return .none
          case .prompt(.dismiss):
            return .none
          }
        }
        .ifLet(\.prompt, action: Action.promptCase)
      }
    }

    @Test func aPromptInAnOptional() {
      let store = Store(initialState: Todos.State(), reducer: Todos())
      store.send(.clearDoneTapped)
      let prompt = store.prompt!
      store.send(.prompt(prompt.buttons[0].choice))  // "Delete"
      #expect(store.done == [])
      #expect(store.prompt == nil)
      store.send(.clearDoneTapped)
      store.send(.prompt(store.prompt!.cancelButton!.choice))  // .dismiss
      #expect(store.prompt == nil)
    }

    // MARK: Reacting to a change

    struct Note: Reducer {
      struct State: Equatable {
        var text = ""
        var history = UndoHistory()
      }

      enum Action: Equatable {
        case typed(String)
        case saved
        case undo(UndoAction)

        static let undoCase = ActionCase(Action.undo)
      }

      let save: @Sendable (String) async -> Void
      let clock: any Clock<Duration>

      var body: some Reducer<State, Action> {
        Reduce { state, action in
          if case .typed(let text) = action { state.text = text }
          return .none
        }
        .undoable(history: \.history, action: Action.undoCase, tracking: [.value(\.text)], clock: clock) {
          if case .typed = $0 { .coalescing("Typing", key: "text") } else { .ignored }
        }
        .onChange(of: \.text) { _, text, _ in
          .run { [save] send in
            await save(text)
            await send(.saved)
          }
          .debounce(id: "autosave", for: .seconds(1), clock: clock)
        }
      }
    }

    @Test func reactingToAChange() async {
      let clock = TestClock()
      let saved = LockIsolated<[String]>([])
      let store = TestStore(
        initialState: Note.State(),
        reducer: Note(save: { text in saved.withLock { $0.append(text) } }, clock: clock))
      store.exhaustivity = .off
      await store.send(.typed("Milk"))
      await store.send(.undo(.undo))  // undo changes the text too: saved after a pause
      await clock.advance(by: .seconds(1))
      await store.receive(.saved)
      #expect(saved.withLock { $0 } == [""])
    }

    // MARK: Work bound to presence

    struct Viewer: Reducer {
      struct State: Equatable, Sendable {
        let id: Int
        var viewers = 0
      }

      enum Action: Equatable {
        case viewersChanged(Int)
      }

      let viewerCounts: @Sendable (Int) -> AsyncStream<Int>
      let log: @Sendable (String) -> Void

      var body: some Reducer<State, Action> {
        Reduce { state, action in
          if case .viewersChanged(let count) = action { state.viewers = count }
          return .none
        }
        .onAppear { state in
          .run { [viewerCounts, id = state.id] send in
            for await count in viewerCounts(id) { await send(.viewersChanged(count)) }
          }
        }
        .onDisappear { [log] state in log("closed \(state.id)") }
      }
    }

    struct Room: Reducer {
      struct State: Equatable {
        var viewer: Viewer.State?
      }

      enum Action: Equatable {
        case open(Int)
        case close
        case viewer(Viewer.Action)

        static let viewerCase = ActionCase(Action.viewer)
      }

      let viewer: Viewer

      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .open(let id): state.viewer = Viewer.State(id: id)  // its counts start coming
          case .close: state.viewer = nil  // they stop, and "closed 7" is logged
          case .viewer: break
          }
          return .none
        }
        .ifLet(\.viewer, action: Action.viewerCase) { viewer }
      }
    }

    @Test func workBoundToPresence() async {
      let (counts, continuation) = AsyncStream<Int>.makeStream()
      let (closed, closedContinuation) = AsyncStream<String>.makeStream()
      let store = Store(
        initialState: Room.State(),
        reducer: Room(viewer: Viewer(viewerCounts: { _ in counts }, log: { closedContinuation.yield($0) })))
      let (viewers, viewersContinuation) = AsyncStream<Int?>.makeStream()
      let token = store.observe(\.viewer?.viewers) { viewersContinuation.yield($0) }
      store.send(.open(7))
      continuation.yield(3)
      for await count in viewers where count == 3 { break }
      store.send(.close)
      var lines = closed.makeAsyncIterator()
      #expect(await lines.next() == "closed 7")
      withExtendedLifetime(token) {}
    }
  }
}
