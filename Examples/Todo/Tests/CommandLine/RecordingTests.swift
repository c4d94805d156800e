import Foundation
import Testing
import TodoCore
import UniflowDevTools
import UniflowTestSupport

/// `todo --record FILE` and `todo inspect FILE`: a real session, recorded through the
/// pseudo-terminal, browsable as a page and replayable as a test.
@Suite struct RecordingTests {
  let todo: TodoProcess

  init() throws {
    todo = try TodoProcess()
  }

  @Test @MainActor func interactiveSessionIsRecordedInspectedAndReplays() async throws {
    let log = todo.directory.file("session.jsonl")
    let (process, terminal) = try await todo.startRecordedSession(to: log)
    terminal.type("a")
    try await terminal.read(until: "Add: ")
    terminal.type("Buy milk\r")
    try await terminal.read(until: "Added 1: Buy milk")
    terminal.type("a")
    try await terminal.read(until: "Add: ")
    terminal.type("Call mom\r")
    try await terminal.read(until: "Added 2: Call mom")
    terminal.type(" ")
    try await terminal.read(until: "Done 2: Call mom")
    terminal.type("f")
    try await terminal.read(until: "showing open")
    #expect(try await terminal.quit(process) == 0)

    // The log: every action, the repository's answers marked as sent by the action's effect.
    let session = try SessionLog(contentsOf: URL(filePath: log), expectedApp: "todo")
    #expect(session.issue == nil)
    let names = session.steps.map(\.name)
    #expect(names.first == "startObserving")
    #expect(names.filter { $0 == "add" }.count == 2)
    #expect(names.contains("toggle"))
    #expect(names.contains("list.cycleFilter"))
    // Editing is recorded too (the characters read in one go as one insertion), and the title's
    // save becomes the command.
    #expect(names.contains("editor.edit.insert"))
    let saves = session.steps.indices.filter { session.steps[$0].name == "editor.save" }
    let saved = try saves.map { try session.state(after: $0, as: TodoFeature.State.self).editor?.draft.text }
    #expect(saved == ["Buy milk", "Call mom"])
    #expect(names.last == "stopObserving")
    let effectSent = session.steps.filter(\.isSentByEffect)
    #expect(effectSent.contains { $0.name == "snapshotLoaded" })
    let sequenceNumbers = Set(session.steps.map(\.sequenceNumber))
    #expect(effectSent.allSatisfy { sequenceNumbers.contains($0.cause ?? 0) })
    let final = try session.state(after: session.steps.count, as: TodoFeature.State.self)
    #expect(final.todos.map(\.title) == ["Buy milk", "Call mom"])
    #expect(final.todos.map(\.isDone) == [false, true])
    #expect(final.list.filter == .open)

    // The page.
    let page = todo.directory.file("timeline.html")
    let inspect = try await todo.runWithoutDatabase(["inspect", log, "-o", page])
    #expect(inspect.status == 0)
    let html = try String(contentsOf: URL(filePath: page), encoding: .utf8)
    #expect(html.contains(#"<script type="application/json" id="session-data">{"app":"todo""#))
    #expect(html.contains(#""snapshotLoaded""#))

    // The replay, with an in-memory repository: the recorded answers come from the log.
    let result = Replay(session, reducer: TodoFeature(repository: InMemoryTodoRepository())).assertMatches()
    #expect(result.matchedStepCount == session.steps.count)
  }

  /// Records an interactive session to `log`: types each step's keys and waits for what they
  /// show, then quits.
  @MainActor
  func recordTyping(_ steps: [(keys: String, shown: String)], to log: String) async throws {
    let (process, terminal) = try await todo.startRecordedSession(to: log)
    for (keys, shown) in steps {
      terminal.type(keys)
      try await terminal.read(until: shown)
    }
    #expect(try await terminal.quit(process) == 0)
  }

  @Test @MainActor func everyStepIsNamedDownToItsLeafCaseOnEveryScreen() async throws {
    let log = todo.directory.file("screens.jsonl")
    try await recordTyping(
      [
        ("a", "Add: "), ("Buy milk\r", "Added 1: Buy milk"),
        ("\r", "Status"), ("Oat", "Oat"), ("\r", "Saved the note of 1"),
        ("s", "Settings"), (" ", "‹ open ›"), ("\u{1B}", "showing open"),
      ], to: log)

    let names = try SessionLog(contentsOf: URL(filePath: log), expectedApp: "todo").steps.map(\.name)
    // A screen's actions and a command's results name what happened, not only where.
    for vague in ["path.element", "path.element.detail", "path.element.settings", "finished"] {
      #expect(!names.contains(vague), "a step named \(vague)")
    }
    for leaf in [
      "finished.added", "list.delegate.open", "path.element.detail.edit.insert",
      "path.element.detail.close", "path.element.detail.saved",
      "path.element.settings.changeSelected", "path.element.settings.close",
    ] {
      #expect(names.contains(leaf), "no step named \(leaf) in \(names)")
    }
  }

