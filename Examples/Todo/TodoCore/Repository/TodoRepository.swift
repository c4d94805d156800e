import Foundation

/// Where todos live: it applies changes, each with the contents it left, and publishes the
/// changes other processes make.
///
/// ``TodoFeature`` talks to a repository only through this protocol, so the program runs on
/// ``SQLiteTodoRepository`` and tests on ``InMemoryTodoRepository``. Each command returns a
/// ``TodoChange``: its result and the contents its transaction read, which the feature puts in
/// its state in one action. ``updates()`` publishes the initial contents, then only what
/// changed from outside this instance:
///
/// ```swift
/// let change = try await repository.add(title: "Buy milk", at: .now)
/// render(change.contents.todos)
/// for await update in repository.updates() {
///   switch update {
///   case .success(let snapshot): render(snapshot.todos)
///   case .failure(let error): show(error)
///   }
/// }
/// ```
///
/// A repository says how it reads and how it makes a change (``perform(_:)``); the commands
/// themselves (add, rename, undo…) are written once, in an extension, for every repository.
/// Every change is atomic, and every change but ``undo()`` can be reverted by ``undo()``
/// (and an undo by ``redo()``);
/// changes are undone in the reverse order they were made, as far back as the repository
/// keeps its history (at least the last 100 changes). A change that does nothing (marking a
/// done todo done, clearing when nothing is done) leaves no undo step.
public protocol TodoRepository: Sendable {
  /// The repository's contents: the current snapshot at once, then a new one after each change
  /// ``reloadIfChanged()`` finds from outside this instance.
  ///
  /// The changes made through this instance are not published here: each command returns the
  /// contents it left. A consumer slower than the changes skips to the latest snapshot. A
  /// failure to read the contents arrives as a `.failure`. The sequence ends when iteration stops
  /// (or its task is cancelled), or when the repository is released.
  ///
  /// - Returns: An async sequence of snapshots, or of the errors reading them.
  func updates() -> AsyncStream<Result<TodoSnapshot, TodoStoreError>>

  /// Reads the current contents once.
  ///
  /// The snapshot includes every change that returned before the call.
  ///
  /// - Returns: The todos and the undo history.
  func snapshot() async throws(TodoStoreError) -> TodoSnapshot

  /// Makes a change: runs `command` as one change — one transaction, or one turn of a lock —
  /// and reads the contents it left.
  ///
  /// Every command below (``add(title:at:)``, ``rename(id:to:)``, ``undo()``…) is made of it:
  /// a repository says how it makes a change, not what each change does, and a test double
  /// refuses, delays or counts every change in one place.
  ///
  /// - Parameter command: The change.
  /// - Returns: What the command returned, and the contents after the change.
  /// - Throws: What the command throws, which changes nothing, or why the change could not be
  ///   made.
  func perform<Value>(_ command: TodoCommand<Value>) async throws(TodoStoreError) -> TodoChange<Value>

  /// The changes of one todo that ``undo()`` can revert: the labels of the undo history's steps
  /// that touched it, oldest first.
  ///
  /// - Parameter id: The todo; one without changes kept (or unknown) has an empty history.
  /// - Returns: The labels, such as `add “Buy milk”`, oldest first.
  func history(of id: Todo.ID) async throws(TodoStoreError) -> [String]

  /// The changes of one todo that ``undo()`` can revert, oldest first, each with when it was
  /// made and the note it left, so that a history screen tells changes of the same kind apart.
  ///
  /// - Parameter id: The todo; one without changes kept (or unknown) has an empty history.
  /// - Returns: The entries, oldest first; a change kept by a version that did not date its
  ///   changes has no date.
  func changes(of id: Todo.ID) async throws(TodoStoreError) -> [TodoHistoryEntry]

  /// Publishes a new snapshot to ``updates()`` if the contents were changed from outside this
  /// instance (another process on the same database file, another client of the same server)
  /// since the last snapshot.
  ///
  /// The program's ``TodoChangeWatch`` calls it when it learns of a change from outside. A
  /// repository that nobody else can change does nothing.
  ///
  /// - Throws: A ``TodoStoreError`` when the contents cannot be checked or read.
  func reloadIfChanged() async throws(TodoStoreError)
}

/// The commands, each one change that ``TodoRepository/perform(_:)`` makes.
extension TodoRepository {
  /// Adds an open todo at the end of the list.
  ///
  /// - Parameters:
  ///   - title: The title, already normalized (see ``Todo/normalizedTitle(_:)``); an empty one
  ///     throws ``TodoStoreError/emptyTitle``.
  ///   - date: The creation date to record.
  /// - Returns: The new todo, with its identifier, and the contents after the change.
  @discardableResult
  public func add(title: String, at date: Date) async throws(TodoStoreError) -> TodoChange<Todo> {
    let title = try Todo.validatedTitle(title)
    return try await perform(
      TodoCommand { tables throws(TodoStoreError) in try tables.add([title], at: date)[0] })
  }

  /// Adds open todos at the end of the list, in order, as one change: one transaction, and one
  /// step that ``undo()`` reverts as a whole.
  ///
  /// - Parameters:
  ///   - titles: The titles, already normalized and not empty; an empty one throws
  ///     ``TodoStoreError/emptyTitle`` and adds nothing.
  ///   - date: The creation date to record.
  /// - Returns: The new todos, with their identifiers, in the order of `titles`, and the
  ///   contents after the change.
  /// - Complexity: O(*n*) in the number of titles, whatever the number of todos stored.
  @discardableResult
  public func add(titles: [String], at date: Date) async throws(TodoStoreError) -> TodoChange<[Todo]> {
    guard !titles.isEmpty else { throw .emptyTitle }
    let titles = try titles.map { title throws(TodoStoreError) in try Todo.validatedTitle(title) }
    return try await perform(
      TodoCommand { tables throws(TodoStoreError) in try tables.add(titles, at: date) })
  }

