import Foundation
import Testing
import Uniflow
import UniflowTesting

/// A board with a child feature that saves through an effect, and cards that rename with a
/// follow-up: actions reach the root sent through a store, chained by `.send`, and sent back by
/// effects, the root's and the child's.
private struct Board: Reducer {
  struct Editor: Reducer {
    struct State: Equatable {
      var draft = ""
      var saves = 0
    }

    enum Action: Equatable { case edit(String), save, saved }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .edit(let text): state.draft = text
      case .save: return .run { send in await send(.saved) }
      case .saved: state.saves += 1
      }
      return .none
    }
  }

  struct Card: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var title = ""
    }

    enum Action: Equatable { case rename(String), renamed, delete }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .rename(let title):
        state.title = title
        return .send(.renamed)
      case .renamed, .delete: return .none
      }
    }
  }

  struct State: Equatable {
    var editor = Editor.State()
    var cards: IdentifiedArray<Card.State> = [Card.State(id: 1), Card.State(id: 2)]
    var refreshes = 0
    var note: Editor.State?
  }

  enum Action: Equatable {
    case editor(Editor.Action)
    case cards(IdentifiedAction<Int, Card.Action>)
    case refresh
    case refreshed
    case note(Editor.Action)
    case openNote
    case closeNote

    static let editorCase = ActionCase(embed: Action.editor) {
      if case .editor(let action) = $0 { action } else { nil }
    }
    static let cardsCase = ActionCase(embed: Action.cards) {
      if case .cards(let action) = $0 { action } else { nil }
    }
    static let noteCase = ActionCase(embed: Action.note) {
      if case .note(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.editor, action: Action.editorCase) { Editor() }
    Reduce { state, action in
      switch action {
      case .refresh:
        return .run { send in await send(.refreshed) }
      case .refreshed:
        state.refreshes += 1
      case .cards(.element(let id, .delete)):
        state.cards.remove(id: id)
      case .openNote:
        state.note = Editor.State()
      case .closeNote:
        state.note = nil
      case .editor, .cards, .note:
        break
      }
      return .none
    }
    .forEach(\.cards, action: Action.cardsCase) { Card() }
    .ifLet(\.note, action: Action.noteCase) { Editor() }
  }
}

/// A board whose note is presented as a sheet: its actions come in a `PresentationAction`.
private struct NoteSheet: Reducer {
  struct State: Equatable {
    var note: Board.Editor.State?
  }
  enum Action: Equatable {
    case open
    case note(PresentationAction<Board.Editor.Action>)

    static let noteCase = ActionCase(embed: Action.note) {
      if case .note(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .open = action { state.note = Board.Editor.State() }
      return .none
    }
    .ifLet(\.note, action: Action.noteCase) { Board.Editor() }
  }
}

/// What a listener heard: each action with the state it was given.
@MainActor
private final class Heard<Action, State> {
  var entries: [(action: Action, state: State)] = []
  func hear(_ action: Action, _ state: State) { entries.append((action, state)) }
}

@MainActor
@Suite struct ActionObservationTests {
  @Test func aRootStoreHearsEveryActionWithTheStateAfterIt() async {
    let store = Store(initialState: Board.State(), reducer: Board())
    let heard = Heard<Board.Action, Board.State>()
    let token = store.observeActions(heard.hear)

    store.send(.editor(.edit("Plan")))
    await store.send(.refresh).finish()

    #expect(heard.entries.map(\.action) == [.editor(.edit("Plan")), .refresh, .refreshed])
    #expect(heard.entries.map(\.state.editor.draft) == ["Plan", "Plan", "Plan"])
    #expect(heard.entries.map(\.state.refreshes) == [0, 0, 1])
    withExtendedLifetime(token) {}
  }

