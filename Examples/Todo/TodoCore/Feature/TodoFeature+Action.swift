import Uniflow

extension TodoFeature {
  /// What can happen in the todo app: the repository commands, the children's actions, and
  /// the results the repository sends back.
  public enum Action: Equatable, Sendable, Codable {
    // MARK: Lifecycle

    /// Binds the repository's contents into the state until ``stopObserving``: the contents
    /// now, then the changes other processes make; and the display settings other processes
    /// store, which reach the list as ``TodoListFeature/Action/settingsChangedElsewhere(_:)``.
    case startObserving
    /// Ends the binding started by ``startObserving``.
    case stopObserving
    /// Reads the repository's contents once.
    case load

    // MARK: Commands

    /// Adds a todo with this title; an empty title sets ``TodoStoreError/emptyTitle``.
    case add(title: String)
    /// Adds a todo for each title, as one change that one ``undo`` reverts; an empty title
    /// sets ``TodoStoreError/emptyTitle`` and adds nothing.
    case addAll(titles: [String])
    /// Renames a todo.
    case rename(id: Todo.ID, title: String)
    /// Sets a todo's note; an empty one clears it, and one too long sets
    /// ``TodoStoreError/noteTooLong(length:maximum:)``.
    case setNote(id: Todo.ID, note: String)
    /// Marks a todo done if it is open, open if it is done, as it is when the change is made.
    case toggle(id: Todo.ID)
    /// Marks a todo done or open.
    case setDone(id: Todo.ID, isDone: Bool)
    /// Deletes a todo.
    case delete(id: Todo.ID)
    /// Deletes every done todo.
    case clearDone
    /// Asks the user first (``State/prompt``) when more than one todo is done, then deletes the
    /// done todos; with one or none, deletes at once.
    case clearDoneTapped
    /// Reverts the last change.
    case undo
    /// Applies the last change undone again.
    case redo
    /// Steps back on the list (Esc): clears the error and the outcome shown; when none is
    /// shown, clears the search that was kept.
    case back
    /// Gives a display setting a value, written as `todo config` takes it; a word that is not
    /// one of the setting's values sets ``TodoStoreError/badSetting(_:)`` and changes nothing.
    case configure(key: TodoSettings.Key, value: String)

    // MARK: Children

    /// An action of the list.
    case list(TodoListFeature.Action)
    /// An action of the title editor, while it is presented.
    case editor(TitleEditorFeature.Action)
    /// An action of the stack of screens over the list: a push, a pop, or a screen's own.
    case path(StackAction<TodoDestination.State, TodoDestination.Action>)
    /// The answer to the question shown (``State/prompt``): a button's confirmation, or its
    /// dismissal.
    case prompt(PresentationAction<Confirmation>)

    // MARK: Results

    /// The repository's contents, read by ``load`` or published by the binding: the initial
    /// ones, and those another process left.
    case snapshotLoaded(TodoSnapshot)
    /// A command succeeded: what it did, and the contents it left.
    case finished(TodoOutcome, contents: TodoSnapshot)
    /// A command, or reading the repository, failed.
    case failed(TodoStoreError)
    /// A rename found its todo gone: another process deleted it. The error is shown, and the
    /// title typed is kept in the title editor, where saving adds it as a new todo.
    case renameFoundTodoDeleted(id: Todo.ID, title: String)

    /// The case carrying the list's actions.
    public static let listCase = ActionCase(Action.list)

    /// The case carrying the stack's actions.
    public static let pathCase = ActionCase(Action.path)

    /// The case carrying the answers to the question shown.
    public static let promptCase = ActionCase(Action.prompt)

    /// The case carrying the title editor's actions.
    public static let editorCase = ActionCase(Action.editor)
  }
}
