import Foundation
import Testing
import TodoCore

/// What the SQLite repository adds to the contract: a file that outlives the process, a
/// schema that migrates, and files it must refuse without touching them.
@Suite struct SQLiteTodoRepositoryTests {
  let directory: TemporaryDirectory
  let path: String

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.file("todos.sqlite")
  }

  @Test func contentsAndUndoHistorySurviveReopening() async throws {
    do {
      let repository = try SQLiteTodoRepository(path: path)
      _ = try await repository.add(title: "Buy milk", at: testDate)
      _ = try await repository.add(title: "Call mom", at: testDate)
      _ = try await repository.setDone(true, id: 1, at: testDate)
    }
    let reopened = try SQLiteTodoRepository(path: path)
    #expect(
      try await reopened.snapshot()
        == TodoSnapshot(
          todos: [todo(1, "Buy milk", isDone: true), todo(2, "Call mom")],
          undoHistory: ["add “Buy milk”", "add “Call mom”", "complete “Buy milk”"]))
    #expect(try await reopened.undo().value == "complete “Buy milk”")
    #expect(try await reopened.snapshot().todos == [todo(1, "Buy milk"), todo(2, "Call mom")])
  }

  @Test func createsMissingDirectoriesAndAWriteAheadLoggedFileAtTheCurrentVersion() async throws {
    let nested = directory.file("a/b/c/todos.sqlite")
    _ = try await SQLiteTodoRepository(path: nested).add(title: "Buy milk", at: testDate)
    let database = try SQLiteDatabase(path: nested)
    #expect(try database.userVersion() == 6)
    #expect(try database.query("PRAGMA journal_mode") == [[.text("wal")]])
  }

  @Test func migratesAVersionOneFileKeepingItsTodos() async throws {
    try makeVersionOneFile(
      at: path,
      todos: [(1, "Buy milk", true, testDate), (3, "Call mom", false, testDate)])

    let repository = try SQLiteTodoRepository(path: path)
    #expect(
      try await repository.snapshot()
        == TodoSnapshot(
          todos: [
            Todo(id: 1, title: "Buy milk", isDone: true, createdAt: testDate, completedAt: nil),
            todo(3, "Call mom"),
          ]))
    // The new column and the undo tables work, and identifiers go on after the old ones.
    #expect(
      try await repository.setDone(true, id: 3, at: testDate).value.todo == todo(3, "Call mom", isDone: true))
    #expect(try await repository.add(title: "Write report", at: testDate).value.id == 4)
    #expect(try await repository.undo().value == "add “Write report”")
    #expect(try await repository.undo().value == "complete “Call mom”")
    #expect(try SQLiteDatabase(path: path).userVersion() == 6)
  }

  @Test func migratesAVersionThreeFileKeepingItsTodosAndItsUndoHistory() async throws {
    try await makeTheHistoryOfAnOlderVersion(in: SQLiteTodoRepository(path: path))
    // The file as the previous version left it: without the note columns, at version 3.
    do {
      let database = try SQLiteDatabase(path: path)
      try database.executeScript(
        """
        ALTER TABLE todos DROP COLUMN note;
        ALTER TABLE undo_rows DROP COLUMN note;
        ALTER TABLE redo_rows DROP COLUMN note;
        DROP TABLE settings;
        ALTER TABLE undo_steps DROP COLUMN made_at;
        ALTER TABLE redo_steps DROP COLUMN made_at;
        PRAGMA user_version = 3;
        """)
    }

    let repository = try SQLiteTodoRepository(path: path)
    #expect(
      try await repository.snapshot()
        == TodoSnapshot(
          todos: [todo(2, "Call mom")],
          undoHistory: ["add “Buy milk”", "delete “Buy milk”", "add “Call mom”"]))
    #expect(try SQLiteDatabase(path: path).userVersion() == 6)
    // A note can be set, and the steps recorded before notes and times existed still undo.
    try await expectTheUndatedHistoryStillUndoes(in: repository)
  }

  /// The history tells changes of one kind apart: each is dated, and a change of the note
  /// carries the note it left; undo and redo keep the time a change was made.
  @Test func theChangesOfATodoAreDatedAndCarryTheNoteTheyLeft() async throws {
    let repository = try SQLiteTodoRepository(path: path)
    let start = Date()
    _ = try await repository.add(title: "Buy milk", at: testDate)
    _ = try await repository.setNote("Oat", id: 1)
    _ = try await repository.setNote("Oat milk", id: 1)
    _ = try await repository.setDone(true, id: 1, at: testDate)
    let changes = try await repository.changes(of: 1)
    #expect(
      changes.map(\.label) == [
        "add “Buy milk”", "note on “Buy milk”", "note on “Buy milk”", "complete “Buy milk”",
      ])
    #expect(changes.map(\.note) == ["", "Oat", "Oat milk", "Oat milk"])
    let dates = changes.compactMap(\.date)
    #expect(dates.count == 4)
    #expect(dates.allSatisfy { $0 >= start.addingTimeInterval(-1) && $0 <= Date().addingTimeInterval(1) })
    #expect(dates == dates.sorted())

    _ = try await repository.undo()
    _ = try await repository.undo()
    #expect(try await repository.changes(of: 1).map(\.note) == ["", "Oat"])
    _ = try await repository.redo()
    #expect(try await repository.changes(of: 1) == Array(changes.prefix(3)))
  }

  @Test func refusesANewerSchemaWithoutTouchingTheFile() throws {
    do {
      let database = try SQLiteDatabase(path: path)
      try database.executeScript(
        """
        CREATE TABLE todos (id INTEGER PRIMARY KEY, title TEXT, future TEXT);
        INSERT INTO todos (title, future) VALUES ('from the future', 'x');
        PRAGMA user_version = 7;
        """)
    }
    let before = try directory.contents(of: path)

    #expect(throws: TodoStoreError.newerSchema(path: path, version: 7, supported: 6)) {
      try SQLiteTodoRepository(path: path)
    }
    #expect(try directory.contents(of: path) == before)
  }

  @Test(arguments: [
    Data("this is a shopping list, not a database\n".utf8),
    Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }),
    Data("SQLite format 3\0".utf8) + Data(repeating: 0xFF, count: 4080),
  ])
  func refusesAFileThatIsNotADatabaseWithoutTouchingIt(_ garbage: Data) throws {
    try garbage.write(to: URL(fileURLWithPath: path))

    #expect(throws: TodoStoreError.notADatabase(path: path)) { try SQLiteTodoRepository(path: path) }
    #expect(try directory.contents(of: path) == garbage)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }

  @Test func reportsADatabaseWhoseContentIsDamagedWithoutChangingIt() async throws {
    do {
      let repository = try SQLiteTodoRepository(path: path)
      for number in 1...200 { _ = try await repository.add(title: "item \(number)", at: testDate) }
    }
    // Fold the write-ahead log into the file, then overwrite every page after the first (which
    // holds the header and the schema) with garbage.
    let database = try SQLiteDatabase(path: path)
    try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    let pageSize = Int(try #require(database.query("PRAGMA page_size").first?.first?.integer))
    var bytes = try directory.contents(of: path)
    #expect(bytes.count > pageSize * 3)
    bytes.replaceSubrange(pageSize..<bytes.count, with: Data(repeating: 0xA5, count: bytes.count - pageSize))
    try bytes.write(to: URL(fileURLWithPath: path))

    let error = await #expect(throws: TodoStoreError.self) {
      let repository = try SQLiteTodoRepository(path: path)
      _ = try await repository.snapshot()
    }
    #expect(error == .corrupted(path: path))
    #expect(try directory.contents(of: path) == bytes)
  }

  @Test func reportsTodosThatShareAnIdentifierAsCorruptedAndKeepsThem() async throws {
    // A file edited by hand, its table without the primary key that keeps identifiers unique.
    do {
      let database = try SQLiteDatabase(path: path)
      try database.executeScript(
        """
        CREATE TABLE todos (
          id INTEGER, title TEXT NOT NULL, is_done INTEGER NOT NULL DEFAULT 0,
          created_at REAL NOT NULL, completed_at REAL
        );
        CREATE TABLE undo_steps (id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT NOT NULL);
        CREATE TABLE undo_rows (
          step INTEGER NOT NULL, todo_id INTEGER NOT NULL, existed INTEGER NOT NULL, title TEXT,
          is_done INTEGER, created_at REAL, completed_at REAL
        );
        INSERT INTO todos (id, title, created_at) VALUES (1, 'Buy milk', 0), (1, 'Call mom', 0);
        PRAGMA user_version = 2;
        """)
    }

    let repository = try SQLiteTodoRepository(path: path)
    await #expect(throws: TodoStoreError.corrupted(path: path)) { try await repository.snapshot() }
    var updates = repository.updates().makeAsyncIterator()
    #expect(await updates.next() == .failure(.corrupted(path: path)))
    let titles = try SQLiteDatabase(path: path).query("SELECT title FROM todos ORDER BY title")
    #expect(titles == [[.text("Buy milk")], [.text("Call mom")]])
  }

  @Test func refusesTheDatabaseOfAnotherProgramWithoutTouchingIt() throws {
    do {
      let database = try SQLiteDatabase(path: path)
      try database.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, amount REAL)")
    }
    let before = try directory.contents(of: path)

    #expect(throws: TodoStoreError.foreignDatabase(path: path)) { try SQLiteTodoRepository(path: path) }
    #expect(try directory.contents(of: path) == before)
  }

  @Test func reportsALocationWhereNoDirectoryCanBeCreated() throws {
    // The tests may run as root, who can write to any directory whatever its permissions;
    // no one can create a directory inside a regular file, though.
    let file = directory.file("plain-file")
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    let error = #expect(throws: TodoStoreError.self) {
      try SQLiteTodoRepository(path: file + "/todos/todos.sqlite")
    }
    #expect(error == .cannotCreateDirectory(path: file, reason: "Not a directory"))
    #expect(try directory.contents(of: file) == Data("x".utf8))
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self")))
  func reportsALocationThatCannotBeWritten() throws {
    // Not even root can create files in /proc.
    let error = #expect(throws: TodoStoreError.self) {
      try SQLiteTodoRepository(path: "/proc/uniflow-todo-tests/todos.sqlite")
    }
    guard case .cannotCreateDirectory(let path, _)? = error else {
      Issue.record("unexpected error \(error)")
      return
    }
    #expect(path == "/proc/uniflow-todo-tests")
  }

  @Test func reportsADirectoryGivenAsTheFile() throws {
    #expect(throws: TodoStoreError.cannotOpen(path: directory.path, reason: "it is a directory")) {
      try SQLiteTodoRepository(path: directory.path)
    }
  }

  @Test func publishesChangesMadeThroughAnotherConnectionWhenAskedToReload() async throws {
    let watcher = try SQLiteTodoRepository(path: path)
    let writer = try SQLiteTodoRepository(path: path)
    var updates = watcher.updates().makeAsyncIterator()
    #expect(try await updates.next()?.get() == TodoSnapshot())

    _ = try await writer.add(title: "Buy milk", at: testDate)
    try await watcher.reloadIfChanged()
    let reloaded = try #require(await updates.next()).get()
    #expect(reloaded.todos == [todo(1, "Buy milk")])
    // Nothing else was changed: asking again publishes nothing more.
    try await watcher.reloadIfChanged()

    // And undo is shared through the file.
    #expect(try await watcher.undo().value == "add “Buy milk”")
    let seenByWriter = try await writer.snapshot()
    #expect((seenByWriter.todos, seenByWriter.undoHistory) == ([], []))
  }

  @Test func aReadSeesAChangeMadeThroughAnotherConnection() async throws {
    let reader = try SQLiteTodoRepository(path: path)
    let writer = try SQLiteTodoRepository(path: path)
    let before = try await reader.snapshot()
    #expect(try await reader.snapshot() == before)

    _ = try await writer.add(title: "Buy milk", at: testDate)
    let after = try await reader.snapshot()
    #expect(after.todos == [todo(1, "Buy milk")])
    #expect(try await reader.snapshot() == after)
  }

  /// Writes a todo database as the first version of the program did.
  private func makeVersionOneFile(at path: String, todos: [(Int64, String, Bool, Date)]) throws {
    let database = try SQLiteDatabase(path: path)
    try database.executeScript(
      """
      CREATE TABLE todos (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        title TEXT NOT NULL,
        is_done INTEGER NOT NULL DEFAULT 0,
        created_at REAL NOT NULL
      );
      PRAGMA user_version = 1;
      """)
    for (id, title, isDone, date) in todos {
      try database.execute(
        "INSERT INTO todos (id, title, is_done, created_at) VALUES (?, ?, ?, ?)",
        [.integer(id), .text(title), .integer(isDone ? 1 : 0), .real(date.timeIntervalSince1970)])
    }
  }
}
