import Foundation

/// PostgreSQL as a ``SQLTodoDatabase``: parameters as text, the server's clock, the `ordinal`
/// column for the order rows were recorded in, and `jsonb_array_elements_text` for a list.
extension PostgresConnection: SQLTodoDatabase {
  @discardableResult
  func run(_ sql: String, _ parameters: [SQLValue]) throws(TodoStoreError) -> [PostgresRow] {
    try query(
      sql,
      parameters.map { value in
        switch value {
        case .null: nil
        case .integer(let integer): "\(integer)"
        // The shortest text that reads back as the same number.
        case .real(let real): "\(real)"
        case .text(let text): text
        case .bool(let bool): bool ? "true" : "false"
        }
      })
  }

  /// Not a damaged file, as on SQLite: the primary key allows no such thing, so a server that
  /// answered with it is named with the error a unique key's violation has.
  var damaged: TodoStoreError {
    .server(server: server.description, code: "23505", message: "two todos share one id")
  }

  /// `clock_timestamp()`, not `now()`: `now()` is when the transaction began, and the change
  /// that began first is not always the first to take the lock of `todo_counters`.
  static var now: String { "extract(epoch FROM clock_timestamp())" }

  static var recordedOrder: String { "ordinal" }

  static func elements(of parameter: String) -> String {
    """
    (SELECT ordinal - 1 AS key, value
     FROM jsonb_array_elements_text(CAST(\(parameter) AS jsonb)) WITH ORDINALITY AS titles (value, ordinal))
    AS elements
    """
  }
}

extension PostgresRow: SQLTodoRow {}
