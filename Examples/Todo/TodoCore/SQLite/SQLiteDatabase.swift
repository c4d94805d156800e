import CSQLite
import Foundation

/// A connection to an SQLite database file, with typed errors and bound parameters only.
///
/// ```swift
/// let database = try SQLiteDatabase(path: "/tmp/todos.sqlite")
/// try database.transaction { () throws(TodoStoreError) in
///   try database.execute("INSERT INTO todos (title) VALUES (?)", [.text("Buy milk")])
/// }
/// let rows = try database.query("SELECT id, title FROM todos WHERE is_done = ?", [.integer(0)])
/// ```
///
/// Values reach SQL only through parameters (`?`), never by building SQL text from them.
/// Opening reads nothing and writes nothing: a file that is not a database is reported by
/// the first statement, as ``TodoStoreError/notADatabase(path:)``.
///
/// A connection is used by one thread at a time: keep it behind a lock to share it.
public final class SQLiteDatabase {
  /// The path of the database file, as given.
  public let path: String
  private let handle: OpaquePointer

  /// The version of the SQLite library this program runs on, such as `3.40.1`.
  public static var libraryVersion: String {
    String(cString: sqlite3_libversion())
  }

  /// Opens the database file at `path` for reading and writing, creating an empty one if there
  /// is no file; a write-protected file is opened read-only (see ``isReadOnly``).
  ///
  /// - Parameters:
  ///   - path: The database file. Its directory must exist.
  ///   - busyTimeout: How long a statement waits for another connection's lock before failing
  ///     with ``TodoStoreError/busy(path:)``.
  /// - Throws: ``TodoStoreError/cannotOpen(path:reason:)`` when the file cannot be opened or
  ///   created.
  ///   - access: ``Access/readWrite``, or ``Access/immutable`` to read a file in a location
  ///     SQLite cannot write its side files in (a read-only mount or folder).
  public init(
    path: String, busyTimeout: Duration = .seconds(5), access: Access = .readWrite
  ) throws(TodoStoreError) {
    self.path = path
    var handle: OpaquePointer?
    let code: Int32
    switch access {
    case .readWrite:
      // SQLite creates a file readable by everyone (0644); created first, private to the user
      // (0600), it is the mode SQLite gives its journal files too. Where it cannot be created,
      // SQLite's own attempt says why.
      let created = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if created >= 0 { close(created) }
      let flags =
        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
      code = sqlite3_open_v2(path, &handle, flags, nil)
    case .immutable:
      // A URI, whose reserved characters the path must not bring in unescaped.
      var escaped = ""
      for character in path {
        switch character {
        case "%": escaped += "%25"
        case "?": escaped += "%3F"
        case "#": escaped += "%23"
        default: escaped.append(character)
        }
      }
      let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
      code = sqlite3_open_v2("file:\(escaped)?immutable=1", &handle, flags, nil)
    }
    guard code == SQLITE_OK, let handle else {
      let reason = Self.reason(code: code, handle: handle)
      sqlite3_close_v2(handle)
      throw .cannotOpen(path: path, reason: reason)
    }
    self.handle = handle
    let milliseconds =
      busyTimeout.components.seconds * 1_000
      + busyTimeout.components.attoseconds / 1_000_000_000_000_000
    sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
  }

  deinit {
    sqlite3_close_v2(handle)
  }

  /// How a connection may use its file.
  public enum Access: Sendable {
    /// Read and write, creating the file if there is none.
    case readWrite
    /// Only read, assuming nobody changes the file meanwhile, and without the write-ahead
    /// log's side files: the way to read a database in a location nobody can write to.
    case immutable
  }

  /// Whether the database can only be read (its file is write-protected).
  public var isReadOnly: Bool {
    sqlite3_db_readonly(handle, "main") == 1
  }

  /// The row identifier of the last row inserted through this connection.
  public var lastInsertedRowID: Int64 {
    sqlite3_last_insert_rowid(handle)
  }

  /// The number of rows the last `INSERT`, `UPDATE` or `DELETE` changed.
  public var changedRowCount: Int {
    Int(sqlite3_changes64(handle))
  }

  /// Runs one statement, binding `parameters` to its `?` placeholders in order.
  ///
  /// - Parameters:
  ///   - sql: One SQL statement; values go in `parameters`, never in the text.
  ///   - parameters: The values of the placeholders.
  public func execute(_ sql: String, _ parameters: [SQLiteValue] = []) throws(TodoStoreError) {
    try withStatements(sql) { statement throws(TodoStoreError) in
      try statement.bind(parameters)
      while try statement.step() {}
    }
  }

