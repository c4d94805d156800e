import Foundation
import Uniflow

/// The detail screen of one todo: its title, dates and note, with the note edited in place
/// and saved as the user pauses.
///
/// Each edit restarts a wait of ``saveDelay`` on the injected clock; when it is over, the note
/// is saved. Leaving the screen (``Action/close``) saves what is not saved yet first, and the
/// screen ends itself (`Effect.dismiss`) once the note is saved, so nothing typed is lost. A
/// save that fails stays on the screen, with its reason, in ``State/saveStatus``, and so does
/// the note typed: leaving again tries again, and the screen ends once the note is saved, or
/// once the user has undone or deleted what they typed.
///
/// The note undoes and redoes in the editor (``Action/undo(_:)``): typing, and deleting, make one
/// step each until the user pauses for a second; moving the cursor and saving make none. What
/// undo or redo puts back is saved after a pause, like an edit.
///
/// ```swift
/// let store = TestStore(initialState: TodoDetailFeature.State(todo: milk)) {
///   TodoDetailFeature(repository: repository, clock: clock)
/// }
/// await store.send(.edit(.insert("Oat"))) {
///   $0.note = TextDraft("Oat")
///   $0.noteHistory = UndoHistory(undo: ["Typing"])
/// }
/// await clock.waitForSleepers()
/// await clock.advance(by: TodoDetailFeature.saveDelay)
/// await store.receive(.save) { $0.saveStatus = .saving("Oat") }
/// ```
///
/// ``TodoFeature`` pushes it on its stack, ``TodoFeature/State/path``, and takes in the
/// contents each save leaves.
public struct TodoDetailFeature: Reducer, Sendable {
  /// How long the user must pause before a note being typed is saved.
  public static let saveDelay = Duration.seconds(1)

  /// The todo shown, and its note being edited.
  public struct State: Equatable, Sendable, Codable {
    /// The todo as the repository last gave it: the title, the dates, the stored note.
    public var todo: Todo
    /// The note as typed, with the cursor.
    public var note: TextDraft
    /// Where the saving of the note is.
    public var saveStatus: SaveStatus
    /// Whether the screen ends once the note is saved.
    public var isClosing: Bool
    /// The note's edits to undo and redo in the editor.
    public var noteHistory: UndoHistory

    /// Shows a todo, with its note ready to edit.
    ///
    /// - Parameter todo: The todo to show.
    public init(todo: Todo) {
      self.todo = todo
      note = TextDraft(todo.note)
      saveStatus = .idle
      isClosing = false
      noteHistory = UndoHistory()
    }

    /// Whether the note typed, as it would be stored, differs from the note stored; a note too
    /// long to store is unsaved.
    ///
    /// - Complexity: O(*n*) in the length of the note.
    public var hasUnsavedNote: Bool { !todo.hasNote(note.text) }

    /// Follows the todo as the repository gives it now: its title, dates and stored note; a
    /// note being typed is kept.
    mutating func follow(_ todo: Todo) {
      let followsStoredNote = !hasUnsavedNote && saveStatus == .idle && self.todo.note != todo.note
      self.todo = todo
      if followsStoredNote { note = TextDraft(todo.note) }
    }
  }

  /// Where the saving of the note is.
  public enum SaveStatus: Equatable, Sendable, Codable {
    /// No save is running, and none failed since the last edit.
    case idle
    /// This text is being saved.
    case saving(String)
    /// The last save failed; the note typed is still on the screen, not stored.
    case failed(TodoStoreError)
  }

  /// What can happen on the detail screen.
  public enum Action: Equatable, Sendable, Codable {
    /// Edits the note; it is saved once the user pauses for ``TodoDetailFeature/saveDelay``.
    case edit(TextDraft.Edit)
    /// Saves the note typed, if it differs from the one stored.
    case save
    /// A save finished: the todo with its note, and the repository's contents after it.
    case saved(Todo, contents: TodoSnapshot)
    /// A save failed.
    case saveFailed(TodoStoreError)
    /// Shows the todo's change history, over this screen: ``TodoFeature`` pushes it.
    case showHistory
    /// Leaves the screen: saves the note first, if it is not saved, and stays when that fails.
    case close
    /// Undoes or redoes an edit of the note; what it puts back is saved after a pause.
    case undo(UndoAction)

    /// The case of ``undo(_:)``, for the undo history.
    public static let undoCase = ActionCase(Action.undo)
  }

