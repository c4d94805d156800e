import Foundation
import Testing
import TodoCore

/// A database that cannot be written: each case names its real cause and the way out, and
/// loses nothing. The program runs as an unprivileged user, for whom permissions are checked.
@Suite struct ReadOnlyDatabaseTests {
  let todo: TodoProcess
  /// A folder inside the test's directory, where the database goes.
  let folder: String
  let database: String

  init() throws {
    todo = try TodoProcess()
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o777], ofItemAtPath: todo.directory.path)
    folder = todo.directory.file("lists")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    database = (folder as NSString).appendingPathComponent("todos.sqlite")
  }

  private func run(_ arguments: String...) async throws -> TodoProcess.Result {
    try await todo.finish(todo.start(["--db", database] + arguments, unprivileged: true))
  }

  private func setPermissions(_ permissions: Int, of path: String) throws {
    try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
  }

  @Test func aDatabaseInAFolderThatCannotBeWrittenIsListedAndAChangeNamesTheFolder() async throws {
    #expect(try await todo.runWithoutDatabase(["--db", database, "add", "Buy milk"]).status == 0)
    try setPermissions(0o666, of: database)
    try setPermissions(0o555, of: folder)

    let add = try await run("add", "Call mom")
    #expect(add.status == 1)
    let message: String =
      "the database \(database) cannot be changed: its folder \(folder) cannot be "
      + "written, and SQLite keeps its journal there; 'todo list' still shows it (make the "
      + "folder writable, or move the database to a folder that is)"
    #expect(add.standardError == "todo: error: \(message)\n")
    let list = try await run("list")
    #expect(list.status == 0)
    #expect(list.standardOutput == "1  [ ] Buy milk\n")
    #expect(list.standardError == "")
  }

  @Test func aSettingIsNotSetInADatabaseThatCannotBeWrittenAndSaysWhy() async throws {
    #expect(try await todo.runWithoutDatabase(["--db", database, "add", "Buy milk"]).status == 0)
    try setPermissions(0o666, of: database)
    try setPermissions(0o555, of: folder)

    let config = try await run("config", "filter", "open")
    #expect(config.status == 1)
    #expect(config.standardOutput == "")
    let message: String =
      "the setting was not kept: the database \(database) cannot be changed: its folder "
      + "\(folder) cannot be written, and SQLite keeps its journal there; 'todo list' still "
      + "shows it (make the folder writable, or move the database to a folder that is)"
    #expect(config.standardError == "todo: error: \(message)\n")
    #expect(try await run("config", "filter").standardOutput == "all\n")
  }

  @Test func aWriteProtectedDatabaseIsListedAndAChangeNamesTheFile() async throws {
    #expect(try await todo.runWithoutDatabase(["--db", database, "add", "Buy milk"]).status == 0)
    try setPermissions(0o777, of: folder)
    try setPermissions(0o444, of: database)

    let done = try await run("done", "1")
    #expect(done.status == 1)
    let message: String =
      "the database \(database) cannot be changed: the file is write-protected or "
      + "on a read-only file system; 'todo list' still shows it (make the file writable to "
      + "change it)"
    #expect(done.standardError == "todo: error: \(message)\n")
    #expect(try await run("list").standardOutput == "1  [ ] Buy milk\n")
  }

  @Test func aDatabaseThatCannotBeCreatedNamesTheFolderAndCreatesNothing() async throws {
    try setPermissions(0o555, of: folder)

    let add = try await run("add", "Buy milk")
    #expect(add.status == 1)
    let message: String =
      "cannot create the database \(database): the folder \(folder) cannot be "
      + "written (\(String(cString: strerror(EACCES)))); choose another place with --db, or "
      + "make the folder writable"
    #expect(add.standardError == "todo: error: \(message)\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
  }

  @Test func anOlderDatabaseThatCannotBeWrittenSaysItNeedsAnUpgradeAndIsLeftUntouched() async throws {
    #expect(try await todo.runWithoutDatabase(["--db", database, "add", "Buy milk"]).status == 0)
    let current = try SQLiteDatabase(path: database).userVersion()
    // The file as version 3 of the schema left it: without the note columns.
    do {
      let old = try SQLiteDatabase(path: database)
      try old.executeScript(
        """
        ALTER TABLE todos DROP COLUMN note;
        ALTER TABLE undo_rows DROP COLUMN note;
        ALTER TABLE redo_rows DROP COLUMN note;
        PRAGMA user_version = 3;
        PRAGMA journal_mode = DELETE;
        """)
    }
    try setPermissions(0o777, of: folder)
    try setPermissions(0o444, of: database)
    let before = try todo.directory.contents(of: database)

    let list = try await run("list")
    #expect(list.status == 1)
    let message: String =
      "\(database) has schema version 3 and this todo needs version "
      + "\(current), but the file cannot be written to upgrade "
      + "it; make the file and its folder writable, or use the todo that made it (the file "
      + "was left untouched)"
    #expect(list.standardError == "todo: error: \(message)\n")
    #expect(try todo.directory.contents(of: database) == before)
  }

  /// After a failure the screen shows what is stored, and nothing typed is lost: a setting
  /// changed on the settings screen is put back, with the reason, and the list agrees with
  /// `todo config`; a title typed stays in the editor; a note typed stays on its screen, and
  /// is printed when the program quits with it unsaved.
  @Test func onAWriteProtectedDatabaseTheScreenShowsWhatIsStoredAndKeepsWhatWasTyped() async throws {
    #expect(try await todo.runWithoutDatabase(["--db", database, "add", "Buy milk"]).status == 0)
    try setPermissions(0o777, of: folder)
    try setPermissions(0o444, of: database)
    // The last --db wins: the database in the folder the test made.
    let (terminal, process) = try todo.startOnTerminal(
      arguments: ["--db", database], environment: TodoProcess.colourTerminal, unprivileged: true)
    try await terminal.read(until: "Buy milk")

    // The filter, all → open, on the settings screen: refused, and put back.
    var mark = terminal.output.count
    terminal.type("sl")
    try await terminal.read(until: "The change was not kept", after: mark)
    try await terminal.read(until: "‹ all ›", after: mark)
    mark = terminal.output.count
    terminal.type("\u{1B}")
    try await terminal.read(until: "showing all", after: mark)
    #expect(!terminal.text(from: mark).contains("showing open"))
    // The list's own filter key, the same way.
    mark = terminal.output.count
    terminal.type("f")
    try await terminal.read(until: "the setting was not kept", after: mark)
    try await terminal.read(until: "showing all", after: mark)
    #expect(try await run("config", "filter").standardOutput == "all\n")

    // A title typed stays in the editor, with the reason.
    mark = terminal.output.count
    terminal.type("aCall mom\r")
    try await terminal.read(until: "cannot be changed", after: mark)
    try await terminal.read(until: "Add: \u{1B}[0mCall mom", after: mark)
    terminal.type("\u{1B}")

    // A note typed stays on its screen after Esc, with the reason, and again after a second Esc.
    mark = terminal.output.count
    terminal.type("\rOat milk\u{1B}")
    try await terminal.read(until: "esc tries again", after: mark)
    mark = terminal.output.count
    terminal.type("\u{1B}")
    try await terminal.read(until: "esc tries again", after: mark)
    try await terminal.read(until: "  Oat milk", after: mark)
    #expect(!terminal.text(from: mark).contains("enter open"))
    // Quitting with it unsaved prints it.
    terminal.type("\u{03}")
    #expect(try await terminal.finish(process) == 0)
    #expect(terminal.text().contains("the note of todo 1 was not saved: "))
    #expect(terminal.text().contains("as typed, it was:\r\nOat milk"))
    #expect(try await run("list").standardOutput == "1  [ ] Buy milk\n")
  }
}
