extension TodoFeature {
  /// What can happen to the todo list: the user's intents, and the results the repository
  /// sends back.
  public enum Action: Equatable, Sendable, Codable {
    // MARK: Lifecycle

    /// Binds the repository's updates into the state until ``stopObserving``, and checks
    /// periodically for changes made by other processes.
    case startObserving
    /// Ends the binding started by ``startObserving``.
    case stopObserving
    /// Reads the repository's contents once.
    case load

    // MARK: Intents

    /// Adds a todo with this title; an empty title sets ``TodoStoreError/emptyTitle``.
    case add(title: String)
    /// Adds a todo for each title, as one change that one ``undo`` reverts; an empty title
    /// sets ``TodoStoreError/emptyTitle`` and adds nothing.
    case addAll(titles: [String])
    /// Renames a todo.
    case rename(id: Todo.ID, title: String)
    /// Marks a todo done if it is open, open if it is done, as it is when the change is made.
    case toggle(id: Todo.ID)
    /// Marks a todo done or open.
    case setDone(id: Todo.ID, isDone: Bool)
    /// Deletes a todo.
    case delete(id: Todo.ID)
    /// Deletes every done todo.
    case clearDone
    /// Reverts the last change.
    case undo
    /// Applies the last change undone again.
    case redo
    /// Shows the todos that pass a filter.
    case setFilter(TodoFilter)
    /// Shows only the todos whose title contains this text, ignoring case and accents; an
    /// empty text shows them all.
    case setSearch(String)
    /// Switches to the next filter: all, open, done, all…
    case cycleFilter
    /// Moves the selection by this many visible rows (negative is up), stopping at the ends.
    case moveSelection(by: Int)
    /// Selects a todo.
    case select(id: Todo.ID?)
    /// Clears the error and the outcome shown.
    case dismissMessage

    // MARK: Results

    /// The repository's contents, read by ``load`` or published by the binding: the initial
    /// ones, and those another process left.
    case snapshotLoaded(TodoSnapshot)
    /// A command succeeded: what it did, and the contents it left.
    case finished(TodoOutcome, contents: TodoSnapshot)
    /// A command, or reading the repository, failed.
    case failed(TodoStoreError)
  }
}
