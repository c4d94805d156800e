import Foundation
import Uniflow

/// A repository that keeps its todos in memory, for tests and previews.
///
/// It behaves like ``SQLiteTodoRepository`` (identifiers count up from 1 and are never
/// reused, the same errors, the same undo), without a file:
///
/// ```swift
/// let repository = InMemoryTodoRepository()
/// let store = Store(initialState: TodoFeature.State(), reducer: TodoFeature(repository: repository))
/// ```
public final class InMemoryTodoRepository: TodoRepository {
  private struct Contents {
    var todos: IdentifiedArray<Todo>
    var nextID: Todo.ID
    /// The labels of the changes undo can revert, oldest first, as snapshots show them; the
    /// todos before each change are in `undoTodos`, and the todos it touched in
    /// `undoTouched`, at the same index.
    var undoLabels: [String] = []
    var undoTodos: [IdentifiedArray<Todo>] = []
    var undoTouched: [Set<Todo.ID>] = []
    /// When each change was made, at the same index.
    var undoDates: [Date] = []
    var redoStack: [(label: String, todos: IdentifiedArray<Todo>, touched: Set<Todo.ID>, date: Date)] = []
    /// The clock that dates the changes.
    let now: @Sendable () -> Date
    var subscribers: [Int: AsyncStream<Result<TodoSnapshot, TodoStoreError>>.Continuation] = [:]
    var nextSubscriber = 0
    /// Whether the undo history dropped its oldest steps to stay within its depth.
    var droppedOlderSteps = false

    var snapshot: TodoSnapshot {
      TodoSnapshot(todos: todos, undoHistory: undoLabels)
    }

    /// Records the todos as they are before a change labelled `label`; the changes undone
    /// before it can no longer be redone, unless it is the redo itself (`keepingRedo`).
    mutating func pushUndo(
      _ label: String, touching touched: Set<Todo.ID>, keepingRedo: Bool = false, madeAt date: Date? = nil
    ) {
      if !keepingRedo { redoStack = [] }
      undoLabels.append(label)
      undoTodos.append(todos)
      undoTouched.append(touched)
      undoDates.append(date ?? now())
      if undoLabels.count > undoDepth {
        undoLabels.removeFirst(undoLabels.count - undoDepth)
        undoTodos.removeFirst(undoTodos.count - undoDepth)
        undoTouched.removeFirst(undoTouched.count - undoDepth)
        undoDates.removeFirst(undoDates.count - undoDepth)
        droppedOlderSteps = true
      }
    }

    func todo(_ id: Todo.ID) throws(TodoStoreError) -> Todo {
      guard let todo = todos[id: id] else { throw .todoNotFound(id) }
      return todo
    }

    /// Marks a todo done or open, as one step that can be undone if it changed anything.
    mutating func setDone(_ isDone: Bool, id: Todo.ID, at date: Date) throws(TodoStoreError) -> TodoUpdate {
      var todo = try todo(id)
      guard todo.isDone != isDone else { return TodoUpdate(todo: todo, isChanged: false) }
      pushUndo("\(isDone ? "complete" : "reopen") “\(todo.title)”", touching: [id])
      todo.isDone = isDone
      todo.completedAt = isDone ? date : nil
      todos[id: id] = todo
      return TodoUpdate(todo: todo, isChanged: true)
    }
  }

  private let contents: LockIsolated<Contents>

  /// Creates a repository holding `todos`.
  ///
  /// - Parameters:
  ///   - todos: The initial todos, in any order; the repository keeps them by ascending
  ///     identifier, and the next todo added gets an identifier above theirs. The undo history
  ///     starts empty.
  ///   - now: The clock that dates each change in the history; a fixed date in tests.
  public init(todos: IdentifiedArray<Todo> = [], now: @escaping @Sendable () -> Date = { Date() }) {
    var todos = todos
    todos.sort { $0.id < $1.id }
    let nextID = (todos.ids.max() ?? 0) + 1
    contents = LockIsolated(Contents(todos: todos, nextID: nextID, now: now))
  }

