import Foundation
import Uniflow

/// Keeps the ``TodoSettings`` in the todo database, one row per setting, and sees other
/// processes change them.
///
/// ```swift
/// let values = SharedValues()
/// let settings = try await values.shared(try SQLiteSettingsStorage(path: path), default: TodoSettings())
/// ```
///
/// The `settings` table holds each setting by name, with its value as a word
/// (``TodoSettings/Key``): `filter = open`, `sort = title`. A setting without a row has its
/// default; a row this version does not know is left alone.
///
/// **Other processes.** The storage watches the database's folder
/// (``Uniflow/SharedStorageWatch/folder(atPath:onChange:)``): each write to the database or
/// its write-ahead log wakes the shared value's task, which calls ``loadChange()``. A write
/// comes before its transaction commits, so the storage
/// waits for the write lock (the end of that transaction) and lets it go at once; it then asks
/// SQLite whether another connection committed since it last looked (`PRAGMA data_version`, a
/// read of a counter in shared memory). Only then does it read the rows, and it reports them only when they differ from the settings it
/// last loaded or saved: this program's own writes, and the todo changes of any process, are
/// not reported. A notification, not a timer: a change shows in another process within
/// milliseconds, and an idle program does nothing. (On Apple platforms the folder watch sees
/// files made, deleted and renamed, not writes inside them: another process's change shows
/// only with the next such event, as when a program's log is made or removed. That code is
/// not tested here.)
///
/// **Bad rows lose nothing.** A row whose value is not one of its setting's words makes the
/// load fail with ``Uniflow/SharedStorageError/Reason/undecodable``, naming the setting, the
/// word and the words allowed: the settings fall back to their defaults, and the diagnostic
/// is shown. Before the first write, such a row is kept aside under `<key>.unreadable`
/// (`sort.unreadable`), never written over. A database that cannot be written (a read-only
/// file) makes each write fail with ``Uniflow/SharedStorageError/Reason/writeFailed``.
///
/// **One connection, one caller.** The shared value's task makes every call, one at a time;
/// the lock around the connection keeps an SQLite connection to one thread at a time, as
/// SQLite requires, and is never waited for.
public final class SQLiteSettingsStorage: SharedStorage, Sendable {
  /// The value stored: the settings.
  public typealias Value = TodoSettings

  private struct Connection {
    /// `nil` once the storage is released: the watch's thread may still look.
    var database: SQLiteDatabase?
    /// `PRAGMA data_version` when the rows were last read: it changes when another
    /// connection commits.
    var dataVersion: Int64 = 0
    /// The settings last loaded or saved: rows holding them have not changed.
    var known: TodoSettings?
    /// The rows that could not be read, to keep aside before the first write.
    var unreadable: [String: String] = [:]
  }

  /// The path of the database file.
  public let path: String
  private let connection: LockIsolated<Connection>

  /// Opens the todo database at `path` for its settings, with a connection of its own.
  ///
  /// - Parameters:
  ///   - path: The database file; made, and brought to the current schema, as
  ///     ``SQLiteTodoRepository/init(path:busyTimeout:)`` does.
  ///   - busyTimeout: How long a write waits for another process's.
  /// - Throws: A ``TodoStoreError`` when the file cannot be used as a todo database.
  public init(path: String, busyTimeout: Duration = .seconds(10)) throws(TodoStoreError) {
    self.path = path
    let database = try SQLiteTodoRepository.openDatabase(path: path, busyTimeout: busyTimeout)
    connection = LockIsolated(Connection(database: database))
  }

  deinit {
    // Closed now, not when the watch's thread gets round to ending: the last connection to
    // close folds the write-ahead log into the database file.
    connection.withLock { $0.database = nil }
  }

  /// The database's settings: the same file's settings are one shared value.
  public var id: String {
    "sqlite:\(URL(fileURLWithPath: path).standardizedFileURL.path)#settings"
  }

  /// Reads the settings; `nil` when no setting has a row.
  ///
  /// - Throws: ``Uniflow/SharedStorageError`` with reason `unreadable` when the database
  ///   cannot be read, `undecodable` when a row's value is not one of its setting's words.
  public func load() throws(SharedStorageError) -> TodoSettings? {
    try connection.withLock { connection throws(SharedStorageError) -> TodoSettings? in
      guard let database = connection.database else { throw Self.closed(.unreadable, id: id) }
      let rows = try Self.read(database, into: &connection, id: id)
      let settings = try Self.decode(rows, into: &connection, id: id)
      // Without rows the value is the default: a later look that finds no rows either (a todo
      // written, not a setting) is no change, and must not put the default back over a change
      // made here meanwhile.
      connection.known = settings ?? TodoSettings()
      return settings
    }
  }

