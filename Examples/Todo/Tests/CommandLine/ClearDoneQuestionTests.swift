import Foundation
import Testing
import TodoCore
import UniflowTestSupport

/// `todo clear-done` asks before deleting several done todos when a person is at the terminal,
/// never when a script runs it, and never with `--yes`.
@Suite struct ClearDoneQuestionTests {
  let todo: TodoProcess

  init() async throws {
    todo = try TodoProcess()
    for title in ["Buy milk", "Call mom", "Buy eggs"] { _ = try await todo.run("add", title) }
    _ = try await todo.run("done", "1")
    _ = try await todo.run("done", "2")
  }

  func remainingIDs() async throws -> [Todo.ID] {
    try await SQLiteTodoRepository(path: todo.database).snapshot().todos.map(\.id)
  }

  @Test func aScriptIsNeverAsked() async throws {
    let result = try await todo.run("clear-done")
    expectSuccess(result, printing: "Cleared 2 done todos\n")
    #expect(try await remainingIDs() == [3])
  }

  @Test func atATerminalYesDeletes() async throws {
    let (terminal, process) = try todo.startOnTerminal(arguments: ["clear-done"])
    try await terminal.read(until: "Delete the 2 done todos? Undo brings them back. [y/N] ")
    terminal.type("y\r")
    #expect(try await terminal.finish(process) == 0)
    #expect(terminal.text().contains("Cleared 2 done todos"))
    #expect(try await remainingIDs() == [3])
  }

  @Test func atATerminalAnythingButYesKeepsThem() async throws {
    let (terminal, process) = try todo.startOnTerminal(arguments: ["clear-done"])
    try await terminal.read(until: "[y/N] ")
    terminal.type("\r")
    #expect(try await terminal.finish(process) == 1)
    #expect(terminal.text().contains("todo: error: nothing was deleted"))
    #expect(try await remainingIDs() == [1, 2, 3])
  }

  @Test func yesSkipsTheQuestion() async throws {
    let result = try await todo.runOnTerminal(["clear-done", "--yes"])
    #expect(result.status == 0)
    #expect(!result.output.contains("[y/N]"))
    #expect(result.output.contains("Cleared 2 done todos"))
    #expect(try await remainingIDs() == [3])
  }

  @Test func yesGoesWithClearDoneOnly() async throws {
    let result = try await todo.run("list", "--yes")
    expectFailure(result, status: 2, saying: "option --yes only applies to 'todo clear-done'")
  }
}