  @Test @MainActor func everyChangeIsCreditedToTheCommandThatMadeItEvenUnderLoad() async throws {
    // Busy loops on every core, so that effects and the repository's live updates race as they
    // do on a loaded machine.
    let burners = try (0..<max(2, ProcessInfo.processInfo.activeProcessorCount)).map { _ in
      let burner = Process()
      // A loop that also ends when the test's process does, should the test stop early; its
      // output goes nowhere, so that it holds no pipe of the test runner's open.
      burner.executableURL = URL(filePath: "/bin/sh")
      burner.arguments = ["-c", "while kill -0 $PPID 2>/dev/null; do :; done"]
      burner.standardInput = FileHandle.nullDevice
      burner.standardOutput = FileHandle.nullDevice
      burner.standardError = FileHandle.nullDevice
      try burner.run()
      return burner
    }
    // SIGKILL: the test process may block the signals a child inherits, SIGTERM among them.
    defer { for burner in burners { kill(burner.processIdentifier, SIGKILL) } }
    let log = todo.directory.file("loaded.jsonl")
    try await recordTyping(
      [
        ("a", "Add: "), ("Buy milk\r", "Added 1: Buy milk"), ("a", "Add: "),
        ("Call mom\r", "Added 2: Call mom"), ("e", "Rename 2: "), ("!\r", "Renamed 2: Call mom!"),
        (" ", "Done 2: Call mom!"), ("d", "Deleted 2: Call mom!"), ("u", "Undid: delete"),
      ], to: log)

    // Every step that changed the todos is the result of a command, sent by that command's
    // effect; the live updates bring the initial contents only (no other process wrote).
    let session = try SessionLog(contentsOf: URL(filePath: log), expectedApp: "todo")
    let names = Dictionary(uniqueKeysWithValues: session.steps.map { ($0.sequenceNumber, $0.name) })
    var previous = try session.state(after: 0, as: TodoFeature.State.self).todos
    var credited: [String] = []
    for (index, step) in session.steps.enumerated() {
      let todos = try session.state(after: index + 1, as: TodoFeature.State.self).todos
      defer { previous = todos }
      guard todos != previous else { continue }
      if step.name == "snapshotLoaded" {
        #expect(previous.isEmpty && step.cause.flatMap { names[$0] } == "startObserving")
        continue
      }
      #expect(
        step.name.hasPrefix("finished."), "step \(step.sequenceNumber) \(step.name) changed the todos")
      credited.append(step.cause.flatMap { names[$0] } ?? "none")
    }
    #expect(credited == ["add", "add", "rename", "toggle", "delete", "undo"])
  }

  @Test func oneShotCommandsRecordWithTheOptionOrTheEnvironment() async throws {
    let first = todo.directory.file("add.jsonl")
    #expect(try await todo.run("add", "Buy milk", "--record", first).status == 0)
    let second = todo.directory.file("done.jsonl")
    let done = try await todo.runWithoutDatabase(
      ["--db", todo.database, "done", "1"], environment: ["UNIFLOW_TODO_RECORD": second])
    #expect(done.status == 0)
    let added = try SessionLog(contentsOf: URL(filePath: first), expectedApp: "todo")
    // Each change once: the command, then its result with the contents it left.
    #expect(added.steps.map(\.name) == ["add", "finished.added"])
    let completed = try SessionLog(contentsOf: URL(filePath: second), expectedApp: "todo")
    #expect(completed.steps.map(\.name).prefix(1) == ["setDone"])
    #expect(try completed.state(after: completed.steps.count, as: TodoFeature.State.self).list.doneCount == 1)
  }

  @Test func badRecordingOptionsAreUsageErrors() async throws {
    let missing = try await todo.run("list", "--record")
    #expect(missing.status == 2)
    #expect(missing.standardError.contains("option --record needs a file"))
    let inspect = try await todo.runWithoutDatabase(["inspect"])
    #expect(inspect.status == 2)
    #expect(
      inspect.errorLines == [
        "todo: error: no session log given; usage: todo inspect LOG [-o PAGE] [--app NAME]"
      ])
  }

  /// The list takes in a change of the settings as an action caused by the change made on the
  /// settings screen; a change another process made arrives as an action of its own, named for
  /// where it came from and carrying what it stored, brought in by the binding to other
  /// processes' changes; and the session replays.
  @Test @MainActor
  func aSettingsChangeIsTheCauseOfTheListsActionAndAnotherProcesssIsMarkedAsSuch() async throws {
    let log = todo.directory.file("settings.jsonl")
    let (process, terminal) = try await todo.startRecordedSession(to: log)
    var mark = terminal.output.count
    terminal.type("s")
    try await terminal.read(until: "esc/enter back", after: mark)
    mark = terminal.output.count
    terminal.type("l")
    try await terminal.read(until: "‹ open ›", after: mark)
    mark = terminal.output.count
    try await expectSuccess(todo.run("config", "sort", "title"), printing: "Set sort to title\n")
    try await terminal.read(until: "  title  ", after: mark)
    terminal.type("\u{1B}q")
    #expect(try await terminal.finish(process) == 0)

    let session = try SessionLog(contentsOf: URL(filePath: log), expectedApp: "todo")
    let steps = session.steps
    let change = try #require(steps.first { $0.action.description.contains("changeSelected") })
    let followed = steps.filter { $0.name == "list.settingsChanged" }
    #expect(followed.map(\.cause) == [change.sequenceNumber])
    let observing = try #require(steps.first { $0.name == "startObserving" })
    let elsewhere = steps.filter { $0.name == "list.settingsChangedElsewhere" }
    #expect(elsewhere.count == 1, "\(steps.map(\.name))")
    #expect(elsewhere.first?.cause == observing.sequenceNumber)
    #expect(elsewhere.first?.action.description.contains("title") == true)
    let final = try session.state(after: steps.count, as: TodoFeature.State.self)
    #expect(final.list.shownSettings == TodoSettings(filter: .open, sortOrder: .title))
    #expect(final.list.settings.value == TodoSettings(filter: .open, sortOrder: .title))

    // The replay: the other process's change comes from the log, as the repository's answers do.
    let result = Replay(session, reducer: TodoFeature(repository: InMemoryTodoRepository())).assertMatches()
    #expect(result.matchedStepCount == steps.count)
  }

  @Test func inspectingALogCutShortWritesWhatItCouldRead() async throws {
    let log = todo.directory.file("cut.jsonl")
    #expect(try await todo.run("add", "Buy milk", "--record", log).status == 0)
    let text = try String(contentsOf: URL(filePath: log), encoding: .utf8)
    try Data(text.dropLast(8).utf8).write(to: URL(filePath: log))
    let page = todo.directory.file("cut.html")
    let inspect = try await todo.runWithoutDatabase(["inspect", log, "-o", page])
    #expect(inspect.status == 0)
    #expect(inspect.standardError.contains("the line is cut short"))
    #expect(FileManager.default.fileExists(atPath: page))
  }

  @Test func inspectingAnotherFileFailsWithTheReason() async throws {
    let notALog = todo.directory.file("notes.txt")
    try Data("hello\n".utf8).write(to: URL(filePath: notALog))
    let inspect = try await todo.runWithoutDatabase(["inspect", notALog])
    #expect(inspect.status == 1)
    #expect(inspect.standardError.contains("line 1: not a valid step: unexpected 'h' at byte 0"))
  }
}