  deinit {
    let continuations = contents.withLock { Array($0.subscribers.values) }
    for continuation in continuations { continuation.finish() }
  }

  /// The contents now; nobody else changes them, so nothing follows. See
  /// ``TodoRepository/updates()``.
  public func updates() -> AsyncStream<Result<TodoSnapshot, TodoStoreError>> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Result<TodoSnapshot, TodoStoreError>.self, bufferingPolicy: .bufferingNewest(1))
    let id = contents.withLock { contents in
      let id = contents.nextSubscriber
      contents.nextSubscriber += 1
      contents.subscribers[id] = continuation
      continuation.yield(.success(contents.snapshot))
      return id
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.contents.withLock { $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  /// The current contents.
  public func snapshot() async throws(TodoStoreError) -> TodoSnapshot {
    contents.withLock { $0.snapshot }
  }

  /// Adds an open todo; see ``TodoRepository/add(title:at:)``.
  public func add(title: String, at date: Date) async throws(TodoStoreError) -> TodoChange<Todo> {
    let title = try Todo.validatedTitle(title)
    return try change { contents in
      let todo = Todo(id: contents.nextID, title: title, createdAt: date)
      contents.pushUndo("add “\(title)”", touching: [todo.id])
      contents.nextID += 1
      contents.todos.append(todo)
      return todo
    }
  }

  /// Adds open todos as one change; see ``TodoRepository/add(titles:at:)``.
  public func add(titles: [String], at date: Date) async throws(TodoStoreError) -> TodoChange<[Todo]> {
    guard !titles.isEmpty else { throw .emptyTitle }
    let normalized = try titles.map { title throws(TodoStoreError) in try Todo.validatedTitle(title) }
    return try change { contents in
      let todos = normalized.enumerated().map { offset, title in
        Todo(id: contents.nextID + Todo.ID(offset), title: title, createdAt: date)
      }
      contents.pushUndo(addLabel(normalized), touching: Set(todos.map(\.id)))
      contents.nextID += Todo.ID(todos.count)
      contents.todos.append(contentsOf: todos)
      return todos
    }
  }

  /// Renames a todo; see ``TodoRepository/rename(id:to:)``.
  public func rename(id: Todo.ID, to title: String) async throws(TodoStoreError) -> TodoChange<TodoUpdate> {
    let title = try Todo.validatedTitle(title)
    return try change { contents throws(TodoStoreError) in
      var todo = try contents.todo(id)
      guard todo.title != title else { return TodoUpdate(todo: todo, isChanged: false) }
      contents.pushUndo("rename “\(todo.title)” to “\(title)”", touching: [id])
      todo.title = title
      contents.todos[id: id] = todo
      return TodoUpdate(todo: todo, isChanged: true)
    }
  }

  /// Sets a todo's note; see ``TodoRepository/setNote(_:id:)``.
  public func setNote(_ note: String, id: Todo.ID) async throws(TodoStoreError) -> TodoChange<TodoUpdate> {
    let note = try Todo.validatedNote(note)
    return try change { contents throws(TodoStoreError) in
      var todo = try contents.todo(id)
      guard todo.note != note else { return TodoUpdate(todo: todo, isChanged: false) }
      contents.pushUndo(noteLabel(todo), touching: [id])
      todo.note = note
      contents.todos[id: id] = todo
      return TodoUpdate(todo: todo, isChanged: true)
    }
  }

  /// Marks a todo done or open; see ``TodoRepository/setDone(_:id:at:)``.
  public func setDone(
    _ isDone: Bool, id: Todo.ID, at date: Date
  ) async throws(TodoStoreError)
    -> TodoChange<TodoUpdate>
  {
    try change { contents throws(TodoStoreError) in try contents.setDone(isDone, id: id, at: date) }
  }

  /// Marks an open todo done and a done one open; see ``TodoRepository/toggleDone(id:at:)``.
  public func toggleDone(id: Todo.ID, at date: Date) async throws(TodoStoreError) -> TodoChange<TodoUpdate> {
    try change { contents throws(TodoStoreError) in
      try contents.setDone(!contents.todo(id).isDone, id: id, at: date)
    }
  }

  /// Deletes a todo; see ``TodoRepository/delete(id:)``.
  public func delete(id: Todo.ID) async throws(TodoStoreError) -> TodoChange<Todo> {
    try change { contents throws(TodoStoreError) in
      let todo = try contents.todo(id)
      contents.pushUndo("delete “\(todo.title)”", touching: [id])
      contents.todos.remove(id: id)
      return todo
    }
  }

  /// Deletes the done todos; see ``TodoRepository/clearDone()``.
  public func clearDone() async throws(TodoStoreError) -> TodoChange<[Todo]> {
    try change { contents in
      let done = contents.todos.filter(\.isDone).elements
      guard !done.isEmpty else { return [] }
      contents.pushUndo("clear \(done.count) done", touching: Set(done.map(\.id)))
      contents.todos.removeAll(where: \.isDone)
      return done
    }
  }

  /// Reverts the last change; see ``TodoRepository/undo()``.
  public func undo() async throws(TodoStoreError) -> TodoChange<String> {
    try change { contents throws(TodoStoreError) in
      guard let label = contents.undoLabels.popLast(), let todos = contents.undoTodos.popLast(),
        let touched = contents.undoTouched.popLast(), let date = contents.undoDates.popLast()
      else {
        throw contents.droppedOlderSteps ? .olderChangesNotKept(kept: undoDepth) : .nothingToUndo
      }
      contents.redoStack.append((label, contents.todos, touched, date))
      contents.todos = todos
      return label
    }
  }

  /// Applies the last change undone again; see ``TodoRepository/redo()``.
  public func redo() async throws(TodoStoreError) -> TodoChange<String> {
    try change { contents throws(TodoStoreError) in
      guard let step = contents.redoStack.popLast() else { throw .nothingToRedo }
      contents.pushUndo(step.label, touching: step.touched, keepingRedo: true, madeAt: step.date)
      contents.todos = step.todos
      return step.label
    }
  }

  /// The labels of the undo steps that touched a todo; see ``TodoRepository/history(of:)``.
  public func history(of id: Todo.ID) async throws(TodoStoreError) -> [String] {
    contents.withLock { contents in
      zip(contents.undoLabels, contents.undoTouched).filter { $0.1.contains(id) }.map(\.0)
    }
  }

  /// The changes of a todo, dated, with the note each left; see
  /// ``TodoRepository/changes(of:)``.
  public func changes(of id: Todo.ID) async throws(TodoStoreError) -> [TodoHistoryEntry] {
    contents.withLock { contents in
      let steps = contents.undoLabels.indices.filter { contents.undoTouched[$0].contains(id) }.map { index in
        TodoHistoryStep(
          label: contents.undoLabels[index], date: contents.undoDates[index],
          noteBefore: contents.undoTodos[index][id: id]?.note)
      }
      return TodoHistoryStep.entries(steps, noteNow: contents.todos[id: id]?.note)
    }
  }

  /// Does nothing: only this instance changes its contents.
  public func reloadIfChanged() async throws(TodoStoreError) {}

  /// Applies a change and reads the contents it left, atomically; a change that throws leaves
  /// the contents as they were.
  private func change<Value: Sendable>(
    _ body: (inout Contents) throws(TodoStoreError) -> Value
  ) throws(TodoStoreError) -> TodoChange<Value> {
    try contents.withLock { contents throws(TodoStoreError) in
      let value = try body(&contents)
      return TodoChange(value: value, contents: contents.snapshot)
    }
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
