import Foundation
import Uniflow

/// A database that keeps todos in SQL tables: how it runs a statement, and the few places where
/// its SQL differs from the others'. ``SQLTodoTables`` writes the rest once.
///
/// Both databases have the same tables: `todos`; `undo_steps` and `redo_steps`, each step with
/// its label and when its change was made; `undo_rows` and `redo_rows`, the todos each step
/// restores, as they were (`existed` false for a todo the step removes). Statements are written
/// with `$1`, `$2`… for their parameters, `true` and `false` for Booleans, and `CAST(… AS
/// BIGINT)` where a parameter's type is not found from a column.
protocol SQLTodoDatabase {
  associatedtype Row: SQLTodoRow

  /// Runs one statement and returns its rows (none for a statement that returns none).
  @discardableResult
  func run(_ sql: String, _ parameters: [SQLValue]) throws(TodoStoreError) -> [Row]

  /// What reading the todos finds when two share an identifier: a damaged database.
  var damaged: TodoStoreError { get }

  /// An expression for the time now by the database's clock, in seconds since 1970, as the
  /// todos' dates: the time a change is made.
  static var now: String { get }

  /// The column that orders the rows of an undo or redo step as they were recorded.
  static var recordedOrder: String { get }

  /// A table of the strings of the JSON array in `parameter`, with columns `key` (the index,
  /// from 0) and `value`: how a list of titles is given in one parameter.
  static func elements(of parameter: String) -> String
}

/// A row a ``SQLTodoDatabase`` returns, read by column.
protocol SQLTodoRow {
  func integer(_ column: Int) -> Int64?
  func real(_ column: Int) -> Double?
  func text(_ column: Int) -> String?
  func bool(_ column: Int) -> Bool?
}

/// A value bound to a statement's parameter.
enum SQLValue {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case bool(Bool)

  /// A number, or `NULL` for `nil`.
  static func number(_ value: Double?) -> SQLValue {
    value.map { .real($0) } ?? .null
  }
}

/// The numbers that name what a change makes: the next todo's identifier, and how many undo
/// and redo steps were ever made (a step's identifier is its number).
///
/// They only grow, so an identifier is never used twice; and since an undo step goes either
/// by an undo, which makes one redo step, or by being dropped, the two counts tell whether the
/// undo history dropped its oldest steps.
struct TodoCounters: Equatable {
  var nextTodoID: Int64
  var undoStepsMade: Int64
  var redoStepsMade: Int64
}

/// The todo tables of an SQL database, inside one change: the undo and history machinery,
/// written once for SQLite and PostgreSQL.
final class SQLTodoTables<Database: SQLTodoDatabase>: TodoTables {
  let database: Database
  /// The counters as the change found them, then as it leaves them.
  private(set) var counters: TodoCounters

  init(database: Database, counters: TodoCounters) {
    self.database = database
    self.counters = counters
  }

  func todo(_ id: Todo.ID) throws(TodoStoreError) -> Todo {
    guard let row = try database.run("\(selectTodos) WHERE id = $1", [.integer(id)]).first else {
      throw .todoNotFound(id)
    }
    return Todo(row)
  }

  func doneTodos() throws(TodoStoreError) -> [Todo] {
    try database.run("\(selectTodos) WHERE is_done ORDER BY id", []).map { Todo($0) }
  }

  /// Adds the todos in two statements, whatever their number: the titles travel as one JSON
  /// array.
  func insert(_ titles: [String], at date: Date, label: String) throws(TodoStoreError) -> [Todo] {
    let first = counters.nextTodoID
    counters.nextTodoID += Int64(titles.count)
    let step = try beginStep(label)
    let json = String(decoding: (try? JSONEncoder().encode(titles)) ?? Data("[]".utf8), as: UTF8.self)
    let elements = Database.elements(of: "$3")
    try database.run(
      "INSERT INTO todos (id, title, created_at) SELECT CAST($1 AS BIGINT) + key, value, $2 FROM \(elements)",
      [.integer(first), .real(date.timeIntervalSince1970), .text(json)])
    try database.run(
      """
      INSERT INTO undo_rows (step, todo_id, existed)
      SELECT $1, CAST($2 AS BIGINT) + key, false FROM \(elements) ORDER BY key
      """, [.integer(step), .integer(first), .text(json)])
    return titles.enumerated().map { offset, title in
      Todo(id: first + Int64(offset), title: title, createdAt: date)
    }
  }

