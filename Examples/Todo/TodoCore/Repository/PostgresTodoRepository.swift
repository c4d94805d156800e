import Foundation
import Uniflow

/// A repository that keeps todos on a PostgreSQL server, shared by every client that connects
/// to it.
///
/// ```swift
/// let server = try PostgresServer("postgresql://todo@db.example.org/todos?sslmode=require")
/// let repository = try PostgresTodoRepository(server: server)
/// let todo = try await repository.add(title: "Buy milk", at: .now)
/// ```
///
/// It keeps the contract of ``SQLiteTodoRepository`` (the same tests run on both): todos,
/// notes, undo and redo kept on the server (so `todo undo` on one machine reverts a change
/// made on another), the history of a todo (each change dated by the server's clock), and a
/// schema version check that refuses a database set up by a newer version without writing to
/// it. Opening an empty database sets it up, and an older one is brought up to date.
///
/// **One change at a time.** Each change is one transaction that first locks the one row of
/// `todo_counters`: changes from every client apply one after another, each on the todos as
/// the one before left them, as SQLite's write lock makes them. Identifiers come from that
/// row, so they count up without gaps and are never reused.
///
/// **Nothing applied twice.** Each change carries a key of its own (a UUID), stored with
/// what the change returned in the same transaction. When the connection breaks before the
/// answer to the commit arrives, the outcome is unknown: the repository connects again and
/// sends the change once more, with the same key; if the first one committed, the server
/// answers with what it returned then, and the change is not made a second time.
///
/// **Other clients.** Every change bumps `revision` and notifies the channel `todo_changes`
/// when it commits; a ``PostgresChangeWatch`` listens and calls ``reloadIfChanged()``, which
/// compares the revision with the one last read and publishes the contents when it moved.
///
/// **A lost server.** A command on a lost connection connects again first; when the server
/// cannot be reached, it fails with ``TodoStoreError/offline(server:)`` and changes nothing.
///
/// The methods are synchronous underneath: a call blocks its thread for as long as the server
/// takes to answer (or `connect_timeout`, five seconds unless the address sets it, to be found
/// unreachable).
public final class PostgresTodoRepository: TodoRepository {
  private struct Connection {
    /// `nil` after the connection was lost, until the next command connects again.
    var database: PostgresConnection?
    var subscribers = TodoSubscribers()
    /// The `revision` of the contents last read or left by a change of this instance.
    var revision: Int64 = -1
    /// The faults the tests ask for, consumed one per change.
    var faults: [Fault] = []
  }

  /// A fault the tests inject into the next change, to see that it is applied exactly once.
  package enum Fault: Sendable {
    /// The connection breaks after the change, before `COMMIT` is sent: the server rolls back.
    case loseConnectionBeforeCommit
    /// `COMMIT` reaches the server, and the connection breaks before its answer arrives.
    case loseCommitAnswer
  }

  /// The server.
  public let server: PostgresServer
  private let connection: LockIsolated<Connection>

  /// Connects to the server and checks its todo database, setting up an empty one.
  ///
  /// - Parameters:
  ///   - server: The server and database.
  ///   - setsUp: Whether to set up a database without todo tables; a program that only reads
  ///     passes `false`, and the database is left as it was.
  /// - Throws: A ``TodoStoreError`` naming the cause: the server cannot be reached
  ///   (``TodoStoreError/serverUnreachable(server:reason:)``), refuses the login, has no such
  ///   database, has no todo tables and `setsUp` is `false`
  ///   (``TodoStoreError/serverNotSetUp(server:)``), or holds a database of a newer version or
  ///   with a table missing.
  public init(server: PostgresServer, setsUp: Bool = true) throws(TodoStoreError) {
    self.server = server
    let database = try PostgresConnection(server: server)
    try PostgresSchema.prepare(database, setsUp: setsUp)
    connection = LockIsolated(Connection(database: database))
  }

  deinit {
    TodoSubscribers.finishAll(in: connection, at: \.subscribers)
  }

  /// Makes the next change meet `fault`, as a test of what a broken connection does.
  package func inject(_ fault: Fault) {
    connection.withLock { $0.faults.append(fault) }
  }