/// `--record` never destroys what is at its path, and a recording that fails says why, once,
/// with an exit status that says so too.
@Suite struct RecordingFileTests {
  let todo: TodoProcess

  init() throws {
    todo = try TodoProcess()
  }

  @Test func anExistingFileIsRefusedKeptAndNothingIsChanged() async throws {
    let log = todo.directory.file("session.jsonl")
    try Data("the first session\n".utf8).write(to: URL(filePath: log))
    let add = try await todo.run("--record", log, "add", "Buy milk")
    #expect(add.status == 1)
    #expect(
      add.errorLines == [
        "todo: error: cannot record to \(log): the file already exists, and a recording does not "
          + "replace it (use --record-replace to replace it)"
      ])
    #expect(try String(contentsOf: URL(filePath: log), encoding: .utf8) == "the first session\n")
    #expect(try await todo.run("list").standardOutput == "")
  }

  @Test func recordReplaceReplacesAnExistingFile() async throws {
    let log = todo.directory.file("session.jsonl")
    #expect(try await todo.run("--record", log, "add", "Buy milk").status == 0)
    #expect(try await todo.run("--record-replace", log, "done", "1").status == 0)
    let session = try SessionLog(contentsOf: URL(filePath: log), expectedApp: "todo")
    #expect(session.issue == nil)
    #expect(session.steps.first?.name == "setDone")
  }

  @Test func aSymbolicLinkIsRefusedAndNeitherItNorItsTargetChanges() async throws {
    let target = todo.directory.file("target.txt")
    try Data("kept\n".utf8).write(to: URL(filePath: target))
    let link = todo.directory.file("link.jsonl")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let add = try await todo.run("--record-replace", link, "add", "Buy milk")
    #expect(add.status == 1)
    #expect(
      add.errorLines == [
        "todo: error: cannot write to \(link): it is a symbolic link, not a file; it was left as it is"
      ])
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(try String(contentsOf: URL(filePath: target), encoding: .utf8) == "kept\n")
  }

  @Test func aCharacterDeviceIsWrittenThroughAndStaysADevice() async throws {
    let add = try await todo.run("--record", "/dev/null", "add", "Buy milk")
    #expect(add.status == 0)
    #expect(add.standardError == "")
    #expect(
      try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        == .typeCharacterSpecial)
  }

  @Test(
    .enabled(
      if: (try? FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType)
        == .typeCharacterSpecial,
      "needs /dev/full, the character device whose writes fail with ENOSPC (Linux, FreeBSD)"))
  func aDeviceThatCannotBeWrittenFailsBeforeAnyChangeWithTheSystemsReason() async throws {
    let add = try await todo.run("--record", "/dev/full", "add", "Buy milk")
    #expect(add.status == 1)
    #expect(
      add.errorLines == [
        "todo: error: cannot write the recording to /dev/full: \(String(cString: strerror(ENOSPC)))"
      ])
    #expect(
      try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType
        == .typeCharacterSpecial)
    #expect(try await todo.run("list").standardOutput == "")
  }

  @Test func aMissingFolderIsReportedAsMissing() async throws {
    let folder = todo.directory.file("logs")
    let log = (folder as NSString).appendingPathComponent("session.jsonl")
    let add = try await todo.run("--record", log, "add", "Buy milk")
    #expect(add.status == 1)
    #expect(add.errorLines == ["todo: error: cannot record to \(log): the folder \(folder) does not exist"])
  }

  @Test func aFolderThatCannotBeWrittenIsReportedAsPermissionDenied() async throws {
    // Root writes anywhere: the program runs as the unprivileged user "nobody" when the tests
    // run as root, as a continuous-integration machine does.
    let locked = todo.directory.file("locked")
    try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: todo.directory.path)
    let log = (locked as NSString).appendingPathComponent("session.jsonl")
    let executable = try #require(TodoProcess.executable)
    let process = Process()
    let arguments = [executable.path, "--db", todo.database, "--record", log, "add", "Buy milk"]
    if geteuid() == 0 {
      process.executableURL = URL(filePath: "/usr/bin/setpriv")
      process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups"] + arguments
    } else {
      process.executableURL = executable
      process.arguments = Array(arguments.dropFirst())
    }
    process.environment = TodoProcess.baseEnvironment.merging(["HOME": todo.directory.path]) { $1 }
    let error = Pipe()
    process.standardError = error
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = await onOwnThread {
      String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
    await process.waitForExit()
    #expect(process.terminationStatus == 1)
    #expect(message == "todo: error: cannot record to \(log): \(String(cString: strerror(EACCES)))\n")
  }

  @Test @MainActor func aWriteThatFailsMidSessionIsReportedOnceWithStatus3() async throws {
    // A FIFO whose reader goes away once the session has started: every later write fails.
    let log = todo.directory.file("live.jsonl")
    try #require(mkfifo(log, 0o600) == 0)
    let reader = open(log, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    let (process, terminal) = try await todo.startRecordedSession(to: log)
    close(reader)
    terminal.type("a")
    try await terminal.read(until: "Add: ")
    terminal.type("Buy milk\r")
    try await terminal.read(until: "Added 1: Buy milk")
    #expect(try await terminal.quit(process) == 3)
    let reports = terminal.text().components(separatedBy: "cannot write the recording to \(log): ")
    #expect(reports.count == 2)
    #expect(terminal.text().contains(String(cString: strerror(EPIPE))))
    #expect(terminal.text().contains("were not recorded (the changes themselves were made)"))
    #expect(try await todo.run("list").standardOutput == "1  [ ] Buy milk\n")
  }
}

