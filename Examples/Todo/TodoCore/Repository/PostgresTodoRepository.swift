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
    var subscribers: [Int: AsyncStream<Result<TodoSnapshot, TodoStoreError>>.Continuation] = [:]
    var nextSubscriber = 0
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

  /// The numbers every change reads and moves, in the one row of `todo_counters`.
  private struct Counters: Equatable {
    var nextTodoID: Int64
    var undoStepsMade: Int64
    var redoStepsMade: Int64
    var revision: Int64
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
    let continuations = connection.withLock { Array($0.subscribers.values) }
    for continuation in continuations { continuation.finish() }
  }

  /// Makes the next change meet `fault`, as a test of what a broken connection does.
  package func inject(_ fault: Fault) {
    connection.withLock { $0.faults.append(fault) }
  }

  /// The contents now, then after each change another client commits, as
  /// ``reloadIfChanged()`` finds them; see ``TodoRepository/updates()``.
  public func updates() -> AsyncStream<Result<TodoSnapshot, TodoStoreError>> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Result<TodoSnapshot, TodoStoreError>.self, bufferingPolicy: .bufferingNewest(1))
    let id = connection.withLock { connection in
      let id = connection.nextSubscriber
      connection.nextSubscriber += 1
      connection.subscribers[id] = continuation
      return id
    }
    // Yielded under the lock, as a publication is: a later one cannot come first.
    do throws(TodoStoreError) {
      try read { connection, database throws(TodoStoreError) in
        continuation.yield(.success(try Self.readSnapshot(&connection, database)))
      }
    } catch {
      continuation.yield(.failure(error))
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.connection.withLock { $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  /// Reads the current contents.
  public func snapshot() async throws(TodoStoreError) -> TodoSnapshot {
    try read(Self.readSnapshot)
  }

  /// Adds an open todo; see ``TodoRepository/add(title:at:)``.
  public func add(title: String, at date: Date) async throws(TodoStoreError) -> TodoChange<Todo> {
    let title = try Todo.validatedTitle(title)
    return try change { database, counters throws(TodoStoreError) in
      let todo = Todo(id: counters.nextTodoID, title: title, createdAt: date)
      counters.nextTodoID += 1
      try database.query(
        "INSERT INTO todos (id, title, created_at) VALUES ($1, $2, $3)",
        ["\(todo.id)", title, "\(date.timeIntervalSince1970)"])
      let step = try Self.beginUndoStep(database, &counters, label: "add “\(title)”")
      try database.query(
        "INSERT INTO undo_rows (step, todo_id, existed) VALUES ($1, $2, false)", ["\(step)", "\(todo.id)"])
      return todo
    }
  }

  /// Adds open todos in one transaction, as one undo step; see
  /// ``TodoRepository/add(titles:at:)``.
  ///
  /// - Complexity: O(*n*) in the number of titles, in two statements whatever their number:
  ///   the titles travel as one JSON array, a bound parameter.
  public func add(titles: [String], at date: Date) async throws(TodoStoreError) -> TodoChange<[Todo]> {
    guard !titles.isEmpty else { throw .emptyTitle }
    let normalized = try titles.map { title throws(TodoStoreError) in try Todo.validatedTitle(title) }
    let json = String(decoding: (try? JSONEncoder().encode(normalized)) ?? Data("[]".utf8), as: UTF8.self)
    return try change { database, counters throws(TodoStoreError) in
      let first = counters.nextTodoID
      counters.nextTodoID += Int64(normalized.count)
      let step = try Self.beginUndoStep(database, &counters, label: addLabel(normalized))
      try database.query(
        """
        INSERT INTO todos (id, title, created_at)
        SELECT $1::bigint + ordinal - 1, title, $2 FROM jsonb_array_elements_text($3::jsonb)
          WITH ORDINALITY AS titles (title, ordinal)
        """, ["\(first)", "\(date.timeIntervalSince1970)", json])
      try database.query(
        """
        INSERT INTO undo_rows (step, todo_id, existed)
        SELECT $1, id, false FROM generate_series($2::bigint, $3::bigint) AS id
        """, ["\(step)", "\(first)", "\(counters.nextTodoID - 1)"])
      return normalized.enumerated().map { offset, title in
        Todo(id: first + Int64(offset), title: title, createdAt: date)
      }
    }
  }

  /// Renames a todo; see ``TodoRepository/rename(id:to:)``.
  public func rename(id: Todo.ID, to title: String) async throws(TodoStoreError) -> TodoChange<TodoUpdate> {
    let title = try Todo.validatedTitle(title)
    return try change { database, counters throws(TodoStoreError) in
      var todo = try Self.todo(id, in: database)
      guard todo.title != title else { return TodoUpdate(todo: todo, isChanged: false) }
      try Self.recordUndoStep(
        database, &counters, label: "rename “\(todo.title)” to “\(title)”", restoring: .todo(id))
      try database.query("UPDATE todos SET title = $1 WHERE id = $2", [title, "\(id)"])
      todo.title = title
      return TodoUpdate(todo: todo, isChanged: true)
    }
  }

  /// Sets a todo's note; see ``TodoRepository/setNote(_:id:)``.
  public func setNote(_ note: String, id: Todo.ID) async throws(TodoStoreError) -> TodoChange<TodoUpdate> {
    let note = try Todo.validatedNote(note)
    return try change { database, counters throws(TodoStoreError) in
      var todo = try Self.todo(id, in: database)
      guard todo.note != note else { return TodoUpdate(todo: todo, isChanged: false) }
      try Self.recordUndoStep(database, &counters, label: noteLabel(todo), restoring: .todo(id))
      try database.query("UPDATE todos SET note = $1 WHERE id = $2", [note, "\(id)"])
      todo.note = note
      return TodoUpdate(todo: todo, isChanged: true)
    }
  }

  /// Marks a todo done or open; see ``TodoRepository/setDone(_:id:at:)``.
  public func setDone(
    _ isDone: Bool, id: Todo.ID, at date: Date
  ) async throws(TodoStoreError)
    -> TodoChange<TodoUpdate>
  {
    try change { database, counters throws(TodoStoreError) in
      try Self.setDone(isDone, id: id, at: date, in: database, &counters)
    }
  }

  /// Marks an open todo done and a done one open; see ``TodoRepository/toggleDone(id:at:)``.
  public func toggleDone(id: Todo.ID, at date: Date) async throws(TodoStoreError) -> TodoChange<TodoUpdate> {
    try change { database, counters throws(TodoStoreError) in
      try Self.setDone(!Self.todo(id, in: database).isDone, id: id, at: date, in: database, &counters)
    }
  }

  /// Marks a todo done or open inside a transaction, with an undo step if it changed anything.
  private static func setDone(
    _ isDone: Bool, id: Todo.ID, at date: Date, in database: PostgresConnection, _ counters: inout Counters
  ) throws(TodoStoreError) -> TodoUpdate {
    var todo = try Self.todo(id, in: database)
    guard todo.isDone != isDone else { return TodoUpdate(todo: todo, isChanged: false) }
    let label = "\(isDone ? "complete" : "reopen") “\(todo.title)”"
    try Self.recordUndoStep(database, &counters, label: label, restoring: .todo(id))
    todo.isDone = isDone
    todo.completedAt = isDone ? date : nil
    try database.query(
      "UPDATE todos SET is_done = $1, completed_at = $2 WHERE id = $3",
      [isDone ? "true" : "false", todo.completedAt.map { "\($0.timeIntervalSince1970)" }, "\(id)"])
    return TodoUpdate(todo: todo, isChanged: true)
  }

  /// Deletes a todo; see ``TodoRepository/delete(id:)``.
  public func delete(id: Todo.ID) async throws(TodoStoreError) -> TodoChange<Todo> {
    try change { database, counters throws(TodoStoreError) in
      let todo = try Self.todo(id, in: database)
      try Self.recordUndoStep(database, &counters, label: "delete “\(todo.title)”", restoring: .todo(id))
      try database.query("DELETE FROM todos WHERE id = $1", ["\(id)"])
      return todo
    }
  }

  /// Deletes the done todos; see ``TodoRepository/clearDone()``.
  public func clearDone() async throws(TodoStoreError) -> TodoChange<[Todo]> {
    try change { database, counters throws(TodoStoreError) in
      let done = try database.query("\(Self.selectTodos) WHERE is_done ORDER BY id").map(Self.todo(from:))
      guard !done.isEmpty else { return [] }
      try Self.recordUndoStep(database, &counters, label: "clear \(done.count) done", restoring: .done)
      try database.query("DELETE FROM todos WHERE is_done")
      return done
    }
  }

  /// Reverts the last change; see ``TodoRepository/undo()``.
  public func undo() async throws(TodoStoreError) -> TodoChange<String> {
    try change { database, counters throws(TodoStoreError) in
      try Self.step(database, &counters, from: .undo, to: .redo)
    }
  }

  /// Applies the last change undone again; see ``TodoRepository/redo()``.
  public func redo() async throws(TodoStoreError) -> TodoChange<String> {
    try change { database, counters throws(TodoStoreError) in
      try Self.step(database, &counters, from: .redo, to: .undo)
    }
  }

  /// The labels of the undo steps that touched a todo; see ``TodoRepository/history(of:)``.
  public func history(of id: Todo.ID) async throws(TodoStoreError) -> [String] {
    try read { _, database throws(TodoStoreError) in
      try database.query(
        """
        SELECT label FROM undo_steps
        WHERE id IN (SELECT step FROM undo_rows WHERE todo_id = $1) ORDER BY id
        """, ["\(id)"]
      ).map { $0.text(0) ?? "" }
    }
  }

  /// The changes of a todo, dated by the server's clock, with the note each left; see
  /// ``TodoRepository/changes(of:)``.
  ///
  /// One statement, so one snapshot of the database: the steps and the todo of the same moment.
  public func changes(of id: Todo.ID) async throws(TodoStoreError) -> [TodoHistoryEntry] {
    try read { _, database throws(TodoStoreError) in
      let rows = try database.query(
        """
        SELECT s.label, s.made_at, CASE WHEN r.existed THEN coalesce(r.note, '') END,
          (SELECT note FROM todos WHERE id = $1)
        FROM undo_steps AS s JOIN undo_rows AS r ON r.step = s.id AND r.todo_id = $1 ORDER BY s.id
        """, ["\(id)"])
      let steps = rows.map { row in
        TodoHistoryStep(
          label: row.text(0) ?? "", date: row.real(1).map(Date.init(timeIntervalSince1970:)),
          noteBefore: row.text(2))
      }
      return TodoHistoryStep.entries(steps, noteNow: rows.first?.text(3))
    }
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
      for continuation in connection.subscribers.values { continuation.yield(.success(snapshot)) }
    }
  }

  // MARK: - Transactions

  /// Runs `body` in a transaction that holds the lock of `todo_counters`, stores the key and
  /// result of the change, and reads the contents the change left, all in one transaction;
  /// on a broken connection, connects again and sends the change once more.
  ///
  /// The subscribers of ``updates()`` are not told: the change is this instance's own, and the
  /// caller has the contents. Its revision is remembered, so that ``reloadIfChanged()`` does
  /// not take it for another client's.
  private func change<Value: Codable & Sendable>(
    _ body: @Sendable (PostgresConnection, inout Counters) throws(TodoStoreError) -> Value
  ) throws(TodoStoreError) -> TodoChange<Value> {
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
            key: key, body, on: database, fault: fault, commitSent: &commitSent)
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
    key: String, _ body: @Sendable (PostgresConnection, inout Counters) throws(TodoStoreError) -> Value,
    on database: PostgresConnection, fault: Fault?, commitSent: inout Bool
  ) throws(TodoStoreError) -> (TodoChange<Value>, Int64) {
    try database.query("BEGIN")
    do throws(TodoStoreError) {
      let row = try database.query(
        "SELECT next_todo_id, undo_steps_made, redo_steps_made, revision FROM todo_counters FOR UPDATE")
      guard let row = row.first, let next = row.integer(0), let undoMade = row.integer(1),
        let redoMade = row.integer(2), let revision = row.integer(3)
      else {
        throw TodoStoreError.serverTableMissing(server: database.server.description, table: "todo_counters")
      }
      let before = Counters(
        nextTodoID: next, undoStepsMade: undoMade, redoStepsMade: redoMade, revision: revision)
      var counters = before
      let value: Value
      if let stored = try database.query("SELECT result FROM applied_changes WHERE key = $1", [key]).first,
        let text = stored.text(0), let decoded = try? JSONDecoder().decode(Value.self, from: Data(text.utf8))
      {
        // Sent again after a lost answer, and applied the first time: what it returned then.
        value = decoded
      } else {
        value = try body(database, &counters)
        if counters != before {
          counters.revision += 1
          try database.query(
            """
            UPDATE todo_counters
            SET next_todo_id = $1, undo_steps_made = $2, redo_steps_made = $3, revision = $4
            """,
            [
              "\(counters.nextTodoID)", "\(counters.undoStepsMade)", "\(counters.redoStepsMade)",
              "\(counters.revision)",
            ])
          let result = (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
          try database.query("INSERT INTO applied_changes (key, result) VALUES ($1, $2)", [key, result])
          // A key is needed only until its change's answer is known: a day is plenty.
          try database.query("DELETE FROM applied_changes WHERE applied_at < now() - interval '1 day'")
          try database.query("SELECT pg_notify($1, $2)", [PostgresSchema.channel, "\(counters.revision)"])
        }
      }
      let contents = try readContents(database)
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
      return (TodoChange(value: value, contents: contents), counters.revision)
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
    let snapshot = try readContents(database)
    connection.revision = revision
    return snapshot
  }

  private static let selectTodos = "SELECT id, title, is_done, created_at, completed_at, note FROM todos"

  /// Reads the todos and the undo history, inside a transaction the caller holds.
  private static func readContents(_ database: PostgresConnection) throws(TodoStoreError) -> TodoSnapshot {
    let todos = try database.query("\(selectTodos) ORDER BY id").map(todo(from:))
    let history = try database.query("SELECT label FROM undo_steps ORDER BY id").map { $0.text(0) ?? "" }
    return TodoSnapshot(todos: IdentifiedArray(uniqueElements: todos), undoHistory: history)
  }

  private static func todo(from row: PostgresRow) -> Todo {
    Todo(
      id: row.integer(0) ?? 0, title: row.text(1) ?? "", isDone: row.bool(2) ?? false,
      createdAt: Date(timeIntervalSince1970: row.real(3) ?? 0),
      completedAt: row.real(4).map(Date.init(timeIntervalSince1970:)), note: row.text(5) ?? "")
  }

  private static func todo(_ id: Todo.ID, in database: PostgresConnection) throws(TodoStoreError) -> Todo {
    guard let row = try database.query("\(selectTodos) WHERE id = $1", ["\(id)"]).first else {
      throw .todoNotFound(id)
    }
    return todo(from: row)
  }

  // MARK: - Undo and redo

  /// The two stacks of steps: what undo reverts, and what redo applies again.
  private enum History {
    case undo, redo

    var steps: String { self == .undo ? "undo_steps" : "redo_steps" }
    var rows: String { self == .undo ? "undo_rows" : "redo_rows" }
  }

  /// Takes the last step of `source` back: records the todos it touches as they are now as a
  /// step of `destination` (so that it can be taken back in turn), then restores them as the
  /// step recorded them. Returns the step's label.
  private static func step(
    _ database: PostgresConnection, _ counters: inout Counters, from source: History, to destination: History
  ) throws(TodoStoreError) -> String {
    guard
      let step = try database.query(
        "SELECT id, label, made_at FROM \(source.steps) ORDER BY id DESC LIMIT 1"
      ).first,
      let id = step.integer(0)
    else {
      guard source == .undo else { throw .nothingToRedo }
      // An undo step goes by an undo, which makes one redo step, or by being dropped: with
      // none left, the steps made that no redo step accounts for were dropped.
      throw counters.undoStepsMade > counters.redoStepsMade
        ? .olderChangesNotKept(kept: undoDepth) : .nothingToUndo
    }
    let label = step.text(1) ?? ""
    let counterpart: Int64
    // The step keeps the time the change was made, wherever undo and redo move it.
    let madeAt = step.text(2)
    if destination == .undo {
      counterpart = try beginUndoStep(database, &counters, label: label, origin: .redo(madeAt: madeAt))
    } else {
      counters.redoStepsMade += 1
      counterpart = counters.redoStepsMade
      try database.query(
        "INSERT INTO redo_steps (id, label, made_at) VALUES ($1, $2, $3)", ["\(counterpart)", label, madeAt])
    }
    try database.query(
      """
      INSERT INTO \(destination.rows)
        (step, todo_id, existed, title, is_done, created_at, completed_at, note)
      SELECT $1, s.todo_id, t.id IS NOT NULL, t.title, t.is_done, t.created_at, t.completed_at, t.note
      FROM \(source.rows) AS s LEFT JOIN todos AS t ON t.id = s.todo_id
      WHERE s.step = $2 ORDER BY s.ordinal
      """, ["\(counterpart)", "\(id)"])
    // Deleting first, then inserting: a todo the step brings back takes its identifier again.
    try database.query(
      "DELETE FROM todos WHERE id IN (SELECT todo_id FROM \(source.rows) WHERE step = $1)", ["\(id)"])
    try database.query(
      """
      INSERT INTO todos (id, title, is_done, created_at, completed_at, note)
      SELECT todo_id, title, is_done, created_at, completed_at, coalesce(note, '')
      FROM \(source.rows) WHERE step = $1 AND existed
      """, ["\(id)"])
    try database.query("DELETE FROM \(source.rows) WHERE step = $1", ["\(id)"])
    try database.query("DELETE FROM \(source.steps) WHERE id = $1", ["\(id)"])
    return label
  }

  /// What an undo step records: a new change, or a change redo applies again, with the time it
  /// was first made, as the server wrote it (`nil` for one kept by a version that did not
  /// record it).
  private enum UndoStepOrigin {
    case newChange
    case redo(madeAt: String?)
  }

  /// Starts an undo step, dropping the oldest ones beyond the history's depth; returns its id.
  ///
  /// A new change makes the changes undone before it impossible to redo, and is dated by the
  /// server's clock, in seconds since 1970 as the todos' dates. The clock is read while the
  /// change holds the lock of `todo_counters`, so the dates follow the order in which the
  /// changes of every client apply (`now()`, the time the transaction began, would not).
  private static func beginUndoStep(
    _ database: PostgresConnection, _ counters: inout Counters, label: String,
    origin: UndoStepOrigin = .newChange
  ) throws(TodoStoreError) -> Int64 {
    counters.undoStepsMade += 1
    let step = counters.undoStepsMade
    switch origin {
    case .newChange:
      try database.query("DELETE FROM redo_rows")
      try database.query("DELETE FROM redo_steps")
      try database.query(
        """
        INSERT INTO undo_steps (id, label, made_at)
        VALUES ($1, $2, extract(epoch FROM clock_timestamp()))
        """, ["\(step)", label])
    case .redo(let date):
      try database.query(
        "INSERT INTO undo_steps (id, label, made_at) VALUES ($1, $2, $3)", ["\(step)", label, date])
    }
    let expired = try database.query(
      "SELECT id FROM undo_steps ORDER BY id DESC LIMIT 1 OFFSET $1", ["\(undoDepth)"])
    if let newestExpired = expired.first?.text(0) {
      try database.query("DELETE FROM undo_rows WHERE step <= $1", [newestExpired])
      try database.query("DELETE FROM undo_steps WHERE id <= $1", [newestExpired])
    }
    return step
  }

  /// The todos an undo step restores.
  private enum UndoScope {
    case todo(Todo.ID)
    case done
  }

  /// Starts an undo step that restores the todos in `scope` as they are now.
  private static func recordUndoStep(
    _ database: PostgresConnection, _ counters: inout Counters, label: String, restoring scope: UndoScope
  ) throws(TodoStoreError) {
    let step = try beginUndoStep(database, &counters, label: label)
    let insert = """
      INSERT INTO undo_rows (step, todo_id, existed, title, is_done, created_at, completed_at, note)
      SELECT $1, id, true, title, is_done, created_at, completed_at, note FROM todos
      """
    switch scope {
    case .todo(let id):
      try database.query("\(insert) WHERE id = $2", ["\(step)", "\(id)"])
    case .done:
      try database.query("\(insert) WHERE is_done ORDER BY id", ["\(step)"])
    }
  }
}
