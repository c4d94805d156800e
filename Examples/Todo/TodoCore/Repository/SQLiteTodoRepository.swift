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
    var subscribers: [Int: AsyncStream<Result<TodoSnapshot, TodoStoreError>>.Continuation] = [:]
    var nextSubscriber = 0
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
    let continuations = connection.withLock { Array($0.subscribers.values) }
    for continuation in continuations { continuation.finish() }
  }

  /// The contents now, then after each change another process commits, as
  /// ``reloadIfChanged()`` finds them; see ``TodoRepository/updates()``.
  public func updates() -> AsyncStream<Result<TodoSnapshot, TodoStoreError>> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Result<TodoSnapshot, TodoStoreError>.self, bufferingPolicy: .bufferingNewest(1))
    let id = connection.withLock { connection in
      let id = connection.nextSubscriber
      connection.nextSubscriber += 1
      connection.subscribers[id] = continuation
      continuation.yield(Self.readSnapshot(&connection))
      return id
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.connection.withLock { $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }

  /// Reads the current contents.
  public func snapshot() async throws(TodoStoreError) -> TodoSnapshot {
    try connection.withLock { connection throws(TodoStoreError) in
      try Self.readSnapshot(&connection).get()
    }
  }

  /// Adds an open todo; see ``TodoRepository/add(title:at:)``.
  public func add(title: String, at date: Date) async throws(TodoStoreError) -> TodoChange<Todo> {
    let title = try Todo.validatedTitle(title)
    return try change { database throws(TodoStoreError) in
      try database.execute(
        "INSERT INTO todos (title, is_done, created_at) VALUES (?, 0, ?)",
        [.text(title), .real(date.timeIntervalSince1970)])
      let todo = Todo(id: database.lastInsertedRowID, title: title, createdAt: date)
      let step = try Self.beginUndoStep(database, label: "add “\(title)”")
      try database.execute(
        "INSERT INTO undo_rows (step, todo_id, existed) VALUES (?, ?, 0)",
        [.integer(step), .integer(todo.id)])
      return todo
    }
  }

  /// Adds open todos in one transaction, as one undo step; see
  /// ``TodoRepository/add(titles:at:)``.
  ///
  /// - Complexity: O(*n*) in the number of titles: two inserts each, and one read of the
  ///   contents at the end.
  public func add(titles: [String], at date: Date) async throws(TodoStoreError) -> TodoChange<[Todo]> {
    guard !titles.isEmpty else { throw .emptyTitle }
    let normalized = try titles.map { title throws(TodoStoreError) in try Todo.validatedTitle(title) }
    return try change { database throws(TodoStoreError) in
      let step = try Self.beginUndoStep(database, label: addLabel(normalized))
      var todos: [Todo] = []
      todos.reserveCapacity(normalized.count)
      for title in normalized {
        try database.execute(
          "INSERT INTO todos (title, is_done, created_at) VALUES (?, 0, ?)",
          [.text(title), .real(date.timeIntervalSince1970)])
        let todo = Todo(id: database.lastInsertedRowID, title: title, createdAt: date)
        try database.execute(
          "INSERT INTO undo_rows (step, todo_id, existed) VALUES (?, ?, 0)",
          [.integer(step), .integer(todo.id)])
        todos.append(todo)
      }
      return todos
    }
  }

  /// Renames a todo; see ``TodoRepository/rename(id:to:)``.
  public func rename(id: Todo.ID, to title: String) async throws(TodoStoreError) -> TodoChange<TodoUpdate> {
    let title = try Todo.validatedTitle(title)
    return try change { database throws(TodoStoreError) in
      var todo = try Self.todo(id, in: database)
      guard todo.title != title else { return TodoUpdate(todo: todo, isChanged: false) }
      try Self.recordUndoStep(database, label: "rename “\(todo.title)” to “\(title)”", restoring: .todo(id))
      try database.execute("UPDATE todos SET title = ? WHERE id = ?", [.text(title), .integer(id)])
      todo.title = title
      return TodoUpdate(todo: todo, isChanged: true)
    }
  }

  /// Sets a todo's note; see ``TodoRepository/setNote(_:id:)``.
  public func setNote(_ note: String, id: Todo.ID) async throws(TodoStoreError) -> TodoChange<TodoUpdate> {
    let note = try Todo.validatedNote(note)
    return try change { database throws(TodoStoreError) in
      var todo = try Self.todo(id, in: database)
      guard todo.note != note else { return TodoUpdate(todo: todo, isChanged: false) }
      try Self.recordUndoStep(database, label: noteLabel(todo), restoring: .todo(id))
      try database.execute("UPDATE todos SET note = ? WHERE id = ?", [.text(note), .integer(id)])
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
    try change { database throws(TodoStoreError) in
      try Self.setDone(isDone, id: id, at: date, in: database)
    }
  }

  /// Marks an open todo done and a done one open; see ``TodoRepository/toggleDone(id:at:)``.
  public func toggleDone(id: Todo.ID, at date: Date) async throws(TodoStoreError) -> TodoChange<TodoUpdate> {
    try change { database throws(TodoStoreError) in
      try Self.setDone(!Self.todo(id, in: database).isDone, id: id, at: date, in: database)
    }
  }

  /// Marks a todo done or open inside a transaction, with an undo step if it changed anything.
  private static func setDone(
    _ isDone: Bool, id: Todo.ID, at date: Date, in database: SQLiteDatabase
  ) throws(TodoStoreError) -> TodoUpdate {
    var todo = try Self.todo(id, in: database)
    guard todo.isDone != isDone else { return TodoUpdate(todo: todo, isChanged: false) }
    let label = "\(isDone ? "complete" : "reopen") “\(todo.title)”"
    try Self.recordUndoStep(database, label: label, restoring: .todo(id))
    todo.isDone = isDone
    todo.completedAt = isDone ? date : nil
    try database.execute(
      "UPDATE todos SET is_done = ?, completed_at = ? WHERE id = ?",
      [
        .integer(isDone ? 1 : 0), todo.completedAt.map { .real($0.timeIntervalSince1970) } ?? .null,
        .integer(id),
      ])
    return TodoUpdate(todo: todo, isChanged: true)
  }

  /// Deletes a todo; see ``TodoRepository/delete(id:)``.
  public func delete(id: Todo.ID) async throws(TodoStoreError) -> TodoChange<Todo> {
    try change { database throws(TodoStoreError) in
      let todo = try Self.todo(id, in: database)
      try Self.recordUndoStep(database, label: "delete “\(todo.title)”", restoring: .todo(id))
      try database.execute("DELETE FROM todos WHERE id = ?", [.integer(id)])
      return todo
    }
  }

  /// Deletes the done todos; see ``TodoRepository/clearDone()``.
  public func clearDone() async throws(TodoStoreError) -> TodoChange<[Todo]> {
    try change { database throws(TodoStoreError) in
      let done = try database.query(
        "SELECT id, title, is_done, created_at, completed_at, note FROM todos WHERE is_done = 1 ORDER BY id"
      ).map(Self.todo(from:))
      guard !done.isEmpty else { return [] }
      try Self.recordUndoStep(database, label: "clear \(done.count) done", restoring: .done)
      try database.execute("DELETE FROM todos WHERE is_done = 1")
      return done
    }
  }

  /// Reverts the last change; see ``TodoRepository/undo()``.
  public func undo() async throws(TodoStoreError) -> TodoChange<String> {
    try change { database throws(TodoStoreError) in try Self.step(database, from: .undo, to: .redo) }
  }

  /// Applies the last change undone again; see ``TodoRepository/redo()``.
  public func redo() async throws(TodoStoreError) -> TodoChange<String> {
    try change { database throws(TodoStoreError) in try Self.step(database, from: .redo, to: .undo) }
  }

  /// The labels of the undo steps that touched a todo; see ``TodoRepository/history(of:)``.
  public func history(of id: Todo.ID) async throws(TodoStoreError) -> [String] {
    try connection.withLock { connection throws(TodoStoreError) in
      try connection.database.query(
        """
        SELECT label FROM undo_steps
        WHERE id IN (SELECT step FROM undo_rows WHERE todo_id = ?) ORDER BY id
        """, [.integer(id)]
      ).map { $0[0].text ?? "" }
    }
  }

  /// The changes of a todo, dated, with the note each left; see
  /// ``TodoRepository/changes(of:)``.
  public func changes(of id: Todo.ID) async throws(TodoStoreError) -> [TodoHistoryEntry] {
    try connection.withLock { connection throws(TodoStoreError) in
      try connection.database.snapshot { () throws(TodoStoreError) in
        // Each step's row holds the todo as it was before the step.
        let steps = try connection.database.query(
          """
          SELECT s.label, s.made_at, r.existed, r.note FROM undo_steps AS s
          JOIN undo_rows AS r ON r.step = s.id AND r.todo_id = ? ORDER BY s.id
          """, [.integer(id)]
        ).map { row in
          TodoHistoryStep(
            label: row[0].text ?? "", date: row[1].real.map(Date.init(timeIntervalSince1970:)),
            noteBefore: row[2].integer == 1 ? row[3].text ?? "" : nil)
        }
        let now = try connection.database.query("SELECT note FROM todos WHERE id = ?", [.integer(id)])
        return TodoHistoryStep.entries(steps, noteNow: now.first?[0].text)
      }
    }
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

  /// Runs `body` in a write transaction, and reads the contents it left in the same
  /// transaction.
  ///
  /// The subscribers of ``updates()`` are not told: the change is this instance's own, and the
  /// caller has the contents. SQLite's `data_version` does not count a connection's own
  /// commits, so ``reloadIfChanged()`` does not take the change for another process's either.
  private func change<Value: Sendable>(
    _ body: @Sendable (SQLiteDatabase) throws(TodoStoreError) -> Value
  ) throws(TodoStoreError) -> TodoChange<Value> {
    try connection.withLock { connection throws(TodoStoreError) in
      let database = connection.database
      if database.isReadOnly { throw Self.whyReadOnly(database.path) }
      do throws(TodoStoreError) {
        return try database.transaction { () throws(TodoStoreError) in
          let value = try body(database)
          return TodoChange(value: value, contents: try Self.readContents(database))
        }
      } catch .readOnly {
        throw Self.whyReadOnly(database.path)
      }
    }
  }

  private static func publish(_ connection: inout Connection) {
    guard !connection.subscribers.isEmpty else { return }
    let snapshot = readSnapshot(&connection)
    for continuation in connection.subscribers.values { continuation.yield(snapshot) }
  }

  /// Reads the contents in a read transaction of its own, and remembers their version.
  private static func readSnapshot(_ connection: inout Connection) -> Result<TodoSnapshot, TodoStoreError> {
    let database = connection.database
    do throws(TodoStoreError) {
      // One read transaction: the todos and the history of the same moment.
      try database.execute("BEGIN")
      defer { try? database.execute("COMMIT") }
      let snapshot = try readContents(database)
      // Inside the transaction, the version is that of the contents just read.
      connection.dataVersion = try dataVersion(of: database)
      return .success(snapshot)
    } catch {
      return .failure(error)
    }
  }

  /// Reads the todos and the undo history, inside a transaction the caller holds.
  private static func readContents(_ database: SQLiteDatabase) throws(TodoStoreError) -> TodoSnapshot {
    let rows = try database.query(
      "SELECT id, title, is_done, created_at, completed_at, note FROM todos ORDER BY id")
    // The identifier is the table's primary key: two rows sharing one mean a damaged file.
    guard let todos = try? IdentifiedArray(validating: rows.map(todo(from:))) else {
      throw .corrupted(path: database.path)
    }
    let history = try database.query("SELECT label FROM undo_steps ORDER BY id").map { $0[0].text ?? "" }
    return TodoSnapshot(todos: todos, undoHistory: history)
  }

  static func dataVersion(of database: SQLiteDatabase) throws(TodoStoreError) -> Int64 {
    try database.query("PRAGMA data_version").first?.first?.integer ?? 0
  }

  private static func todo(from row: [SQLiteValue]) -> Todo {
    Todo(
      id: row[0].integer ?? 0, title: row[1].text ?? "", isDone: row[2].integer == 1,
      createdAt: Date(timeIntervalSince1970: row[3].real ?? 0),
      completedAt: row[4].real.map(Date.init(timeIntervalSince1970:)), note: row[5].text ?? "")
  }

  private static func todo(_ id: Todo.ID, in database: SQLiteDatabase) throws(TodoStoreError) -> Todo {
    let rows = try database.query(
      "SELECT id, title, is_done, created_at, completed_at, note FROM todos WHERE id = ?", [.integer(id)])
    guard let row = rows.first else {
      throw .todoNotFound(id)
    }
    return todo(from: row)
  }

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
    _ database: SQLiteDatabase, from source: History, to destination: History
  ) throws(TodoStoreError) -> String {
    guard
      let step = try database.query("SELECT id, label, made_at FROM \(source.steps) ORDER BY id DESC LIMIT 1")
        .first,
      let id = step[0].integer
    else {
      guard source == .undo else { throw .nothingToRedo }
      throw try droppedOlderUndoSteps(database) ? .olderChangesNotKept(kept: undoDepth) : .nothingToUndo
    }
    let label = step[1].text ?? ""
    let counterpart: Int64
    // The step keeps the time the change was made, wherever undo and redo move it.
    if destination == .undo {
      counterpart = try beginUndoStep(database, label: label, origin: .redo(madeAt: step[2]))
    } else {
      try database.execute("INSERT INTO redo_steps (label, made_at) VALUES (?, ?)", [.text(label), step[2]])
      counterpart = database.lastInsertedRowID
    }
    try database.execute(
      """
      INSERT INTO \(destination.rows)
        (step, todo_id, existed, title, is_done, created_at, completed_at, note)
      SELECT ?, s.todo_id, t.id IS NOT NULL, t.title, t.is_done, t.created_at, t.completed_at, t.note
      FROM \(source.rows) AS s LEFT JOIN todos AS t ON t.id = s.todo_id
      WHERE s.step = ? ORDER BY s.rowid
      """, [.integer(counterpart), .integer(id)])
    let rows = try database.query(
      """
      SELECT todo_id, existed, title, is_done, created_at, completed_at, note
      FROM \(source.rows) WHERE step = ? ORDER BY rowid DESC
      """, [.integer(id)])
    for row in rows {
      if row[1].integer == 1 {
        try database.execute(
          """
          INSERT OR REPLACE INTO todos (id, title, is_done, created_at, completed_at, note)
          VALUES (?, ?, ?, ?, ?, coalesce(?, ''))
          """, [row[0], row[2], row[3], row[4], row[5], row[6]])
      } else {
        try database.execute("DELETE FROM todos WHERE id = ?", [row[0]])
      }
    }
    try database.execute("DELETE FROM \(source.rows) WHERE step = ?", [.integer(id)])
    try database.execute("DELETE FROM \(source.steps) WHERE id = ?", [.integer(id)])
    return label
  }

  /// What an undo step records: a new change, or a change redo applies again, with the time it
  /// was first made (`NULL` for one kept by a version that did not record it).
  private enum UndoStepOrigin {
    case newChange
    case redo(madeAt: SQLiteValue)
  }

  /// Starts an undo step, dropping the oldest ones beyond the history's depth; returns its id.
  ///
  /// A new change makes the changes undone before it impossible to redo, and is made now, by
  /// SQLite's clock, in seconds since 1970 as the todos' dates.
  private static func beginUndoStep(
    _ database: SQLiteDatabase, label: String, origin: UndoStepOrigin = .newChange
  ) throws(TodoStoreError) -> Int64 {
    switch origin {
    case .newChange:
      try database.execute("DELETE FROM redo_rows")
      try database.execute("DELETE FROM redo_steps")
      try database.execute(
        "INSERT INTO undo_steps (label, made_at) VALUES (?, (julianday('now') - 2440587.5) * 86400.0)",
        [.text(label)])
    case .redo(let date):
      try database.execute("INSERT INTO undo_steps (label, made_at) VALUES (?, ?)", [.text(label), date])
    }
    let step = database.lastInsertedRowID
    let expired = try database.query(
      "SELECT id FROM undo_steps ORDER BY id DESC LIMIT 1 OFFSET ?", [.integer(Int64(undoDepth))])
    if let newestExpired = expired.first?.first {
      try database.execute("DELETE FROM undo_rows WHERE step <= ?", [newestExpired])
      try database.execute("DELETE FROM undo_steps WHERE id <= ?", [newestExpired])
    }
    return step
  }

  /// Whether the undo history, now empty, dropped steps to stay within its depth.
  ///
  /// Both stacks number their steps with `AUTOINCREMENT`, so SQLite keeps how many of each were
  /// ever made. An undo step goes either by an undo, which makes one redo step, or by being
  /// dropped: with no undo step left, the undo steps ever made that no redo step accounts for
  /// were dropped.
  private static func droppedOlderUndoSteps(_ database: SQLiteDatabase) throws(TodoStoreError) -> Bool {
    let made = try database.query(
      """
      SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'undo_steps'), 0),
             coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'redo_steps'), 0)
      """)
    guard let counts = made.first, let undoSteps = counts[0].integer, let redoSteps = counts[1].integer
    else { return false }
    return undoSteps > redoSteps
  }

  /// The todos an undo step restores.
  private enum UndoScope {
    case todo(Todo.ID)
    case done
  }

  /// Starts an undo step that restores the todos in `scope` as they are now.
  private static func recordUndoStep(
    _ database: SQLiteDatabase, label: String, restoring scope: UndoScope
  ) throws(TodoStoreError) {
    let step = try beginUndoStep(database, label: label)
    switch scope {
    case .todo(let id):
      try database.execute(
        """
        INSERT INTO undo_rows (step, todo_id, existed, title, is_done, created_at, completed_at, note)
        SELECT ?, id, 1, title, is_done, created_at, completed_at, note FROM todos WHERE id = ?
        """, [.integer(step), .integer(id)])
    case .done:
      try database.execute(
        """
        INSERT INTO undo_rows (step, todo_id, existed, title, is_done, created_at, completed_at, note)
        SELECT ?, id, 1, title, is_done, created_at, completed_at, note FROM todos WHERE is_done = 1
        """, [.integer(step)])
    }
  }
}
