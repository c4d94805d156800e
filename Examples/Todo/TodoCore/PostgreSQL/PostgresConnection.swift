import CLibPQ
import Foundation

/// One libpq connection to a todo server, with bound parameters only.
///
/// ```swift
/// let connection = try PostgresConnection(server: server)
/// let rows = try connection.query("SELECT id, title FROM todos WHERE is_done = $1", ["false"])
/// ```
///
/// Values reach SQL only through parameters (`$1`, `$2`…, sent apart from the statement by
/// `PQexecParams`), never by building SQL text from them. Parameters and results travel as
/// text, PostgreSQL's own format for each type.
///
/// A connection is used by one thread at a time: keep it behind a lock to share it.
package final class PostgresConnection {
  /// The server connected to.
  package let server: PostgresServer
  private let handle: OpaquePointer

  /// Connects to `server`.
  ///
  /// The connection gives up after `connectTimeout` seconds unless the connection string sets
  /// `connect_timeout` itself, and names itself `uniflow-todo` to the server unless it sets
  /// `application_name`.
  ///
  /// - Throws: A ``TodoStoreError`` naming the cause: the server cannot be reached, refuses
  ///   the login, or has no such database.
  package init(server: PostgresServer, connectTimeout: Int = 5) throws(TodoStoreError) {
    self.server = server
    // Defaults first: the connection string, expanded from `dbname`, overrides them.
    let keywords = ["connect_timeout", "application_name", "dbname"]
    let values = ["\(connectTimeout)", "uniflow-todo", server.connectionString]
    let handle = Self.withCStrings(keywords) { keywords in
      Self.withCStrings(values) { values in
        PQconnectdbParams(keywords + [nil], values + [nil], 1)
      }
    }
    guard let handle else { throw .serverUnreachable(server: server.description, reason: "out of memory") }
    guard PQstatus(handle) == CONNECTION_OK else {
      let message = PostgresServer.oneLine(String(cString: PQerrorMessage(handle)))
      PQfinish(handle)
      throw Self.connectionError(message, server: server)
    }
    // The server's notices (a table that already exists…) are not the user's business.
    PQsetNoticeProcessor(handle, { _, _ in }, nil)
    self.handle = handle
  }

  deinit {
    PQfinish(handle)
  }

  /// Whether the connection is still up, as far as libpq knows.
  package var isConnected: Bool {
    PQstatus(handle) == CONNECTION_OK
  }

  /// The connection's socket, for waiting on notifications with `poll`.
  package var socket: Int32 {
    PQsocket(handle)
  }

  /// Runs one statement and returns its rows (none for a statement that returns none).
  ///
  /// - Parameters:
  ///   - sql: One SQL statement; values go in `parameters` (`$1`, `$2`…), never in the text.
  ///   - parameters: The values, as PostgreSQL's text for their type; `nil` for `NULL`.
  /// - Returns: The rows.
  /// - Throws: ``TodoStoreError/offline(server:)`` when the connection broke (whatever was
  ///   sent may or may not have reached the server), ``TodoStoreError/serverTableMissing(server:table:)``
  ///   for a table that is not there, and ``TodoStoreError/server(server:code:message:)`` for
  ///   any other refusal.
  @discardableResult
  package func query(_ sql: String, _ parameters: [String?] = []) throws(TodoStoreError) -> [PostgresRow] {
    let result = Self.withOptionalCStrings(parameters) { values in
      PQexecParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
    }
    defer { PQclear(result) }
    guard let result else { throw .offline(server: server.description) }
    switch PQresultStatus(result) {
    case PGRES_COMMAND_OK:
      return []
    case PGRES_TUPLES_OK:
      let rowCount = PQntuples(result)
      let columnCount = PQnfields(result)
      var rows: [PostgresRow] = []
      rows.reserveCapacity(Int(rowCount))
      for row in 0..<rowCount {
        var values: [String?] = []
        values.reserveCapacity(Int(columnCount))
        for column in 0..<columnCount {
          values.append(
            PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column)))
        }
        rows.append(PostgresRow(values: values))
      }
      return rows
    default:
      let code = PQresultErrorField(result, clibpq_diag_sqlstate()).map { String(cString: $0) } ?? ""
      // A failure libpq made itself (no SQLSTATE: the server closed the connection), a
      // connection exception (class 08), or the server shutting down (57P01–57P03).
      if PQstatus(handle) != CONNECTION_OK || code.isEmpty || code.hasPrefix("08")
        || ["57P01", "57P02", "57P03"].contains(code)
      {
        throw .offline(server: server.description)
      }
      let message = PostgresServer.oneLine(
        PQresultErrorMessage(result).map { String(cString: $0) } ?? lastError)
      // undefined_table: `relation "todos" does not exist`.
      if code == "42P01", let table = message.split(separator: "\"").dropFirst().first {
        throw .serverTableMissing(server: server.description, table: String(table))
      }
      throw .server(server: server.description, code: code, message: message)
    }
  }

  /// Breaks the connection, as a network fault would: the next statement finds it lost.
  package func breakConnection() {
    shutdown(PQsocket(handle), Int32(SHUT_RDWR))
  }

  /// Sends `COMMIT` and breaks the connection before its answer is read: the server commits,
  /// and this side cannot know it. What a fault between the two looks like, for the tests.
  package func commitAndLoseTheAnswer() throws(TodoStoreError) {
    guard PQsendQuery(handle, "COMMIT") == 1, PQflush(handle) == 0 else {
      throw .offline(server: server.description)
    }
    breakConnection()
    // libpq learns of the break when it reads the answer.
    while let result = PQgetResult(handle) { PQclear(result) }
    throw .offline(server: server.description)
  }

  /// Reads what the server sent without waiting, and returns the payloads of the
  /// notifications that arrived.
  ///
  /// - Throws: ``TodoStoreError/offline(server:)`` when the connection broke.
  package func notifications() throws(TodoStoreError) -> [String] {
    guard PQconsumeInput(handle) == 1, PQstatus(handle) == CONNECTION_OK else {
      throw .offline(server: server.description)
    }
    var payloads: [String] = []
    while let notification = PQnotifies(handle) {
      payloads.append(String(cString: notification.pointee.extra))
      PQfreemem(notification)
    }
    return payloads
  }

  private var lastError: String {
    PostgresServer.oneLine(String(cString: PQerrorMessage(handle)))
  }

  /// The error for a connection that could not be made, from libpq's message.
  private static func connectionError(_ message: String, server: PostgresServer) -> TodoStoreError {
    let lowered = message.lowercased()
    if lowered.contains("database \""), lowered.contains("does not exist") {
      return .serverDatabaseMissing(server: server.description, database: server.database)
    }
    let refusals = [
      "password authentication failed", "no pg_hba.conf entry", "role \"", "authentication failed",
      "no password supplied", "permission denied for database", "fe_sendauth",
    ]
    if refusals.contains(where: lowered.contains) {
      return .loginRefused(server: server.description, reason: message)
    }
    return .serverUnreachable(server: server.description, reason: message)
  }

  private static func withCStrings<Result>(
    _ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result
  ) -> Result {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    return body(copies.map { $0.map { UnsafePointer($0) } })
  }

  private static func withOptionalCStrings<Result>(
    _ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> Result
  ) -> Result {
    let copies = strings.map { $0.flatMap { strdup($0) } }
    defer { for copy in copies { free(copy) } }
    return body(copies.map { $0.map { UnsafePointer($0) } })
  }
}

@available(*, unavailable)
extension PostgresConnection: Sendable {}

/// One row of a result: its columns as PostgreSQL's text, `nil` for `NULL`.
package struct PostgresRow: Sendable {
  package var values: [String?]

  /// The text of column `index`.
  package func text(_ index: Int) -> String? { values[index] }

  /// Column `index` as an integer.
  package func integer(_ index: Int) -> Int64? { values[index].flatMap { Int64($0) } }

  /// Column `index` as a number.
  package func real(_ index: Int) -> Double? { values[index].flatMap { Double($0) } }

  /// Column `index` as a Boolean (`t` or `f`).
  package func bool(_ index: Int) -> Bool? { values[index].map { $0 == "t" } }
}
