import Foundation
import Uniflow

/// A repository that keeps todos in an SQLite database file.
///
/// ```swift
/// let path = try TodoDatabaseLocation.resolve(environment: ProcessInfo.processInfo.environment)
/// let repository = try SQLiteTodoRepository(path: path)
/// let todo = try await repository.add(title: "Buy milk", at: .now)
/// ```
///
/// Opening checks the file before writing anything to it: a file that is not an SQLite
/// database, a database of another program, or one written by a newer version with a schema
/// this build does not know is refused with a ``TodoStoreError`` and left untouched. An older
/// file is migrated in one transaction.
///
/// Several processes can use the same file at once: the database is in write-ahead-log mode,
/// each change is one `BEGIN IMMEDIATE` transaction, and a process waits up to the busy
/// timeout for another's write to finish. The undo history is stored in the file, so `todo
/// undo` in one process reverts a change made by another.
///
/// The methods are synchronous underneath: an SQLite call blocks its thread for as long as the
/// statement runs (or waits for a lock).
public final class SQLiteTodoRepository: TodoRepository {
  private struct Connection {
    let database: SQLiteDatabase
    var subscribers = TodoSubscribers()
    /// `PRAGMA data_version` when the last snapshot was read: it changes when another
    /// connection commits.
    var dataVersion: Int64 = 0
  }

  /// The path of the database file.
  public let path: String
  private let connection: LockIsolated<Connection>

  /// Opens the todo database at `path`, creating the file and its directory if needed and
  /// migrating an older file to the current schema.
  ///
  /// - Parameters:
  ///   - path: The database file.
  ///   - busyTimeout: How long to wait for another process's write before failing with
  ///     ``TodoStoreError/busy(path:)``.
  /// - Throws: A ``TodoStoreError`` when the directory cannot be created, or the file cannot
  ///   be opened, is not a todo database, or has a newer schema.
  public init(path: String, busyTimeout: Duration = .seconds(10)) throws(TodoStoreError) {
    self.path = path
    let database = try Self.openDatabase(path: path, busyTimeout: busyTimeout)
    let dataVersion = try Self.dataVersion(of: database)
    connection = LockIsolated(Connection(database: database, dataVersion: dataVersion))
  }

