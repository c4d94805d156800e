import Foundation
import Testing
import TodoCore

/// The built `todo` program, run as users run it: output, errors and exit statuses.
@Suite struct EndToEndTests {
  let todo: TodoProcess

  init() throws {
    todo = try TodoProcess()
  }

  // MARK: Commands

  @Test func theCommandsChangeAndPrintTheList() async throws {
    try await expectSuccess(todo.run("add", "Buy", "milk"), printing: "Added 1: Buy milk\n")
    try await expectSuccess(todo.run("add", "Call mom"), printing: "Added 2: Call mom\n")
    try await expectSuccess(
      todo.run("add", "--", "-5 degrees: take a coat"), printing: "Added 3: -5 degrees: take a coat\n")
    try await expectSuccess(todo.run("done", "1"), printing: "Done 1: Buy milk\n")
    try await expectSuccess(
      todo.run("list"), printing: "1  [x] Buy milk\n2  [ ] Call mom\n3  [ ] -5 degrees: take a coat\n")
    try await expectSuccess(
      todo.run("list", "--open"), printing: "2  [ ] Call mom\n3  [ ] -5 degrees: take a coat\n")
    try await expectSuccess(todo.run("--done", "list"), printing: "1  [x] Buy milk\n")
    try await expectSuccess(todo.run("rename", "2", "Call", "dad"), printing: "Renamed 2: Call dad\n")
    try await expectSuccess(todo.run("rm", "3"), printing: "Deleted 3: -5 degrees: take a coat\n")
    try await expectSuccess(todo.run("reopen", "1"), printing: "Reopened 1: Buy milk\n")
    try await expectSuccess(todo.run("done", "1"), printing: "Done 1: Buy milk\n")
    try await expectSuccess(todo.run("clear-done"), printing: "Cleared 1 done todo\n")
    try await expectSuccess(todo.run("clear-done"), printing: "No done todos to clear\n")
    try await expectSuccess(todo.run("list", "--all"), printing: "2  [ ] Call dad\n")
    try await expectSuccess(todo.run("--db=\(todo.database)", "list"), printing: "2  [ ] Call dad\n")
  }

  @Test func undoRevertsOneChangePerRunAcrossProcesses() async throws {
    _ = try await todo.run("add", "Buy milk")
    _ = try await todo.run("add", "Call mom")
    _ = try await todo.run("done", "1")
    _ = try await todo.run("rm", "2")
    try await expectSuccess(todo.run("undo"), printing: "Undid: delete “Call mom”\n")
    try await expectSuccess(todo.run("undo"), printing: "Undid: complete “Buy milk”\n")
    try await expectSuccess(todo.run("list"), printing: "1  [ ] Buy milk\n2  [ ] Call mom\n")
    try await expectSuccess(todo.run("undo"), printing: "Undid: add “Call mom”\n")
    try await expectSuccess(todo.run("undo"), printing: "Undid: add “Buy milk”\n")
    try await expectFailure(
      todo.run("undo"), status: 1, saying: "error: nothing more to undo\n")
  }

  @Test func aNoteIsSetShownClearedAndUndone() async throws {
    _ = try await todo.run("add", "Buy milk")
    try await expectSuccess(todo.run("note", "1", "Oat", "milk"), printing: "Saved the note of 1: Buy milk\n")
    try await expectSuccess(
      todo.run("note", "1", "Oat milk"), printing: "1 already has this note: Buy milk\n")
    let shown = try await todo.run("show", "1")
    #expect(shown.status == 0)
    #expect(shown.standardError.isEmpty)
    let lines = shown.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "id:         1")
    #expect(lines.contains("title:      Buy milk"))
    #expect(lines.contains("status:     open"))
    #expect(lines.contains { $0.hasPrefix("created:    20") && $0.hasSuffix("Z") })
    #expect(lines.contains("completed:  -"))
    #expect(shown.standardOutput.hasSuffix("note:\n  Oat milk\n"))

