import Foundation
import Uniflow

/// A repository that keeps its todos in memory, for tests and previews.
///
/// It runs the commands every repository shares (written once, over what each keeps its todos
/// in), so it behaves like ``SQLiteTodoRepository`` — identifiers count up from 1 and are never
/// reused, the same errors, the same undo — without a file:
///
/// ```swift
/// let repository = InMemoryTodoRepository()
/// let store = Store(initialState: TodoFeature.State(), reducer: TodoFeature(repository: repository))
/// ```
public final class InMemoryTodoRepository: TodoRepository {
  fileprivate struct Contents {
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
    var subscribers = TodoSubscribers()
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
    TodoSubscribers.finishAll(in: contents, at: \.subscribers)
  }

  /// The contents now; nobody else changes them, so nothing follows. See
  /// ``TodoRepository/updates()``.
  public func updates() -> AsyncStream<Result<TodoSnapshot, TodoStoreError>> {
    TodoSubscribers.stream(in: contents, at: \.subscribers) { contents, continuation in
      continuation.yield(.success(contents.snapshot))
    }
  }

  /// The current contents.
  public func snapshot() async throws(TodoStoreError) -> TodoSnapshot {
    contents.withLock { $0.snapshot }
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

  /// Makes a change on a copy of the contents, kept if the command returns: a change that
  /// throws leaves the contents as they were. See ``TodoRepository/perform(_:)``.
  public func perform<Value>(_ command: TodoCommand<Value>) async throws(TodoStoreError) -> TodoChange<Value>
  {
    try contents.withLock { contents throws(TodoStoreError) in
      let tables = Tables(contents)
      let value = try command.run(tables)
      contents = tables.contents
      return TodoChange(value: value, contents: contents.snapshot)
    }
  }
}

/// The in-memory contents as the tables of one change: the commands every repository shares,
/// on todos kept in an array, with the whole array kept for each undo step.
private final class Tables: TodoTables {
  var contents: InMemoryTodoRepository.Contents

  init(_ contents: InMemoryTodoRepository.Contents) {
    self.contents = contents
  }

  func todo(_ id: Todo.ID) throws(TodoStoreError) -> Todo {
    guard let todo = contents.todos[id: id] else { throw .todoNotFound(id) }
    return todo
  }

  func doneTodos() -> [Todo] {
    contents.todos.filter(\.isDone).elements
  }

  func insert(_ titles: [String], at date: Date, label: String) -> [Todo] {
    let new = titles.enumerated().map { offset, title in
      Todo(id: contents.nextID + Todo.ID(offset), title: title, createdAt: date)
    }
    contents.pushUndo(label, touching: Set(new.map(\.id)))
    contents.nextID += Todo.ID(new.count)
    contents.todos.append(contentsOf: new)
    return new
  }

  func beginUndoStep(_ label: String, restoring scope: TodoScope) {
    switch scope {
    case .todo(let id): contents.pushUndo(label, touching: [id])
    case .done: contents.pushUndo(label, touching: Set(doneTodos().map(\.id)))
    }
  }

  func update(_ todo: Todo) {
    contents.todos[id: todo.id] = todo
  }

  func delete(_ scope: TodoScope) {
    switch scope {
    case .todo(let id): contents.todos.remove(id: id)
    case .done: contents.todos.removeAll(where: \.isDone)
    }
  }

  func takeBack(from source: TodoHistory) throws(TodoStoreError) -> String {
    switch source {
    case .undo:
      guard let label = contents.undoLabels.popLast(), let before = contents.undoTodos.popLast(),
        let touched = contents.undoTouched.popLast(), let date = contents.undoDates.popLast()
      else {
        throw contents.droppedOlderSteps ? .olderChangesNotKept(kept: undoDepth) : .nothingToUndo
      }
      contents.redoStack.append((label, contents.todos, touched, date))
      contents.todos = before
      return label
    case .redo:
      guard let step = contents.redoStack.popLast() else { throw .nothingToRedo }
      contents.pushUndo(step.label, touching: step.touched, keepingRedo: true, madeAt: step.date)
      contents.todos = step.todos
      return step.label
    }
  }
}