  /// The contents now, then after each change another client commits, as
  /// ``reloadIfChanged()`` finds them; see ``TodoRepository/updates()``.
  public func updates() -> AsyncStream<Result<TodoSnapshot, TodoStoreError>> {
    var added: AsyncStream<Result<TodoSnapshot, TodoStoreError>>.Continuation?
    let stream = TodoSubscribers.stream(in: connection, at: \.subscribers) { added = $1 }
    let subscriber = added
    // Read on the connection, which may connect again first, and yielded under the lock, as a
    // publication is: a later one cannot come first.
    do throws(TodoStoreError) {
      try read { connection, database throws(TodoStoreError) in
        subscriber?.yield(.success(try Self.readSnapshot(&connection, database)))
      }
    } catch {
      subscriber?.yield(.failure(error))
    }
    return stream
  }

  /// Reads the current contents.
  public func snapshot() async throws(TodoStoreError) -> TodoSnapshot {
    try read(Self.readSnapshot)
  }

  /// The labels of the undo steps that touched a todo; see ``TodoRepository/history(of:)``.
  public func history(of id: Todo.ID) async throws(TodoStoreError) -> [String] {
    try read { _, database throws(TodoStoreError) in try database.history(of: id) }
  }

  /// The changes of a todo, dated by the server's clock, with the note each left; see
  /// ``TodoRepository/changes(of:)``.
  public func changes(of id: Todo.ID) async throws(TodoStoreError) -> [TodoHistoryEntry] {
    try read { _, database throws(TodoStoreError) in try database.changes(of: id) }
  }

  /// Publishes a new snapshot if another client committed a change since the last one; see
  /// ``TodoRepository/reloadIfChanged()``.
  ///
  /// One read of the revision when nothing changed.
  public func reloadIfChanged() async throws(TodoStoreError) {
    try publish(always: false)
  }

  /// Publishes the contents to the subscribers of ``updates()``, changed or not: what a
  /// ``PostgresChangeWatch`` does when the server is back after a loss.
  ///
  /// - Throws: ``TodoStoreError/offline(server:)`` when the server cannot be reached.
  public func publishContents() async throws(TodoStoreError) {
    try publish(always: true)
  }

  private func publish(always: Bool) throws(TodoStoreError) {
    try read { connection, database throws(TodoStoreError) in
      guard !connection.subscribers.isEmpty else { return }
      if !always {
        let revision = try database.query("SELECT revision FROM todo_counters").first?.integer(0)
        guard revision != connection.revision else { return }
      }
      let snapshot = try Self.readSnapshot(&connection, database)
      connection.subscribers.publish(.success(snapshot))
    }
  }

  // MARK: - Transactions

  /// Makes a change in a transaction that holds the lock of `todo_counters`, stores the key
  /// and result of the change, and reads the contents the change left, all in one
  /// transaction; on a broken connection, connects again and sends the change once more. See
  /// ``TodoRepository/perform(_:)``.
  ///
  /// The subscribers of ``updates()`` are not told: the change is this instance's own, and the
  /// caller has the contents. Its revision is remembered, so that ``reloadIfChanged()`` does
  /// not take it for another client's.
  public func perform<Value>(_ command: TodoCommand<Value>) async throws(TodoStoreError) -> TodoChange<Value>
  {
    let key = UUID().uuidString.lowercased()
    let server = server
    return try connection.withLock { connection throws(TodoStoreError) in
      var commitSent = false
      var isResend = false
      while true {
        let database: PostgresConnection
        do throws(TodoStoreError) {
          database = try Self.connected(&connection, server: server)
        } catch .offline where commitSent {
          throw .changeOutcomeUnknown(server: server.description)
        }
        let fault = isResend || connection.faults.isEmpty ? nil : connection.faults.removeFirst()
        do throws(TodoStoreError) {
          let (change, revision) = try Self.apply(
            key: key, command, on: database, fault: fault, commitSent: &commitSent)
          connection.revision = revision
          return change
        } catch .offline {
          connection.database = nil
          if isResend {
            throw commitSent
              ? .changeOutcomeUnknown(server: server.description) : .offline(server: server.description)
          }
          isResend = true
        }
      }
    }
  }