  func beginUndoStep(_ label: String, restoring scope: TodoScope) throws(TodoStoreError) {
    let step = try beginStep(label)
    let insert = """
      INSERT INTO undo_rows (step, todo_id, existed, title, is_done, created_at, completed_at, note)
      SELECT $1, id, true, title, is_done, created_at, completed_at, note FROM todos
      """
    switch scope {
    case .todo(let id): try database.run("\(insert) WHERE id = $2", [.integer(step), .integer(id)])
    case .done: try database.run("\(insert) WHERE is_done ORDER BY id", [.integer(step)])
    }
  }

  func update(_ todo: Todo) throws(TodoStoreError) {
    try database.run(
      "UPDATE todos SET title = $1, note = $2, is_done = $3, completed_at = $4 WHERE id = $5",
      [
        .text(todo.title), .text(todo.note), .bool(todo.isDone),
        .number(todo.completedAt?.timeIntervalSince1970), .integer(todo.id),
      ])
  }

  func delete(_ scope: TodoScope) throws(TodoStoreError) {
    switch scope {
    case .todo(let id): try database.run("DELETE FROM todos WHERE id = $1", [.integer(id)])
    case .done: try database.run("DELETE FROM todos WHERE is_done", [])
    }
  }

  func takeBack(from source: TodoHistory) throws(TodoStoreError) -> String {
    let destination = source.other
    guard
      let step = try database.run(
        "SELECT id, label, made_at FROM \(source)_steps ORDER BY id DESC LIMIT 1", []
      ).first,
      let id = step.integer(0)
    else {
      guard source == .undo else { throw .nothingToRedo }
      throw counters.undoStepsMade > counters.redoStepsMade
        ? .olderChangesNotKept(kept: undoDepth) : .nothingToUndo
    }
    let label = step.text(1) ?? ""
    // The step keeps the time the change was made, wherever undo and redo move it.
    let counterpart = try beginStep(label, in: destination, madeAt: .number(step.real(2)))
    let rows = "\(source)_rows"
    try database.run(
      """
      INSERT INTO \(destination)_rows
        (step, todo_id, existed, title, is_done, created_at, completed_at, note)
      SELECT $1, s.todo_id, t.id IS NOT NULL, t.title, t.is_done, t.created_at, t.completed_at, t.note
      FROM \(rows) AS s LEFT JOIN todos AS t ON t.id = s.todo_id
      WHERE s.step = $2 ORDER BY s.\(Database.recordedOrder)
      """, [.integer(counterpart), .integer(id)])
    // Deleting first, then inserting: a todo the step brings back takes its identifier again.
    try database.run(
      "DELETE FROM todos WHERE id IN (SELECT todo_id FROM \(rows) WHERE step = $1)", [.integer(id)])
    try database.run(
      """
      INSERT INTO todos (id, title, is_done, created_at, completed_at, note)
      SELECT todo_id, title, is_done, created_at, completed_at, coalesce(note, '')
      FROM \(rows) WHERE step = $1 AND existed
      """, [.integer(id)])
    try database.run("DELETE FROM \(rows) WHERE step = $1", [.integer(id)])
    try database.run("DELETE FROM \(source)_steps WHERE id = $1", [.integer(id)])
    return label
  }

