import Foundation
import Testing
import TodoCore
import UniflowDevTools

/// `todo --record FILE` and `todo inspect FILE`: a real session, recorded through the
/// pseudo-terminal, browsable as a page and replayable as a test.
@Suite struct RecordingTests {
  let todo: TodoProcess

  init() throws {
    todo = try TodoProcess()
  }

  @Test @MainActor func interactiveSessionIsRecordedInspectedAndReplays() async throws {
    let log = todo.directory.file("session.jsonl")
    let terminal = try PseudoTerminal()
    let process = Process()
    process.executableURL = TodoProcess.executable
    process.arguments = ["--db", todo.database, "--record", log]
    process.environment = TodoProcess.baseEnvironment
    process.standardInput = terminal.terminal
    process.standardOutput = terminal.terminal
    process.standardError = terminal.terminal
    try process.run()
    try terminal.closeTerminalSide()
    try terminal.read(until: "No todos yet. Press a to add one.")
    terminal.type("a")
    try terminal.read(until: "Add: ")
    terminal.type("Buy milk\r")
    try terminal.read(until: "Added 1: Buy milk")
    terminal.type("a")
    try terminal.read(until: "Add: ")
    terminal.type("Call mom\r")
    try terminal.read(until: "Added 2: Call mom")
    terminal.type(" ")
    try terminal.read(until: "Done 2: Call mom")
    terminal.type("f")
    try terminal.read(until: "showing open")
    terminal.type("q")
    try terminal.readToEnd()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)

    // The log: every action, the repository's answers marked as sent by the action's effect.
    let session = try SessionLog(contentsOf: URL(filePath: log), expectedApp: "todo")
    #expect(session.issue == nil)
    let names = session.steps.map(\.name)
    #expect(names.first == "startObserving")
    #expect(names.filter { $0 == "add" }.count == 2)
    #expect(names.contains("toggle"))
    #expect(names.contains("list.cycleFilter"))
    // Editing is recorded too, a key at a time, and the title's save becomes the command.
    #expect(names.filter { $0 == "editor.edit.insert" }.count == "Buy milk".count + "Call mom".count)
    #expect(names.filter { $0 == "editor.save" }.count == 2)
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
    let inspect = try todo.runWithoutDatabase(["inspect", log, "-o", page])
    #expect(inspect.status == 0)
    let html = try String(contentsOf: URL(filePath: page), encoding: .utf8)
    #expect(html.contains(#"<script type="application/json" id="session-data">{"app":"todo""#))
    #expect(html.contains(#""snapshotLoaded""#))

    // The replay, with an in-memory repository: the recorded answers come from the log.
    let result = Replay(session, reducer: TodoFeature(repository: InMemoryTodoRepository())).assertMatches()
    #expect(result.matchedStepCount == session.steps.count)
  }

  @Test func oneShotCommandsRecordWithTheOptionOrTheEnvironment() throws {
    let first = todo.directory.file("add.jsonl")
    #expect(try todo.run("add", "Buy milk", "--record", first).status == 0)
    let second = todo.directory.file("done.jsonl")
    let done = try todo.runWithoutDatabase(
      ["--db", todo.database, "done", "1"], environment: ["UNIFLOW_TODO_RECORD": second])
    #expect(done.status == 0)
    let added = try SessionLog(contentsOf: URL(filePath: first), expectedApp: "todo")
    // Each change once: the command, then its result with the contents it left.
    #expect(added.steps.map(\.name) == ["add", "finished"])
    let completed = try SessionLog(contentsOf: URL(filePath: second), expectedApp: "todo")
    #expect(completed.steps.map(\.name).prefix(1) == ["setDone"])
    #expect(try completed.state(after: completed.steps.count, as: TodoFeature.State.self).list.doneCount == 1)
  }

  @Test func badRecordingOptionsAreUsageErrors() throws {
    let missing = try todo.run("list", "--record")
    #expect(missing.status == 2)
    #expect(missing.standardError.contains("option --record needs a file"))
    let inspect = try todo.runWithoutDatabase(["inspect"])
    #expect(inspect.status == 2)
    #expect(inspect.standardError.contains("'todo inspect' needs one session log"))
  }

  @Test func inspectingALogCutShortWritesWhatItCouldRead() throws {
    let log = todo.directory.file("cut.jsonl")
    #expect(try todo.run("add", "Buy milk", "--record", log).status == 0)
    let text = try String(contentsOf: URL(filePath: log), encoding: .utf8)
    try Data(text.dropLast(8).utf8).write(to: URL(filePath: log))
    let page = todo.directory.file("cut.html")
    let inspect = try todo.runWithoutDatabase(["inspect", log, "-o", page])
    #expect(inspect.status == 0)
    #expect(inspect.standardError.contains("the line is cut short"))
    #expect(FileManager.default.fileExists(atPath: page))
  }

  @Test func inspectingAnotherFileFailsWithTheReason() throws {
    let notALog = todo.directory.file("notes.txt")
    try Data("hello\n".utf8).write(to: URL(filePath: notALog))
    let inspect = try todo.runWithoutDatabase(["inspect", notALog])
    #expect(inspect.status == 1)
    #expect(inspect.standardError.contains("line 1: not a valid step: unexpected 'h' at byte 0"))
  }
}