  /// One attempt at a change: returns it, with the revision it left.
  private static func apply<Value: Codable & Sendable>(
    key: String, _ command: TodoCommand<Value>,
    on database: PostgresConnection, fault: Fault?, commitSent: inout Bool
  ) throws(TodoStoreError) -> (TodoChange<Value>, Int64) {
    try database.query("BEGIN")
    do throws(TodoStoreError) {
      let row = try database.query(
        "SELECT next_todo_id, undo_steps_made, redo_steps_made, revision FROM todo_counters FOR UPDATE")
      guard let row = row.first, let next = row.integer(0), let undoMade = row.integer(1),
        let redoMade = row.integer(2), let revisionBefore = row.integer(3)
      else {
        throw TodoStoreError.serverTableMissing(server: database.server.description, table: "todo_counters")
      }
      let before = TodoCounters(nextTodoID: next, undoStepsMade: undoMade, redoStepsMade: redoMade)
      var revision = revisionBefore
      let value: Value
      if let stored = try database.query("SELECT result FROM applied_changes WHERE key = $1", [key]).first,
        let text = stored.text(0), let decoded = try? JSONDecoder().decode(Value.self, from: Data(text.utf8))
      {
        // Sent again after a lost answer, and applied the first time: what it returned then.
        value = decoded
      } else {
        let tables = SQLTodoTables(database: database, counters: before)
        value = try command.run(tables)
        let counters = tables.counters
        if counters != before {
          revision += 1
          try database.query(
            """
            UPDATE todo_counters
            SET next_todo_id = $1, undo_steps_made = $2, redo_steps_made = $3, revision = $4
            """,
            [
              "\(counters.nextTodoID)", "\(counters.undoStepsMade)", "\(counters.redoStepsMade)",
              "\(revision)",
            ])
          let result = (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
          try database.query("INSERT INTO applied_changes (key, result) VALUES ($1, $2)", [key, result])
          // A key is needed only until its change's answer is known: a day is plenty.
          try database.query("DELETE FROM applied_changes WHERE applied_at < now() - interval '1 day'")
          try database.query("SELECT pg_notify($1, $2)", [PostgresSchema.channel, "\(revision)"])
        }
      }
      let contents = try database.contents()
      switch fault {
      case .loseConnectionBeforeCommit?:
        database.breakConnection()
      case .loseCommitAnswer?:
        commitSent = true
        try database.commitAndLoseTheAnswer()
      case nil:
        break
      }
      commitSent = true
      try database.query("COMMIT")
      return (TodoChange(value: value, contents: contents), revision)
    } catch {
      if database.isConnected { _ = try? database.query("ROLLBACK") }
      throw error
    }
  }

  /// The connection, connected again if it was lost; ``TodoStoreError/offline(server:)`` when
  /// the server cannot be reached.
  private static func connected(
    _ connection: inout Connection, server: PostgresServer
  ) throws(TodoStoreError) -> PostgresConnection {
    if let database = connection.database, database.isConnected { return database }
    connection.database = nil
    do throws(TodoStoreError) {
      let database = try PostgresConnection(server: server)
      connection.database = database
      return database
    } catch .serverUnreachable {
      throw .offline(server: server.description)
    }
  }

  /// Runs reads on the connection; on a lost one, connects again and runs them once more.
  @discardableResult
  private func read<Value: Sendable>(
    _ body: @Sendable (inout Connection, PostgresConnection) throws(TodoStoreError) -> Value
  ) throws(TodoStoreError) -> Value {
    let server = server
    return try connection.withLock { connection throws(TodoStoreError) in
      do throws(TodoStoreError) {
        return try body(&connection, Self.connected(&connection, server: server))
      } catch .offline {
        // A connection the server dropped (a restart) is found lost only when used.
        connection.database = nil
        return try body(&connection, Self.connected(&connection, server: server))
      }
    }
  }

  /// Reads the contents in a read transaction of its own, and remembers their revision.
  private static func readSnapshot(
    _ connection: inout Connection, _ database: PostgresConnection
  ) throws(TodoStoreError) -> TodoSnapshot {
    // One snapshot of the database: the todos and the history of the same moment.
    try database.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
    defer { if database.isConnected { _ = try? database.query("COMMIT") } }
    let revision = try database.query("SELECT revision FROM todo_counters").first?.integer(0) ?? 0
    let snapshot = try database.contents()
    connection.revision = revision
    return snapshot
  }
}