/// `todo inspect` and `uniflow-inspect` are one command: same messages, same exit statuses.
@Suite struct InspectAgreementTests {
  let todo: TodoProcess

  init() throws {
    todo = try TodoProcess()
  }

  /// Runs `uniflow-inspect arguments…`, built next to `todo`.
  func runUniflowInspect(_ arguments: [String]) async throws -> TodoProcess.Result {
    let executable = try #require(TodoProcess.executable).deletingLastPathComponent()
      .appending(path: "uniflow-inspect")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let standardOutput = await onOwnThread {
      String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
    let standardError = await onOwnThread {
      String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
    await process.waitForExit()
    return TodoProcess.Result(
      status: process.terminationStatus, standardOutput: standardOutput, standardError: standardError)
  }

  @Test func bothProgramsReportEveryCaseAlike() async throws {
    let log = todo.directory.file("session.jsonl")
    #expect(try await todo.run("--record", log, "add", "Buy milk").status == 0)
    let recorded = try String(contentsOf: URL(filePath: log), encoding: .utf8)
    // The steps alone, without the effects' lines, so that the first step is the third line.
    let lines = recorded.split(separator: "\n").filter { !$0.hasPrefix(#"{"effect":"#) }
    let badMiddle = todo.directory.file("bad-middle.jsonl")
    try Data((lines[0...2] + ["oops"] + lines[3...] + [lines[2]]).joined(separator: "\n").utf8)
      .write(to: URL(filePath: badMiddle))
    let cut = todo.directory.file("cut.jsonl")
    try Data(recorded.dropLast(8).utf8).write(to: URL(filePath: cut))
    let notALog = todo.directory.file("notes.txt")
    try Data("hello\n".utf8).write(to: URL(filePath: notALog))
    let page = todo.directory.file("page.html")
    let link = todo.directory.file("link.html")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: notALog)

    let cases: [[String]] = [
      [log, "-o", link],
      [log, "-o", page], [badMiddle, "-o", page], [cut, "-o", page], [notALog, "-o", page],
      [todo.directory.file("missing.jsonl"), "-o", page], [log, "--app", "other", "-o", page],
      [], [log, "-o"], [log, log],
    ]
    for arguments in cases {
      let viaTodo = try await todo.runWithoutDatabase(["inspect"] + arguments)
      let viaTool = try await runUniflowInspect(arguments)
      #expect(viaTodo.status == viaTool.status, "\(arguments)")
      #expect(viaTodo.standardOutput == viaTool.standardOutput, "\(arguments)")
      #expect(
        viaTodo.standardError.replacing("todo: ", with: "").replacing("todo inspect ", with: "")
          == viaTool.standardError.replacing("uniflow-inspect: ", with: "").replacing(
            "uniflow-inspect ", with: ""), "\(arguments)")
    }
    let badMiddleRun = try await runUniflowInspect([badMiddle, "-o", page])
    #expect(badMiddleRun.status == 0)
    #expect(badMiddleRun.standardOutput.hasSuffix("; 2 lines of the log skipped\n"))
    #expect(badMiddleRun.standardError.contains("uniflow-inspect: warning: line 4: not a valid step"))
    #expect(badMiddleRun.standardError.contains("comes after step"))
    let usage = try await runUniflowInspect([])
    #expect(usage.status == 2)
  }
}

/// `todo replay FILE`: a recorded session as a file anyone can run against this version.
@Suite struct ReplayCommandTests {
  let todo: TodoProcess

  init() throws {
    todo = try TodoProcess()
  }

  /// A session that adds a todo and marks it done.
  func recordedSession() async throws -> (path: String, steps: Int) {
    let log = todo.directory.file("session.jsonl")
    #expect(try await todo.run("--record", log, "add", "Buy milk").status == 0)
    let more = todo.directory.file("more.jsonl")
    #expect(try await todo.run("--record", more, "done", "1").status == 0)
    let session = try SessionLog(contentsOf: URL(filePath: log), expectedApp: "todo")
    return (log, session.steps.count)
  }

  @Test func aSessionThatStillBehavesTheSameReplaysWithStatus0() async throws {
    let (log, steps) = try await recordedSession()
    let replay = try await todo.runWithoutDatabase(["replay", log])
    #expect(replay.status == 0)
    #expect(
      replay.standardOutput
        == "replayed \(steps) of \(steps) recorded steps: every state matches the recording\n")
    #expect(replay.standardError == "")
  }

  /// The global options go anywhere, for `replay` and `inspect` as for the other commands.
  @Test func theGlobalOptionsGoBeforeOrAfterReplayAndInspect() async throws {
    let (log, steps) = try await recordedSession()
    let matches = "replayed \(steps) of \(steps) recorded steps: every state matches the recording\n"
    for arguments in [
      ["--db", todo.database, "replay", log], ["replay", "--db", todo.database, log],
      ["replay", log, "--db=\(todo.database)"], ["--db", "replay", "replay", log],
    ] {
      let replay = try await todo.runWithoutDatabase(arguments)
      #expect(replay.status == 0, "\(arguments): \(replay.standardError)")
      #expect(replay.standardOutput == matches, "\(arguments)")
    }
    let page = todo.directory.file("page.html")
    for arguments in [
      ["--db", todo.database, "inspect", log, "-o", page],
      ["inspect", log, "--db", todo.database, "-o", page],
    ] {
      try? FileManager.default.removeItem(atPath: page)
      let inspect = try await todo.runWithoutDatabase(arguments)
      #expect(inspect.status == 0, "\(arguments): \(inspect.standardError)")
      #expect(FileManager.default.fileExists(atPath: page), "\(arguments)")
    }
    // Help is help wherever it is asked for; a --db without its path is a usage error.
    let help = try await todo.runWithoutDatabase(["replay", "--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("todo replay FILE"))
    let usage = try await todo.runWithoutDatabase(["replay", log, "--db"])
    #expect(usage.status == 2)
    #expect(usage.errorLines == ["todo: error: option --db needs a path (see 'todo --help')"])
  }

  @Test func theFirstStepWhoseStateDiffersIsReportedWithStatus1() async throws {
    let (log, steps) = try await recordedSession()
    // What the program did when it was recorded, as a bug would have it: the added todo's
    // title in the recorded state is not the one the database answered.
    // Without the effects' lines, as a log recorded before they were: every line is a step.
    var lines = try String(contentsOf: URL(filePath: log), encoding: .utf8).split(separator: "\n")
      .filter { !$0.hasPrefix(#"{"effect":"#) }
    let loaded = try #require(lines.firstIndex { $0.contains(#""name":"finished."#) })
    let patch = try #require(lines[loaded].range(of: #""patch":"#))
    lines[loaded] =
      lines[loaded][..<patch.lowerBound]
      + lines[loaded][patch.lowerBound...].replacing(#""title":"Buy milk""#, with: #""title":"Buy bread""#)
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(filePath: log))
    let replay = try await todo.runWithoutDatabase(["replay", log])
    #expect(replay.status == 1)
    #expect(replay.standardOutput.hasPrefix("replayed \(loaded - 2) of \(steps) recorded steps\n"))
    #expect(
      replay.standardOutput.contains(
        "line \(loaded + 1): after step \(loaded - 1) (finished.added) the state differs from the recording:")
    )
    #expect(replay.standardOutput.contains(#"todos[id: 1].title: expected "Buy bread", actual "Buy milk""#))
  }

  @Test func aLogThatCannotBeReplayedIsAnErrorAndAMissingOneAUsageError() async throws {
    let usage = try await todo.runWithoutDatabase(["replay"])
    #expect(usage.status == 2)
    #expect(
      usage.errorLines == [
        "todo: error: 'todo replay' needs one session log: todo replay FILE (see 'todo --help')"
      ])
    let missing = try await todo.runWithoutDatabase(["replay", todo.directory.file("missing.jsonl")])
    #expect(missing.status == 1)
    #expect(
      missing.standardError.hasPrefix("todo: error: cannot read \(todo.directory.file("missing.jsonl")): "))
    let other = todo.directory.file("other.jsonl")
    try Data(
      (#"{"app":"checklist","format":"uniflow-session","start":"2027-01-15T08:00:00.000Z","version":1}"#
        + "\n" + #"{"state":{}}"# + "\n").utf8
    ).write(to: URL(filePath: other))
    let replay = try await todo.runWithoutDatabase(["replay", other])
    #expect(replay.status == 1)
    #expect(replay.errorLines == [#"todo: error: line 1: the log was recorded by "checklist", not "todo""#])
  }
}