    try await expectSuccess(todo.run("note", "1", ""), printing: "Cleared the note of 1: Buy milk\n")
    #expect(try await todo.run("show", "1").standardOutput.hasSuffix("note:       (none)\n"))
    try await expectSuccess(todo.run("undo"), printing: "Undid: note on “Buy milk”\n")
    #expect(try await todo.run("show", "1").standardOutput.hasSuffix("note:\n  Oat milk\n"))
  }

  @Test func aNoteReadFromStandardInputKeepsItsLines() async throws {
    _ = try await todo.run("add", "Buy milk")
    try await expectSuccess(
      todo.run("note", "1", "-", input: "Oat milk\n\n2 litres, \tno sugar  \n\n"),
      printing: "Saved the note of 1: Buy milk\n")
    #expect(
      try await todo.run("show", "1").standardOutput.hasSuffix("note:\n  Oat milk\n\n  2 litres,  no sugar\n")
    )
    _ = try await todo.run("done", "1")
    let shown = try await todo.run("show", "1").standardOutput
    #expect(shown.contains("status:     done\n"))
    #expect(!shown.contains("completed:  -"))
  }

  @Test func showAndNoteRefuseBadInputAndChangeNothing() async throws {
    _ = try await todo.run("add", "Buy milk")
    try await expectFailure(todo.run("show", "7"), status: 1, saying: "error: no todo with id 7\n")
    try await expectFailure(todo.run("note", "7", "x"), status: 1, saying: "error: no todo with id 7\n")
    try await expectFailure(todo.run("show"), status: 2, saying: "'todo show' needs a todo id")
    try await expectFailure(todo.run("note", "1"), status: 2, saying: "'todo note' needs a text after the id")
    try await expectFailure(todo.run("note", "x", "y"), status: 2, saying: "'x' is not a todo id")
    let long = String(repeating: "n", count: Todo.maximumNoteLength + 1)
    try await expectFailure(
      todo.run("note", "1", "-", input: long), status: 2,
      saying: "error: the note is \(Todo.maximumNoteLength + 1) characters long; a note has at most 10000\n")
    #expect(try await todo.run("show", "1").standardOutput.hasSuffix("note:       (none)\n"))
  }

  @Test func emptyListsPrintNothingToAPipeOrAFile() async throws {
    _ = try await todo.run("add", "Buy milk")
    _ = try await todo.run("rm", "1")
    for arguments in [["list"], ["list", "--open"], ["list", "--done"], ["list", "--grep", "x"], []] {
      try await expectSuccess(todo.runWithoutDatabase(["--db", todo.database] + arguments), printing: "")
    }
  }

  @Test func addingFromStandardInputAddsOneTodoPerLine() async throws {
    try await expectSuccess(
      todo.run("add", "-", input: "Buy milk\n\n  Call mom  \nWrite report"),
      printing: "Added 1: Buy milk\nAdded 2: Call mom\nAdded 3: Write report\n")
    try await expectFailure(
      todo.run("add", "-", input: "\n  \n"), status: 2, saying: "no titles on standard input")
  }

  @Test func anImportIsOneUndoStep() async throws {
    _ = try await todo.run("add", "Before")
    let lines = (1...250).map { "Item \($0)" }
    let result = try await todo.run("add", "-", input: lines.joined(separator: "\n"))
    #expect(result.status == 0)
    #expect(result.standardOutput.split(separator: "\n").count == 250)
    #expect(result.standardOutput.hasSuffix("Added 251: Item 250\n"))

    let undo = try await todo.run("undo")
    #expect(undo.status == 0)
    #expect(undo.standardOutput.contains("add 250 todos"))
    try await expectSuccess(todo.run("list"), printing: "1  [ ] Before\n")
  }

  @Test(arguments: [
    (["reopen", "1"], "1 is already open: Buy milk\n"),
    (["rename", "1", "Buy", "milk"], "1 already has this title: Buy milk\n"),
  ])
  func aCommandThatChangesNothingSaysSoAndLeavesNoUndoStep(
    _ arguments: [String], message: String
  ) async throws {
    _ = try await todo.run("add", "Buy milk")
    try await expectSuccess(todo.runWithoutDatabase(["--db", todo.database] + arguments), printing: message)
    try await expectSuccess(todo.run("undo"), printing: "Undid: add “Buy milk”\n")
  }

  @Test func completingADoneTodoSaysItIsAlreadyDone() async throws {
    _ = try await todo.run("add", "Buy milk")
    _ = try await todo.run("done", "1")
    try await expectSuccess(todo.run("done", "1"), printing: "1 is already done: Buy milk\n")
    try await expectSuccess(todo.run("undo"), printing: "Undid: complete “Buy milk”\n")
  }

  @Test func anOverlongTitleIsAUsageErrorAndAddsNothing() async throws {
    let long = String(repeating: "x", count: 5_000)
    try await expectFailure(
      todo.run("add", long), status: 2, saying: "the title is 5000 characters long; a title has at most 1000")
    try await expectFailure(
      todo.run("add", "-", input: "Buy milk\n\(long)\n"), status: 2,
      saying: "line 2: the title is longer than 1000 characters, the most a title has")
    try await expectSuccess(todo.run("list"), printing: "")
  }

  @Test func aVeryLongLineIsRefusedBeforeItIsReadWhole() async throws {
    // Five million characters on one line: refused as soon as the line passes the limit, the
    // rest of the input left unread, nothing added.
    let path = todo.directory.file("long-line.txt")
    let text = "Buy milk\n" + String(repeating: "x", count: 5_000_000) + "\nCall mom\n"
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    let input = try #require(FileHandle(forReadingAtPath: path))
    defer { try? input.close() }
    try await expectFailure(
      todo.runWithoutDatabase(["--db", todo.database, "add", "-"], standardInput: input), status: 2,
      saying: "line 2: the title is longer than 1000 characters, the most a title has")
    // The program shares the file's offset: it stopped well before the end.
    #expect(try input.offset() < 1_000_000)
    try await expectSuccess(todo.run("list"), printing: "")
  }

  // MARK: Output

  /// Whether `/dev/full`, the device on which every write fails for lack of space, is here: a
  /// Linux device that some containers and other systems do not have.
  static var hasFullDevice: Bool {
    var status = stat()
    return stat("/dev/full", &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR
  }

  @Test(
    .enabled(if: hasFullDevice, "/dev/full is not a character device here: no write to fail"))
  func aFailedWriteToStandardOutputIsAnError() async throws {
    _ = try await todo.run("add", "Buy milk")
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let result = try await todo.run("list", standardOutput: full)
    #expect(result.status == 1)
    #expect(result.errorLines.count == 1)
    #expect(result.standardError.contains("cannot write the output"))
  }

  @Test func aChangeWhoseOutputCannotBeWrittenSaysItWasMadeWithStatus3() async throws {
    // A script that took the failure for a failed change, and ran it again, would add twice.
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let add = try await todo.run("add", "Buy milk", standardOutput: full)
    #expect(add.status == 3)
    #expect(
      add.standardError
        == "todo: error: cannot write the output: \(String(cString: strerror(ENOSPC))); the change "
        + "was made (running the command again would make it twice)\n")
    #expect(try await todo.run("list").standardOutput == "1  [ ] Buy milk\n")
    // A command that changed nothing is safe to run again: status 1, as a list.
    _ = try await todo.run("done", "1")
    let done = try await todo.run("done", "1", standardOutput: full)
    #expect(done.status == 1)
    #expect(done.errorLines == ["todo: error: cannot write the output: \(String(cString: strerror(ENOSPC)))"])
  }

  @Test func aClosedPipeEndsTheProgramQuietly() async throws {
    for title in ["Buy milk", "Call mom"] { _ = try await todo.run("add", title) }
    // A reader that went away, as `todo list | head -1` leaves after the first line.
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    let result = try await todo.run("list", standardOutput: pipe.fileHandleForWriting)
    #expect(result.status == 0)
    #expect(result.standardError == "")
  }

  // MARK: Without arguments, help, version

  @Test func withoutArgumentsAndWithoutATerminalItPrintsTheListOfTheDefaultDatabase() async throws {
    // Before the first change there is no database: an empty list, and nothing created.
    let result = try await todo.runWithoutDatabase([], input: "")
    expectSuccess(result, printing: "")
    let home = todo.directory.file("home")
    #expect(!FileManager.default.fileExists(atPath: home + "/.local/share/uniflow-todo"))

    _ = try await todo.runWithoutDatabase(["add", "Buy milk"])
    #expect(FileManager.default.fileExists(atPath: home + "/.local/share/uniflow-todo/todos.sqlite"))
    try await expectSuccess(todo.runWithoutDatabase([]), printing: "1  [ ] Buy milk\n")
  }

  @Test func theEnvironmentChoosesTheDatabaseAndDashDashDbWins() async throws {
    let data = todo.directory.file("data")
    try await expectSuccess(
      todo.runWithoutDatabase(["add", "in XDG"], environment: ["XDG_DATA_HOME": data]),
      printing: "Added 1: in XDG\n")
    #expect(FileManager.default.fileExists(atPath: data + "/uniflow-todo/todos.sqlite"))

    let chosen = todo.directory.file("chosen.sqlite")
    let environment = ["XDG_DATA_HOME": data, "UNIFLOW_TODO_DB": chosen]
    try await expectSuccess(
      todo.runWithoutDatabase(["add", "in env"], environment: environment), printing: "Added 1: in env\n")
    try await expectSuccess(
      todo.runWithoutDatabase(["list"], environment: environment), printing: "1  [ ] in env\n")
    let explicit = try await todo.runWithoutDatabase(
      ["--db", todo.database, "list"], environment: environment)
    #expect(explicit.status == 0)
    #expect(explicit.standardOutput == "")
    #expect(
      explicit.errorLines == [
        "todo: warning: there is no todo database at \(todo.database); nothing is read or created there"
      ])
  }

  @Test(arguments: [["--help"], ["-h"], ["help"], ["list", "--help"], ["frobnicate", "--help"]])
  func helpDescribesCommandsKeysAndExitStatuses(_ arguments: [String]) async throws {
    let result = try await todo.runWithoutDatabase(arguments)
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    for text in [
      "Usage:", "todo add TITLE...", "todo list [--all|--open|--done] [--grep TEXT] [--json]", "todo undo",
      "todo redo", "todo show ID", "todo note ID TEXT...", "todo note ID -", "--db PATH", "UNIFLOW_TODO_DB",
      "NO_COLOR", "Interactive keys",
      "space             toggle done", "enter             open the todo's detail",
      "PgUp/PgDn", "g/G, Home/End", "d, Delete", "r  redo", "search", "f, Tab", "Ctrl-Z", "Ctrl-A/Ctrl-E",
      "Ctrl-U/Ctrl-K", "Backspace/Delete", "TERM=dumb", "Exit status:", "2  usage error",
      "3  the change was made",
      "A title has at most \(Todo.maximumTitleLength) characters and a note at most \(Todo.maximumNoteLength)",
    ] {
      #expect(result.standardOutput.contains(text), "help lacks \(text)")
    }
  }

  @Test func versionNamesTheProgramAndSQLite() async throws {
    let result = try await todo.runWithoutDatabase(["--version"])
    #expect(result.status == 0)
    #expect(
      result.standardOutput
        == "todo 0.1.0 (Uniflow; SQLite \(SQLiteDatabase.libraryVersion); libpq \(PostgresServer.libraryVersion))\n"
    )
    #expect(result.standardError.isEmpty)
  }

  // MARK: Bad input

  @Test(arguments: [
    (["frobnicate"], "unknown command 'frobnicate'"),
    (["--frobnicate"], "unknown option '--frobnicate'"),
    (["list", "--bogus"], "unknown option '--bogus'"),
    (["list", "extra"], "unexpected argument 'extra' for 'todo list'"),
    (["list", "--open", "--done"], "use only one of --all, --open and --done"),
    (["--open"], "option --open goes with a command: todo list --open"),
    (["done", "--all", "1"], "option --all only applies to 'todo list'"),
    (["add"], "'todo add' needs a title"),
    (["add", "  "], "the title is empty"),
    (["add", ""], "the title is empty"),
    (["done"], "'todo done' needs a todo id"),
    (["done", "abc"], "'abc' is not a todo id"),
    (["done", "0"], "'0' is not a todo id"),
    (["done", "-1"], "'-1' is not a todo id (ids are positive numbers"),
    (["add", "-dash"], "for a title that starts with '-', put -- before it: todo add -- -dash"),
    (["rename", "1", "-x"], "put -- before it: todo rename -- ID -x"),
    (["done", "1", "2"], "'todo done' takes one id, not 2 arguments"),
    (["rm"], "'todo rm' needs a todo id"),
    (["rename"], "'todo rename' needs an id and a title"),
    (["rename", "1"], "'todo rename' needs a title after the id"),
    (["rename", "1", " "], "the title is empty"),
    (["undo", "now"], "unexpected argument 'now' for 'todo undo'"),
    (["clear-done", "all"], "unexpected argument 'all' for 'todo clear-done'"),
  ])
  func usageErrorsExitWithTwoAndChangeNothing(_ arguments: [String], message: String) async throws {
    _ = try await todo.run("add", "Buy milk")
    let before = try await todo.run("list")

    try await expectFailure(
      todo.runWithoutDatabase(["--db", todo.database] + arguments), status: 2, saying: message)
    #expect(try await todo.run("list").standardOutput == before.standardOutput)
  }

  @Test func dashDashDbWithoutAPathIsAUsageError() async throws {
    try await expectFailure(
      todo.runWithoutDatabase(["list", "--db"]), status: 2, saying: "option --db needs a path")
    try await expectFailure(
      todo.runWithoutDatabase(["--db=", "list"]), status: 2, saying: "option --db needs a path")
  }

  @Test(arguments: [["done", "42"], ["reopen", "42"], ["rm", "42"], ["rename", "42", "x"]])
  func anUnknownIdExitsWithOneAndChangesNothing(_ arguments: [String]) async throws {
    _ = try await todo.run("add", "Buy milk")
    let before = try await todo.run("list")

    try await expectFailure(
      todo.runWithoutDatabase(["--db", todo.database] + arguments), status: 1, saying: "no todo with id 42")
    #expect(try await todo.run("list").standardOutput == before.standardOutput)
    try await expectSuccess(todo.run("undo"), printing: "Undid: add “Buy milk”\n")
  }

  // MARK: Databases that cannot be used

  @Test func aFileThatIsNotADatabaseIsRefusedAndLeftUntouched() async throws {
    let garbage =
      Data("groceries: milk, eggs\n".utf8) + Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 * 31) })
    try garbage.write(to: URL(fileURLWithPath: todo.database))

    for arguments in [["list"], ["add", "Buy milk"], ["undo"], []] {
      try await expectFailure(
        todo.runWithoutDatabase(["--db", todo.database] + arguments, input: ""), status: 1,
        saying: "\(todo.database) is not a todo database")
    }
    #expect(try todo.directory.contents(of: todo.database) == garbage)
  }

  @Test func aDatabaseFromANewerVersionIsRefusedAndLeftUntouched() async throws {
    do {
      let database = try SQLiteDatabase(path: todo.database)
      try database.executeScript("CREATE TABLE todos (id INTEGER PRIMARY KEY); PRAGMA user_version = 9;")
    }
    let before = try todo.directory.contents(of: todo.database)

    try await expectFailure(
      todo.run("add", "Buy milk"), status: 1,
      saying: "has schema version 9 but this todo knows versions up to 6")
    #expect(try todo.directory.contents(of: todo.database) == before)
  }

  @Test func aNegativeSchemaVersionIsRefusedAndLeftUntouched() async throws {
    do {
      let database = try SQLiteDatabase(path: todo.database)
      try database.executeScript("CREATE TABLE todos (id INTEGER PRIMARY KEY); PRAGMA user_version = -1;")
    }
    let before = try todo.directory.contents(of: todo.database)

    for arguments in [["list"], ["add", "Buy milk"]] {
      try await expectFailure(
        todo.runWithoutDatabase(["--db", todo.database] + arguments), status: 1,
        saying: "has schema version -1, which no version of todo writes")
    }
    #expect(try todo.directory.contents(of: todo.database) == before)
  }

  @Test func aNegativeNumberStartsATitle() async throws {
    try await expectSuccess(todo.run("add", "-5", "degrees"), printing: "Added 1: -5 degrees\n")
  }

  @Test(arguments: [
    ("/dev/null", "cannot open the database /dev/null: it is a device or another special file"),
    ("/proc/version", "/proc/version is not a todo database"),
  ])
  func aPathThatCannotHoldADatabaseSaysWhy(_ path: String, message: String) async throws {
    guard FileManager.default.fileExists(atPath: path) else { return }
    for arguments in [["list"], ["add", "Buy milk"]] {
      try await expectFailure(
        todo.runWithoutDatabase(["--db", path] + arguments), status: 1, saying: message)
    }
  }

  @Test func aDatabaseWhoseLocationCannotBeWrittenIsListedButNotChanged() async throws {
    _ = try await todo.run("add", "Buy milk")
    // SQLite cannot create its side files next to the file, as in a read-only folder or
    // mount; a directory in the way of one of them does that even for a superuser.
    for suffix in ["-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: todo.database + suffix)
    }
    try FileManager.default.createDirectory(
      atPath: todo.database + "-shm", withIntermediateDirectories: false)
    let before = try todo.directory.contents(of: todo.database)

    try await expectSuccess(todo.run("list"), printing: "1  [ ] Buy milk\n")
    try await expectFailure(
      todo.run("add", "Call mom"), status: 1,
      saying: "the database \(todo.database) cannot be changed: SQLite cannot create its journal "
        + "files \(todo.database)-wal and \(todo.database)-shm; 'todo list' still shows it "
        + "(remove what is in their way)")
    #expect(try todo.directory.contents(of: todo.database) == before)
  }

  @Test func aLocationThatCannotBeCreatedIsReported() async throws {
    // Tests may run as root, who may write into any directory; nobody can create a directory
    // inside a regular file, though.
    let file = todo.directory.file("plain-file")
    try Data("x".utf8).write(to: URL(fileURLWithPath: file))
    try await expectFailure(
      todo.runWithoutDatabase(["--db", file + "/todos.sqlite", "add", "Buy milk"]), status: 1,
      saying: "cannot create the directory \(file): Not a directory")
    try await expectFailure(
      todo.runWithoutDatabase(["list"], environment: ["XDG_DATA_HOME": file]), status: 1,
      saying: "cannot create the directory \(file): Not a directory")
  }
}
