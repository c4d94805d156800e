import Foundation

/// SQLite as a ``SQLTodoDatabase``: `?1`, `?2`… for the parameters, SQLite's clock, the
/// `rowid` for the order rows were recorded in, and `json_each` for a list.
extension SQLiteDatabase: SQLTodoDatabase {
  @discardableResult
  func run(_ sql: String, _ parameters: [SQLValue]) throws(TodoStoreError) -> [[SQLiteValue]] {
    // `$1` would be a parameter named "$1", numbered by where it first appears: `?1` is the
    // first parameter wherever it is.
    try query(
      sql.replacingOccurrences(of: "$", with: "?"),
      parameters.map { value in
        switch value {
        case .null: .null
        case .integer(let integer): .integer(integer)
        case .real(let real): .real(real)
        case .text(let text): .text(text)
        case .bool(let bool): .integer(bool ? 1 : 0)
        }
      })
  }

  var damaged: TodoStoreError { .corrupted(path: path) }

  static var now: String { "(julianday('now') - 2440587.5) * 86400.0" }

  static var recordedOrder: String { "rowid" }

  static func elements(of parameter: String) -> String { "json_each(\(parameter))" }

  /// The counters, as SQLite keeps them for the tables numbered with `AUTOINCREMENT`: the
  /// largest identifier each ever gave, which an identifier given explicitly moves too.
  func todoCounters() throws(TodoStoreError) -> TodoCounters {
    let row = try run(
      """
      SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'todos'), 0),
             coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'undo_steps'), 0),
             coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'redo_steps'), 0)
      """, []
    ).first
    return TodoCounters(
      nextTodoID: (row?.integer(0) ?? 0) + 1, undoStepsMade: row?.integer(1) ?? 0,
      redoStepsMade: row?.integer(2) ?? 0)
  }
}

extension [SQLiteValue]: SQLTodoRow {
  func integer(_ column: Int) -> Int64? { self[column].integer }
  func real(_ column: Int) -> Double? { self[column].real }
  func text(_ column: Int) -> String? { self[column].text }
  func bool(_ column: Int) -> Bool? { self[column].integer.map { $0 != 0 } }
}