  /// Gives a todo a new title.
  ///
  /// - Parameters:
  ///   - id: The todo to rename; an unknown one throws ``TodoStoreError/todoNotFound(_:)``.
  ///   - title: The new title, normalized and not empty.
  /// - Returns: The renamed todo and whether its title changed, and the contents after it.
  @discardableResult
  public func rename(id: Todo.ID, to title: String) async throws(TodoStoreError) -> TodoChange<TodoUpdate> {
    let title = try Todo.validatedTitle(title)
    return try await perform(
      TodoCommand { tables throws(TodoStoreError) in try tables.rename(id, to: title) })
  }

  /// Sets a todo's note, as a change ``undo()`` reverts like any other.
  ///
  /// - Parameters:
  ///   - note: The note, already validated (see ``Todo/validatedNote(_:)``); empty clears it.
  ///   - id: The todo; an unknown one throws ``TodoStoreError/todoNotFound(_:)``.
  /// - Returns: The todo with its note and whether the note changed, and the contents after it.
  /// - Throws: ``TodoStoreError/noteTooLong(length:maximum:)`` for a note too long, and the
  ///   errors of the other changes.
  @discardableResult
  public func setNote(_ note: String, id: Todo.ID) async throws(TodoStoreError) -> TodoChange<TodoUpdate> {
    let note = try Todo.validatedNote(note)
    return try await perform(
      TodoCommand { tables throws(TodoStoreError) in try tables.setNote(note, of: id) })
  }

  /// Marks a todo done or open.
  ///
  /// - Parameters:
  ///   - isDone: Whether the todo is done.
  ///   - id: The todo to change; an unknown one throws ``TodoStoreError/todoNotFound(_:)``.
  ///   - date: The completion date to record when `isDone` is `true`.
  /// - Returns: The todo after the change and whether it was open (or done) before, and the
  ///   contents after the change.
  @discardableResult
  public func setDone(
    _ isDone: Bool, id: Todo.ID, at date: Date
  ) async throws(TodoStoreError) -> TodoChange<TodoUpdate> {
    try await perform(
      TodoCommand { tables throws(TodoStoreError) in try tables.setDone(isDone, id, at: date) })
  }

  /// Marks an open todo done and a done one open, deciding which from the todo as it is when
  /// the change is made.
  ///
  /// Reading the todo, then calling ``setDone(_:id:at:)`` with the opposite, would decide from
  /// what the reader saw: two toggles sent before the first one's result is back would both
  /// mark it done. Here they undo each other.
  ///
  /// - Parameters:
  ///   - id: The todo to change; an unknown one throws ``TodoStoreError/todoNotFound(_:)``.
  ///   - date: The completion date to record when the todo becomes done.
  /// - Returns: The todo after the change, and the contents after it.
  @discardableResult
  public func toggleDone(id: Todo.ID, at date: Date) async throws(TodoStoreError) -> TodoChange<TodoUpdate> {
    try await perform(TodoCommand { tables throws(TodoStoreError) in try tables.toggleDone(id, at: date) })
  }

  /// Deletes a todo.
  ///
  /// - Parameter id: The todo to delete; an unknown one throws
  ///   ``TodoStoreError/todoNotFound(_:)``.
  /// - Returns: The deleted todo, and the contents after the change.
  @discardableResult
  public func delete(id: Todo.ID) async throws(TodoStoreError) -> TodoChange<Todo> {
    try await perform(TodoCommand { tables throws(TodoStoreError) in try tables.delete(id) })
  }

  /// Deletes every done todo, as one change.
  ///
  /// - Returns: The deleted todos (empty when none was done), and the contents after.
  @discardableResult
  public func clearDone() async throws(TodoStoreError) -> TodoChange<[Todo]> {
    try await perform(TodoCommand { tables throws(TodoStoreError) in try tables.clearDone() })
  }

  /// Reverts the last change that has not been undone yet, restoring every todo it touched
  /// (identifiers included).
  ///
  /// - Returns: The label of the reverted change, such as `add “Buy milk”`, and the contents
  ///   after the undo.
  /// - Throws: ``TodoStoreError/nothingToUndo`` when the history is empty.
  @discardableResult
  public func undo() async throws(TodoStoreError) -> TodoChange<String> {
    try await perform(TodoCommand { tables throws(TodoStoreError) in try tables.takeBack(from: .undo) })
  }

  /// Applies again the last change ``undo()`` reverted, restoring every todo it touched as it
  /// was before the undo. Any other change in between makes the changes undone before it
  /// impossible to redo.
  ///
  /// - Returns: The label of the change applied again, and the contents after it.
  /// - Throws: ``TodoStoreError/nothingToRedo`` when nothing was undone since the last change.
  @discardableResult
  public func redo() async throws(TodoStoreError) -> TodoChange<String> {
    try await perform(TodoCommand { tables throws(TodoStoreError) in try tables.takeBack(from: .redo) })
  }
}

/// One change to the todos, as a value: what ``TodoRepository/perform(_:)`` runs.
///
/// The commands of ``TodoRepository`` make them; a repository runs one on where it keeps its
/// todos, and a test double may run, refuse or delay one without knowing which it is.
public struct TodoCommand<Value: Codable & Sendable>: Sendable {
  /// What the change does, on the tables of the change that runs it.
  let run: @Sendable (any TodoTables) throws(TodoStoreError) -> Value
}