  /// Writes every setting's row, after keeping aside the rows that could not be read.
  ///
  /// - Throws: ``Uniflow/SharedStorageError`` with reason `writeFailed`.
  public func save(_ value: TodoSettings) throws(SharedStorageError) {
    try connection.withLock { connection throws(SharedStorageError) in
      guard let database = connection.database else { throw Self.closed(.writeFailed, id: id) }
      let unreadable = connection.unreadable
      do throws(TodoStoreError) {
        if database.isReadOnly { throw SQLiteTodoRepository.whyReadOnly(database.path) }
        try database.transaction { () throws(TodoStoreError) in
          for (key, word) in unreadable.sorted(by: { $0.key < $1.key }) {
            try database.execute(
              "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
              [.text("\(key).unreadable"), .text(word)])
          }
          for key in TodoSettings.Key.allCases {
            try database.execute(
              "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
              [.text(key.rawValue), .text(key.value(in: value))])
          }
        }
      } catch {
        let cause =
          error == .readOnly(path: database.path) ? SQLiteTodoRepository.whyReadOnly(database.path) : error
        throw SharedStorageError(.writeFailed, location: id, detail: cause.description)
      }
      connection.unreadable = [:]
      connection.known = value
    }
  }

  /// Tells `onChange` of each change to the database's folder.
  public func watch(_ onChange: @escaping @Sendable () -> Void) -> SharedStorageWatch? {
    SharedStorageWatch.folder(
      atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, onChange: onChange)
  }

  /// The settings, if another connection committed since the rows were last read and they
  /// differ from those last loaded or saved.
  ///
  /// - Throws: ``Uniflow/SharedStorageError`` when the rows cannot be read, or hold a bad
  ///   value not reported before.
  public func loadChange() throws(SharedStorageError) -> TodoSettings? {
    switch Self.outsideChange(in: connection, id: id) {
    case .success(let settings): settings
    case .failure(let error): throw error
    case nil: nil
    }
  }

  private static func outsideChange(
    in connection: LockIsolated<Connection>, id: String
  ) -> Result<TodoSettings, SharedStorageError>? {
    connection.withLock { connection -> Result<TodoSettings, SharedStorageError>? in
      guard let database = connection.database else { return nil }
      do throws(SharedStorageError) {
        let version: Int64
        // The folder changes when another connection writes its transaction into the log,
        // before it commits: waiting for the write lock waits for that transaction to end, so
        // that its commit is seen, and not missed until the next write wakes the watch.
        if (try? database.execute("BEGIN IMMEDIATE")) != nil { try? database.execute("ROLLBACK") }
        do throws(TodoStoreError) {
          version = try SQLiteTodoRepository.dataVersion(of: database)
        } catch {
          throw SharedStorageError(.unreadable, location: id, detail: error.description)
        }
        guard version != connection.dataVersion else { return nil }
        let unreadableBefore = connection.unreadable
        let rows = try read(database, into: &connection, id: id)
        let settings: TodoSettings
        do throws(SharedStorageError) {
          settings = try decode(rows, into: &connection, id: id) ?? TodoSettings()
        } catch {
          // The same bad rows were reported already.
          return connection.unreadable == unreadableBefore ? nil : .failure(error)
        }
        guard settings != connection.known else { return nil }
        connection.known = settings
        return .success(settings)
      } catch {
        return .failure(error)
      }
    }
  }

  // MARK: - Rows

  /// The error of a load or a save on a closed connection, which none meets: the connection
  /// closes when the storage is released.
  private static func closed(_ reason: SharedStorageError.Reason, id: String) -> SharedStorageError {
    SharedStorageError(reason, location: id, detail: "the settings' connection is closed")
  }

  /// Reads the rows in one read transaction, and remembers the version they are of.
  private static func read(
    _ database: SQLiteDatabase, into connection: inout Connection, id: String
  ) throws(SharedStorageError) -> [String: String] {
    do throws(TodoStoreError) {
      let (rows, version) = try database.snapshot { () throws(TodoStoreError) in
        let rows = try database.query("SELECT key, value FROM settings")
        // Inside the transaction, the version is that of the rows just read.
        return (rows, try SQLiteTodoRepository.dataVersion(of: database))
      }
      connection.dataVersion = version
      var settings: [String: String] = [:]
      for row in rows {
        guard let key = row[0].text else { continue }
        settings[key] = row[1].text ?? ""
      }
      return settings
    } catch {
      throw SharedStorageError(.unreadable, location: id, detail: error.description)
    }
  }

  /// The settings the rows hold; `nil` when no setting has a row.
  private static func decode(
    _ rows: [String: String], into connection: inout Connection, id: String
  ) throws(SharedStorageError) -> TodoSettings? {
    var settings = TodoSettings()
    var found = false
    var unreadable: [String: String] = [:]
    var problems: [String] = []
    for key in TodoSettings.Key.allCases {
      guard let word = rows[key.rawValue] else { continue }
      found = true
      do throws(TodoSettingsError) {
        try key.set(word, in: &settings)
      } catch {
        unreadable[key.rawValue] = word
        problems.append(error.description)
      }
    }
    connection.unreadable = unreadable
    guard problems.isEmpty else {
      throw SharedStorageError(.undecodable, location: id, detail: problems.joined(separator: "; "))
    }
    return found ? settings : nil
  }
}