  /// Runs a script of statements without parameters, such as a schema migration.
  ///
  /// - Parameter sql: The statements, separated by semicolons.
  public func executeScript(_ sql: String) throws(TodoStoreError) {
    try withStatements(sql, all: true) { statement throws(TodoStoreError) in
      while try statement.step() {}
    }
  }

  /// Runs one query and returns its rows.
  ///
  /// - Parameters:
  ///   - sql: One SQL statement.
  ///   - parameters: The values of its placeholders.
  /// - Returns: The rows, each an array of its column values.
  /// - Complexity: O(*r* × *c*) for *r* rows of *c* columns, plus SQLite's work.
  public func query(
    _ sql: String, _ parameters: [SQLiteValue] = []
  ) throws(TodoStoreError)
    -> [[SQLiteValue]]
  {
    var rows: [[SQLiteValue]] = []
    try withStatements(sql) { statement throws(TodoStoreError) in
      try statement.bind(parameters)
      while try statement.step() { rows.append(statement.row()) }
    }
    return rows
  }

  /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`), committing if it returns and
  /// rolling back if it throws.
  ///
  /// Taking the write lock at the start means two processes writing at once wait for each
  /// other (up to the busy timeout) instead of failing half-way.
  ///
  /// - Parameter body: The statements of the transaction.
  /// - Returns: What `body` returns.
  public func transaction<Value>(
    _ body: () throws(TodoStoreError) -> Value
  ) throws(TodoStoreError)
    -> Value
  {
    try run(body, beginningWith: "BEGIN IMMEDIATE")
  }

  /// Runs `body` in a read transaction (`BEGIN DEFERRED`): all its reads see the file as one
  /// state, even while another process commits.
  ///
  /// - Parameter body: The reads.
  /// - Returns: What `body` returns.
  public func snapshot<Value>(
    _ body: () throws(TodoStoreError) -> Value
  ) throws(TodoStoreError)
    -> Value
  {
    try run(body, beginningWith: "BEGIN DEFERRED")
  }

  private func run<Value>(
    _ body: () throws(TodoStoreError) -> Value, beginningWith begin: String
  ) throws(TodoStoreError) -> Value {
    try execute(begin)
    do throws(TodoStoreError) {
      let value = try body()
      try execute("COMMIT")
      return value
    } catch {
      if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK") }
      throw error
    }
  }

  /// The schema version stored in the file (`PRAGMA user_version`); 0 for a new file.
  public func userVersion() throws(TodoStoreError) -> Int {
    Int(try query("PRAGMA user_version").first?.first?.integer ?? 0)
  }

  // MARK: - Statements

  /// Prepares the first statement of `sql` (or each of them, with `all`) and passes it to
  /// `body`, finalizing it afterwards.
  private func withStatements(
    _ sql: String, all: Bool = false, _ body: (borrowing SQLiteStatement) throws(TodoStoreError) -> Void
  ) throws(TodoStoreError) {
    let utf8 = Array(sql.utf8CString)
    var offset = 0
    let result: TodoStoreError? = utf8.withUnsafeBufferPointer { buffer in
      let base = buffer.baseAddress!
      while true {
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let code = sqlite3_prepare_v2(handle, base + offset, -1, &statement, &tail)
        guard code == SQLITE_OK else { return self.error(code) }
        if let tail { offset = tail - base }
        // A blank remainder (white space, a comment) prepares to no statement.
        guard let statement else { return nil }
        do throws(TodoStoreError) {
          try body(SQLiteStatement(statement, database: self))
        } catch {
          return error
        }
        if !all || base[offset] == 0 { return nil }
      }
    }
    if let result { throw result }
  }

  /// The typed error for a failed SQLite call.
  func error(_ code: Int32) -> TodoStoreError {
    let message = Self.reason(code: code, handle: handle)
    switch code & 0xff {
    case SQLITE_NOTADB: return .notADatabase(path: path)
    case SQLITE_CORRUPT: return .corrupted(path: path)
    case SQLITE_READONLY: return .readOnly(path: path)
    case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path)
    case SQLITE_CANTOPEN: return .cannotOpen(path: path, reason: message)
    default: return .sqlite(path: path, code: code, message: message)
    }
  }

  /// SQLite's message for a failure, with the system's reason when there is one.
  private static func reason(code: Int32, handle: OpaquePointer?) -> String {
    guard let handle else { return String(cString: sqlite3_errstr(code)) }
    let message = String(cString: sqlite3_errmsg(handle))
    let systemError = sqlite3_system_errno(handle)
    guard systemError != 0, let description = strerror(systemError) else { return message }
    return "\(message) (\(String(cString: description)))"
  }
}

@available(*, unavailable)
extension SQLiteDatabase: Sendable {}