  /// What an action is to the note's undo history: typing is one step until a pause, and so is
  /// deleting; moving the cursor, saving and leaving are not undone.
  ///
  /// - Parameter action: The action.
  /// - Returns: Its policy.
  public static func undoPolicy(_ action: Action) -> UndoPolicy {
    switch action {
    case .edit(.insert): .coalescing("Typing", key: "typing")
    case .edit(.deleteBackward), .edit(.deleteForward), .edit(.deleteToStart), .edit(.deleteToEnd):
      .coalescing("Deletion", key: "deletion")
    case .edit(.moveLeft), .edit(.moveRight), .edit(.moveToStart), .edit(.moveToEnd): .ignored
    case .save, .saved, .saveFailed, .showHistory, .close, .undo: .ignored
    }
  }

  private enum CancelID: Hashable, Sendable {
    case pendingSave
  }

  /// Where the note is stored.
  public let repository: any TodoRepository
  /// The clock the pause before a save is measured on.
  public let clock: any Clock<Duration>

  /// Creates the feature with its dependencies.
  ///
  /// - Parameters:
  ///   - repository: Where the note is stored.
  ///   - clock: The clock of the pause before a save; a `TestClock` in tests.
  public init(repository: any TodoRepository, clock: any Clock<Duration>) {
    self.repository = repository
    self.clock = clock
  }

  /// Sends ``Action/save`` once the clock has gone ``saveDelay`` without another edit.
  private func saveAfterAPause() -> Effect<Action> {
    let clock: any Clock<Duration> = clock
    return saveAfterAPause(on: clock)
  }

  private func saveAfterAPause(on clock: some Clock<Duration>) -> Effect<Action> {
    Effect<Action>.send(.save).debounce(id: CancelID.pendingSave, for: Self.saveDelay, clock: clock)
  }

  /// Saves the note typed, and sends how it went.
  private func startSave(_ state: inout State) -> Effect<Action> {
    let (repository, id, note) = (repository, state.todo.id, state.note.text)
    state.saveStatus = .saving(note)
    return .run { send in
      do throws(TodoStoreError) {
        let change = try await repository.setNote(note, id: id)
        await send(.saved(change.value.todo, contents: change.contents))
      } catch {
        await send(.saveFailed(error))
      }
    }
  }

  /// The screen's logic, with the note undoable: what undo restores is the note and its cursor.
  public var body: some Reducer<State, Action> {
    Reduce(handle)
      .undoable(
        history: \.noteHistory, action: Action.undoCase, tracking: [.value(\.note)], clock: clock,
        policy: Self.undoPolicy
      )
      // The note is saved after a pause whatever changed it: typing, undo or redo. Any change
      // clears a failure's reason; a change back to the stored note saves nothing.
      .onChange(of: \.note.text) { _, _, state in
        if case .failed = state.saveStatus { state.saveStatus = .idle }
        guard state.hasUnsavedNote else { return .none }
        return saveAfterAPause()
      }
  }

  /// Handles an action; see ``Action`` for what each one does.
  private func handle(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .edit(let edit):
      // A change of the text is saved after a pause (see `body`).
      state.note.apply(edit)
      return .none

    case .save:
      // One save at a time while typing: when the one running is over, `.saved` saves what was
      // typed since.
      if case .saving = state.saveStatus { return .none }
      guard state.hasUnsavedNote else { return state.isClosing ? .dismiss : .none }
      return startSave(&state)

    case .saved(let todo, _):
      state.todo = todo
      state.saveStatus = .idle
      if state.hasUnsavedNote { return .send(.save) }
      return state.isClosing ? .dismiss : .none

    case .showHistory:
      return .none

    case .undo:
      // The history has put back an earlier note (or nothing): saved after a pause, like an
      // edit (see `body`).
      return .none

    case .saveFailed(let error):
      state.saveStatus = .failed(error)
      state.isClosing = false
      return .none

    case .close:
      switch state.saveStatus {
      case .idle, .failed:
        if !state.hasUnsavedNote { return .dismiss }
      case .saving:
        break
      }
      state.isClosing = true
      // The save is this action's own effect, even with another one running: whoever awaits
      // the close (the terminal, before it reads the next key) awaits the save and the pop.
      return .merge(.cancel(id: CancelID.pendingSave), startSave(&state))
    }
  }
}
