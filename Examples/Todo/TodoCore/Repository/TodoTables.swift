import Foundation

/// Where a repository's todos and undo history are, as one change sees them: the few reads and
/// writes the commands are made of, inside that change's transaction (or lock).
///
/// The commands — add, rename, set a note, mark done, delete, clear, undo, redo — are written
/// once, in the extension below, over these operations; each repository says only how its
/// database does them: ``SQLTodoTables`` for SQLite and PostgreSQL, the in-memory repository's
/// tables for tests. So every repository labels its changes, skips a change that does nothing
/// and records what undo restores the same way. The tables of a change are an object made for
/// that change, which the repository reads back when the command is done (the counters it
/// moved, the contents it left).
protocol TodoTables: AnyObject {
  /// The todo with `id`.
  ///
  /// - Throws: ``TodoStoreError/todoNotFound(_:)`` when there is none.
  func todo(_ id: Todo.ID) throws(TodoStoreError) -> Todo

  /// The done todos, by identifier.
  func doneTodos() throws(TodoStoreError) -> [Todo]

  /// Adds open todos with new identifiers after every other, as a new undo step labelled
  /// `label` that removes them again.
  ///
  /// - Returns: The new todos, in the order of `titles`.
  func insert(_ titles: [String], at date: Date, label: String) throws(TodoStoreError) -> [Todo]

  /// Starts a new undo step labelled `label` that restores the todos of `scope` as they are
  /// now; the changes undone before it can no longer be redone.
  func beginUndoStep(_ label: String, restoring scope: TodoScope) throws(TodoStoreError)

  /// Writes a todo's title, note and completion.
  func update(_ todo: Todo) throws(TodoStoreError)

  /// Deletes the todos of `scope`.
  func delete(_ scope: TodoScope) throws(TodoStoreError)

  /// Takes the last step of `source` back: records the todos it touches, as they are now, as a
  /// step of the other history (so that it can be taken back in turn), then restores them as
  /// the step recorded them.
  ///
  /// - Returns: The step's label.
  /// - Throws: ``TodoStoreError/nothingToUndo``, ``TodoStoreError/olderChangesNotKept(kept:)``
  ///   or ``TodoStoreError/nothingToRedo`` when `source` is empty.
  func takeBack(from source: TodoHistory) throws(TodoStoreError) -> String
}

/// The todos a change touches: one, or every done one.
enum TodoScope {
  case todo(Todo.ID)
  case done
}

/// The two stacks of steps: what undo reverts, and what redo applies again.
enum TodoHistory {
  case undo, redo

  /// The other stack: where a step taken back from this one goes.
  var other: TodoHistory { self == .undo ? .redo : .undo }
}

// MARK: - The commands, once for every repository

extension TodoTables {
  // The titles and notes given are validated already, before the change began: what the user
  // typed is refused for what it is, whatever the database's state.

  /// Adds open todos as one change; see ``TodoRepository/add(titles:at:)``.
  func add(_ titles: [String], at date: Date) throws(TodoStoreError) -> [Todo] {
    try insert(titles, at: date, label: addLabel(titles))
  }

  /// Gives a todo a new title; see ``TodoRepository/rename(id:to:)``.
  func rename(_ id: Todo.ID, to title: String) throws(TodoStoreError) -> TodoUpdate {
    try modify(id) { todo in
      guard todo.title != title else { return nil }
      defer { todo.title = title }
      return "rename “\(todo.title)” to “\(title)”"
    }
  }

  /// Sets a todo's note; see ``TodoRepository/setNote(_:id:)``.
  func setNote(_ note: String, of id: Todo.ID) throws(TodoStoreError) -> TodoUpdate {
    try modify(id) { todo in
      guard todo.note != note else { return nil }
      defer { todo.note = note }
      return noteLabel(todo)
    }
  }

  /// Marks a todo done or open; see ``TodoRepository/setDone(_:id:at:)``.
  func setDone(_ isDone: Bool, _ id: Todo.ID, at date: Date) throws(TodoStoreError) -> TodoUpdate {
    try modify(id) { todo in
      guard todo.isDone != isDone else { return nil }
      todo.isDone = isDone
      todo.completedAt = isDone ? date : nil
      return "\(isDone ? "complete" : "reopen") “\(todo.title)”"
    }
  }

  /// Marks an open todo done and a done one open, as the todo is now; see
  /// ``TodoRepository/toggleDone(id:at:)``.
  func toggleDone(_ id: Todo.ID, at date: Date) throws(TodoStoreError) -> TodoUpdate {
    try setDone(!todo(id).isDone, id, at: date)
  }

  /// Deletes a todo; see ``TodoRepository/delete(id:)``.
  func delete(_ id: Todo.ID) throws(TodoStoreError) -> Todo {
    let todo = try todo(id)
    try beginUndoStep("delete “\(todo.title)”", restoring: .todo(id))
    try delete(.todo(id))
    return todo
  }

  /// Deletes the done todos; see ``TodoRepository/clearDone()``.
  func clearDone() throws(TodoStoreError) -> [Todo] {
    let done = try doneTodos()
    guard !done.isEmpty else { return [] }
    try beginUndoStep("clear \(done.count) done", restoring: .done)
    try delete(.done)
    return done
  }

  /// Changes one todo with `change`, which returns the change's undo label, or `nil` (and
  /// changes nothing) when the todo already is as asked: then no undo step is recorded.
  private func modify(
    _ id: Todo.ID, _ change: (inout Todo) -> String?
  ) throws(TodoStoreError) -> TodoUpdate {
    let before = try todo(id)
    var after = before
    guard let label = change(&after) else { return TodoUpdate(todo: before, isChanged: false) }
    try beginUndoStep(label, restoring: .todo(id))
    try update(after)
    return TodoUpdate(todo: after, isChanged: true)
  }
}

/// How many changes the repositories can undo.
let undoDepth = TodoSnapshot.undoDepth

/// The undo label of setting the note of `todo`: `note on “Buy milk”`.
func noteLabel(_ todo: Todo) -> String {
  "note on “\(todo.title)”"
}

/// The undo label of adding `titles`: `add “Buy milk”` for one, `add 3 todos` for more.
func addLabel(_ titles: [String]) -> String {
  titles.count == 1 ? "add “\(titles[0])”" : "add \(titles.count) todos"
}