  @Test func aStoreScopedWithAnActionCaseHearsItsOwnActionsHoweverTheyReachTheRoot() async {
    let store = Store(initialState: Board.State(), reducer: Board())
    let editor = store.scope(state: \.editor, action: Board.Action.editorCase)
    let heard = Heard<Board.Editor.Action, Board.Editor.State>()
    let token = editor.observeActions(heard.hear)

    editor.send(.edit("Plan"))  // through the child store
    store.send(.refresh)  // not the child's
    store.send(.editor(.edit("Plan B")))  // through the root
    await editor.send(.save).finish()  // the child's effect sends .saved back, embedded

    #expect(heard.entries.map(\.action) == [.edit("Plan"), .edit("Plan B"), .save, .saved])
    #expect(heard.entries.map(\.state.draft) == ["Plan", "Plan B", "Plan B", "Plan B"])
    #expect(heard.entries.map(\.state.saves) == [0, 0, 0, 1])
    withExtendedLifetime(token) {}
  }

  @Test func aChildPresentedThroughAPresentationActionIsScopedForItsEvents() async throws {
    let store = Store(initialState: NoteSheet.State(), reducer: NoteSheet())
    store.send(.open)
    let note = try #require(store.scope(state: \.note, action: NoteSheet.Action.noteCase.presented()))
    let heard = Heard<Board.Editor.Action, Board.Editor.State>()
    let token = note.observeActions(heard.hear)

    note.send(.edit("Plan"))  // reaches the root as .note(.presented(.edit("Plan")))
    store.send(.open)  // not the child's
    await note.send(.save).finish()  // the child's effect sends .saved back, presented
    store.send(.note(.dismiss))  // the parent's: not one of the child's actions

    #expect(heard.entries.map(\.action) == [.edit("Plan"), .save, .saved])
    #expect(heard.entries.map(\.state.saves) == [0, 0, 1])
    #expect(store.note == nil)
    withExtendedLifetime(token) {}
  }

  @Test func aRowStoreHearsItsOwnRowsActionsOnlyFollowUpsIncluded() throws {
    let store = Store(initialState: Board.State(), reducer: Board())
    let rows = store.scope(forEach: \.cards, action: Board.Action.cardsCase)
    let first = Heard<Board.Card.Action, Board.Card.State>()
    let second = Heard<Board.Card.Action, Board.Card.State>()
    let tokens = [rows[0].observeActions(first.hear), rows[1].observeActions(second.hear)]

    rows[0].send(.rename("One"))
    store.send(.cards(.element(id: 2, action: .rename("Two"))))
    let again = try #require(store.scope(id: 1, in: \.cards, action: Board.Action.cardsCase))
    again.send(.rename("Uno"))

    #expect(first.entries.map(\.action) == [.rename("One"), .renamed, .rename("Uno"), .renamed])
    #expect(first.entries.map(\.state.title) == ["One", "One", "Uno", "Uno"])
    #expect(second.entries.map(\.action) == [.rename("Two"), .renamed])
    #expect(second.entries.allSatisfy { $0.state.id == 2 })
    withExtendedLifetime(tokens) {}
  }

  @Test func anOptionalChildsStoreHearsItsActionsWhilePresented() async throws {
    let store = Store(initialState: Board.State(), reducer: Board())
    store.send(.openNote)
    let note = try #require(store.scope(state: \.note, action: Board.Action.noteCase))
    let heard = Heard<Board.Editor.Action, Board.Editor.State>()
    let token = note.observeActions(heard.hear)

    await note.send(.save).finish()
    store.send(.editor(.edit("Not the note")))
    store.send(.closeNote)
    store.send(.note(.edit("Gone")))

    #expect(heard.entries.map(\.action) == [.save, .saved])
    #expect(heard.entries.map(\.state.saves) == [0, 1])
    withExtendedLifetime(token) {}
  }

  @Test func aRowThatDeletedItselfDoesNotHearTheDeletion() throws {
    let store = Store(initialState: Board.State(), reducer: Board())
    let row = try #require(store.scope(id: 1, in: \.cards, action: Board.Action.cardsCase))
    let heard = Heard<Board.Card.Action, Board.Card.State>()
    let token = row.observeActions(heard.hear)

    row.send(.rename("One"))
    row.send(.delete)

    #expect(heard.entries.map(\.action) == [.rename("One"), .renamed])
    #expect(store.state.cards.ids == [2])
    withExtendedLifetime(token) {}
  }

