import Foundation
import Testing
import TodoCore

/// The interactive list, driven through a pseudo-terminal like a user at the keyboard.
@Suite struct InteractiveListTests {
  let todo: TodoProcess
  let terminal: PseudoTerminal

  init() throws {
    todo = try TodoProcess()
    terminal = try PseudoTerminal()
  }

  /// Starts `todo` without arguments on the pseudo-terminal.
  private func start() throws -> Process {
    let executable = try #require(TodoProcess.executable)
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--db", todo.database]
    process.environment = TodoProcess.baseEnvironment
    process.standardInput = terminal.terminal
    process.standardOutput = terminal.terminal
    process.standardError = terminal.terminal
    try process.run()
    try terminal.closeTerminalSide()
    return process
  }

  @Test func keysAddToggleAndQuitAndTheTerminalIsRestored() async throws {
    let process = try start()
    try terminal.read(until: "No todos yet. Press a to add one.")
    for key in [
      "↑↓/jk move", "space toggle", "a add", "e edit", "d delete", "u undo", "c clear done", "q quit",
    ] {
      #expect(terminal.text().contains(key))
    }

    terminal.type("a")
    try terminal.read(until: "Add: ")
    terminal.type("Buy milk\r")
    try terminal.read(until: "Added 1: Buy milk")
    terminal.type(" ")
    try terminal.read(until: "Done 1: Buy milk")
    terminal.type("q")
    try terminal.readToEnd()
    process.waitUntilExit()

    #expect(process.terminationStatus == 0)
    // Back to the main screen with the cursor visible, as the last thing written.
    #expect(terminal.text().hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
    #expect(try await SQLiteTodoRepository(path: todo.database).snapshot().todos.map(\.isDone) == [true])
  }

  @Test func movingTheSelectionRedrawsOnlyTheTwoRowsInvolved() throws {
    _ = try todo.run("add", "Buy milk")
    _ = try todo.run("add", "Call mom")
    let process = try start()
    try terminal.read(until: "Call mom")

    // Move down, then change the filter: the output between the two keys is what moving drew.
    let mark = terminal.output.count
    terminal.type("j")
    terminal.type("f")
    try terminal.read(until: "showing open", after: mark)
    let drawn = terminal.text(from: mark)
    let moving = try #require(drawn.components(separatedBy: "\u{1B}[1;1H").first)
    let positions = moving.matches(of: /\u{1B}\[(\d+);1H/).map { Int($0.output.1)! }
    // Rows are lines 3 and 4: the old selection and the new one; no header, no other row.
    #expect(positions == [3, 4])
    #expect(!moving.contains("\u{1B}[2J"))

    terminal.type("q")
    try terminal.readToEnd()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  @Test func aTerminationSignalRestoresTheTerminal() throws {
    let process = try start()
    try terminal.read(until: "No todos yet.")
    process.terminate()
    try terminal.readToEnd()
    process.waitUntilExit()
    #expect(process.terminationStatus == 128 + SIGTERM)
    #expect(terminal.text().hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
  }

  /// The signal handlers are in place before the screen changes, so even a signal that comes
  /// while the list is first drawn, before the todos are loaded, restores the terminal.
  @Test func aTerminationSignalAsSoonAsTheScreenChangesRestoresTheTerminal() throws {
    let process = try start()
    try terminal.read(until: "\u{1B}[?1049h")
    process.terminate()
    try terminal.readToEnd()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 128 + SIGTERM)
    #expect(terminal.text().hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
  }
}