  /// Opens the todo database at `path` as ``init(path:busyTimeout:)`` describes: a connection
  /// of its own, for the repository or for the settings' storage.
  static func openDatabase(path: String, busyTimeout: Duration) throws(TodoStoreError) -> SQLiteDatabase {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      if isDirectory.boolValue { throw .cannotOpen(path: path, reason: "it is a directory") }
      var status = stat()
      if stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
        throw .cannotOpen(path: path, reason: "it is a device or another special file, not a database file")
      }
    } else {
      let directory = (path as NSString).deletingLastPathComponent
      if !directory.isEmpty { try createDirectories(directory) }
      // SQLite reports a file it cannot create as missing ("No such file or directory"):
      // the real cause, a folder that cannot be written, is checked first.
      let folder = directory.isEmpty ? "." : directory
      if access(folder, W_OK | X_OK) != 0 {
        throw .cannotCreate(path: path, folder: folder, reason: String(cString: strerror(errno)))
      }
    }
    let database: SQLiteDatabase
    do throws(TodoStoreError) {
      database = try Self.open(path: path, busyTimeout: busyTimeout, access: .readWrite)
    } catch let error where FileManager.default.fileExists(atPath: path) {
      // The file is there but SQLite can neither open it for writing nor create its side
      // files next to it (a write-ahead log in a read-only folder or mount fails on the first
      // read, as read-only). It can still be read, as it is.
      switch error {
      case .cannotOpen, .readOnly: break
      default: throw error
      }
      do throws(TodoStoreError) {
        database = try Self.open(path: path, busyTimeout: busyTimeout, access: .immutable)
      } catch .cannotOpen {
        throw error
      }
    }
    return database
  }

  /// Why the database at `path`, opened read-only, cannot be written: the file itself, its
  /// folder (where SQLite keeps its journal), or something in the journal's way.
  static func whyReadOnly(_ path: String) -> TodoStoreError {
    guard access(path, W_OK) == 0 else { return .readOnly(path: path) }
    let directory = (path as NSString).deletingLastPathComponent
    let folder = directory.isEmpty ? "." : directory
    guard access(folder, W_OK | X_OK) == 0 else {
      return .folderNotWritable(path: path, folder: folder)
    }
    return .journalNotWritable(path: path)
  }

  /// Opens the file and checks (and migrates) its schema.
  private static func open(
    path: String, busyTimeout: Duration, access: SQLiteDatabase.Access
  ) throws(TodoStoreError) -> SQLiteDatabase {
    let database = try SQLiteDatabase(path: path, busyTimeout: busyTimeout, access: access)
    try TodoSchema.prepare(database)
    return database
  }

  deinit {
    TodoSubscribers.finishAll(in: connection, at: \.subscribers)
  }

  /// The contents now, then after each change another process commits, as
  /// ``reloadIfChanged()`` finds them; see ``TodoRepository/updates()``.
  public func updates() -> AsyncStream<Result<TodoSnapshot, TodoStoreError>> {
    TodoSubscribers.stream(in: connection, at: \.subscribers) { connection, continuation in
      continuation.yield(Self.readSnapshot(&connection))
    }
  }

  /// Reads the current contents.
  public func snapshot() async throws(TodoStoreError) -> TodoSnapshot {
    try connection.withLock { connection throws(TodoStoreError) in
      try Self.readSnapshot(&connection).get()
    }
  }

  /// The labels of the undo steps that touched a todo; see ``TodoRepository/history(of:)``.
  public func history(of id: Todo.ID) async throws(TodoStoreError) -> [String] {
    try connection.withLock { connection throws(TodoStoreError) in try connection.database.history(of: id) }
  }

  /// The changes of a todo, dated, with the note each left; see
  /// ``TodoRepository/changes(of:)``.
  public func changes(of id: Todo.ID) async throws(TodoStoreError) -> [TodoHistoryEntry] {
    try connection.withLock { connection throws(TodoStoreError) in try connection.database.changes(of: id) }
  }

  /// Publishes a new snapshot if another process committed a change since the last one; an
  /// ``SQLiteChangeWatch`` calls it when the database's folder changes.
  public func reloadIfChanged() async throws(TodoStoreError) {
    try connection.withLock { connection throws(TodoStoreError) in
      guard !connection.subscribers.isEmpty else { return }
      // A file event comes when another process writes its transaction into the log, before
      // it commits: waiting for the write lock waits for that transaction to end, so that its
      // commit is seen now, not at the next event.
      if (try? connection.database.execute("BEGIN IMMEDIATE")) != nil {
        try? connection.database.execute("ROLLBACK")
      }
      guard try Self.dataVersion(of: connection.database) != connection.dataVersion else { return }
      Self.publish(&connection)
    }
  }

  // MARK: - Implementation

  /// Makes a change in one write transaction, and reads the contents it left in the same
  /// transaction; see ``TodoRepository/perform(_:)``.
  ///
  /// The subscribers of ``updates()`` are not told: the change is this instance's own, and the
  /// caller has the contents. SQLite's `data_version` does not count a connection's own
  /// commits, so ``reloadIfChanged()`` does not take the change for another process's either.
  public func perform<Value>(_ command: TodoCommand<Value>) async throws(TodoStoreError) -> TodoChange<Value>
  {
    try connection.withLock { connection throws(TodoStoreError) in
      let database = connection.database
      if database.isReadOnly { throw Self.whyReadOnly(database.path) }
      do throws(TodoStoreError) {
        return try database.transaction { () throws(TodoStoreError) in
          let value = try command.run(
            SQLTodoTables(database: database, counters: try database.todoCounters()))
          return TodoChange(value: value, contents: try database.contents())
        }
      } catch .readOnly {
        throw Self.whyReadOnly(database.path)
      }
    }
  }

  private static func publish(_ connection: inout Connection) {
    guard !connection.subscribers.isEmpty else { return }
    connection.subscribers.publish(readSnapshot(&connection))
  }

  /// Reads the contents in a read transaction of its own, and remembers their version.
  private static func readSnapshot(_ connection: inout Connection) -> Result<TodoSnapshot, TodoStoreError> {
    let database = connection.database
    do throws(TodoStoreError) {
      // One read transaction: the todos and the history of the same moment.
      try database.execute("BEGIN")
      defer { try? database.execute("COMMIT") }
      let snapshot = try database.contents()
      // Inside the transaction, the version is that of the contents just read.
      connection.dataVersion = try dataVersion(of: database)
      return .success(snapshot)
    } catch {
      return .failure(error)
    }
  }

  static func dataVersion(of database: SQLiteDatabase) throws(TodoStoreError) -> Int64 {
    try database.query("PRAGMA data_version").first?.first?.integer ?? 0
  }
}