  @Test func aStoreScopedTwiceWithActionCasesHearsThroughBothLevels() {
    struct Outer: Reducer {
      struct State: Equatable { var board = Board.State() }
      enum Action: Equatable {
        case board(Board.Action)
        static let boardCase = ActionCase(embed: Action.board) {
          if case .board(let action) = $0 { action } else { nil }
        }
      }
      var body: some Reducer<State, Action> {
        Scope(state: \.board, action: Action.boardCase) { Board() }
      }
    }
    let store = Store(initialState: Outer.State(), reducer: Outer())
    let editor = store.scope(state: \.board, action: Outer.Action.boardCase)
      .scope(state: \.editor, action: Board.Action.editorCase)
    let heard = Heard<Board.Editor.Action, Board.Editor.State>()
    let token = editor.observeActions(heard.hear)

    store.send(.board(.refresh))
    store.send(.board(.editor(.edit("Deep"))))

    #expect(heard.entries.map(\.action) == [.edit("Deep")])
    #expect(heard.entries.map(\.state.draft) == ["Deep"])
    withExtendedLifetime(token) {}
  }

  @Test func aListenerOutlivesTheScopedStoreItWasMadeFrom() {
    let store = Store(initialState: Board.State(), reducer: Board())
    let heard = Heard<Board.Editor.Action, Board.Editor.State>()
    let token = store.scope(state: \.editor, action: Board.Action.editorCase)
      .observeActions(heard.hear)

    store.send(.editor(.edit("Kept")))

    #expect(heard.entries.map(\.action) == [.edit("Kept")])
    withExtendedLifetime(token) {}
  }

  @Test func aCancelledOrReleasedTokensListenerIsNeverCalledAndItsClosureIsReleased() {
    let store = Store(initialState: Board.State(), reducer: Board())
    final class Capture {}
    weak var captured: Capture?
    var calls = 0
    var token: ObservationToken?
    do {
      let capture = Capture()
      captured = capture
      token = store.observeActions { _, _ in withExtendedLifetime(capture) { calls += 1 } }
    }
    let cancelled = store.observeActions { _, _ in calls += 100 }
    cancelled.cancel()
    store.send(.refreshed)
    #expect(calls == 1)
    #expect(store.actionListenerCount == 1)

    token = nil
    #expect(captured != nil)  // dropped by the store before its next action, not at once
    store.send(.refreshed)
    #expect(calls == 1)
    #expect(captured == nil)
    #expect(store.actionListenerCount == 0)
    withExtendedLifetime((token, cancelled)) {}
  }

  @Test func aListenerAddedWhileAnActionIsHeardHearsTheNextOne() {
    let store = Store(initialState: Board.State(), reducer: Board())
    var late: [Board.Action] = []
    var lateToken: ObservationToken?
    let token = store.observeActions { _, _ in
      guard lateToken == nil else { return }
      lateToken = store.observeActions { action, _ in late.append(action) }
    }
    store.send(.refreshed)
    store.send(.refresh)
    #expect(late == [.refresh])
    withExtendedLifetime((token, lateToken)) {}
  }

  @Test func aStoreWithNoListenerKeepsNone() {
    let store = Store(initialState: Board.State(), reducer: Board())
    let editor = store.scope(state: \.editor, action: Board.Action.editorCase)
    #expect(store.actionListenerCount == 0)
    let token = editor.observeActions { _, _ in }
    #expect(store.actionListenerCount == 1)
    #expect(editor.actionListenerCount == 1)
    withExtendedLifetime(token) {}
  }

  @Test func observingTheActionsOfAStoreScopedWithAnEmbeddingStopsWithAMessageInEveryBuild()
    async
  {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        // A row's store scoped with the embedding alone, as the deprecated closure forms do.
        let store = Store(initialState: AppFeature.State.withRows(1), reducer: AppFeature(clock: TestClock()))
        let row = store.scope(
          id: 0, in: \.rows, action: AppFeature.Action.rows, extract: nil, tracked: false)
        _ = row?.observeActions { _, _ in }
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      message.contains(
        "the actions of a Store<ListRow, RowFeature.Action> cannot be observed: it was "
          + "scoped with an embedding function"))
    #expect(message.contains("Scope it with an ActionCase"))
  }
}