  /// Starts a step of `history` and returns its identifier; a new undo step drops the oldest
  /// ones beyond the history's depth.
  ///
  /// A new change (`madeAt` `nil`) makes the changes undone before it impossible to redo, and
  /// is dated by the database's clock, read while the change holds the database's write lock,
  /// so that the dates follow the order in which the changes of every client apply. A step
  /// moved by undo or redo keeps its date (`NULL` for one kept by a version that did not date
  /// its changes).
  private func beginStep(
    _ label: String, in history: TodoHistory = .undo, madeAt: SQLValue? = nil
  ) throws(TodoStoreError) -> Int64 {
    let step: Int64
    switch history {
    case .undo:
      counters.undoStepsMade += 1
      step = counters.undoStepsMade
    case .redo:
      counters.redoStepsMade += 1
      step = counters.redoStepsMade
    }
    if let madeAt {
      try database.run(
        "INSERT INTO \(history)_steps (id, label, made_at) VALUES ($1, $2, $3)",
        [.integer(step), .text(label), madeAt])
    } else {
      try database.run("DELETE FROM redo_rows", [])
      try database.run("DELETE FROM redo_steps", [])
      try database.run(
        "INSERT INTO undo_steps (id, label, made_at) VALUES ($1, $2, \(Database.now))",
        [.integer(step), .text(label)])
    }
    guard history == .undo else { return step }
    let expired = try database.run(
      "SELECT id FROM undo_steps ORDER BY id DESC LIMIT 1 OFFSET $1", [.integer(Int64(undoDepth))])
    if let newestExpired = expired.first?.integer(0) {
      try database.run("DELETE FROM undo_rows WHERE step <= $1", [.integer(newestExpired)])
      try database.run("DELETE FROM undo_steps WHERE id <= $1", [.integer(newestExpired)])
    }
    return step
  }
}

// MARK: - Reads

/// The columns of a todo, in the order ``Todo/init(_:)`` reads them.
private let selectTodos = "SELECT id, title, is_done, created_at, completed_at, note FROM todos"

extension SQLTodoDatabase {
  /// Reads the todos and the undo history, inside a transaction the caller holds.
  func contents() throws(TodoStoreError) -> TodoSnapshot {
    let todos = try run("\(selectTodos) ORDER BY id", []).map { Todo($0) }
    // The identifier is the table's primary key: two rows sharing one mean a damaged database.
    guard let todos = try? IdentifiedArray(validating: todos) else { throw damaged }
    let history = try run("SELECT label FROM undo_steps ORDER BY id", []).map { $0.text(0) ?? "" }
    return TodoSnapshot(todos: todos, undoHistory: history)
  }

  /// The labels of the undo steps that touched a todo; see ``TodoRepository/history(of:)``.
  func history(of id: Todo.ID) throws(TodoStoreError) -> [String] {
    try run(
      """
      SELECT label FROM undo_steps
      WHERE id IN (SELECT step FROM undo_rows WHERE todo_id = $1) ORDER BY id
      """, [.integer(id)]
    ).map { $0.text(0) ?? "" }
  }

  /// The changes of a todo, dated, with the note each left; see
  /// ``TodoRepository/changes(of:)``.
  ///
  /// One statement, so one snapshot of the database: the steps and the todo of the same moment.
  /// Each step's row holds the todo as it was before the step.
  func changes(of id: Todo.ID) throws(TodoStoreError) -> [TodoHistoryEntry] {
    let rows = try run(
      """
      SELECT s.label, s.made_at, CASE WHEN r.existed THEN coalesce(r.note, '') END,
        (SELECT note FROM todos WHERE id = $1)
      FROM undo_steps AS s JOIN undo_rows AS r ON r.step = s.id AND r.todo_id = $1 ORDER BY s.id
      """, [.integer(id)])
    let steps = rows.map { row in
      TodoHistoryStep(
        label: row.text(0) ?? "", date: row.real(1).map(Date.init(timeIntervalSince1970:)),
        noteBefore: row.text(2))
    }
    return TodoHistoryStep.entries(steps, noteNow: rows.first?.text(3))
  }
}

extension Todo {
  /// The todo a row of ``selectTodos`` holds.
  init(_ row: some SQLTodoRow) {
    self.init(
      id: row.integer(0) ?? 0, title: row.text(1) ?? "", isDone: row.bool(2) ?? false,
      createdAt: Date(timeIntervalSince1970: row.real(3) ?? 0),
      completedAt: row.real(4).map(Date.init(timeIntervalSince1970:)), note: row.text(5) ?? "")
  }
}
