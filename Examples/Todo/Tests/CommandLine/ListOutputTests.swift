import Foundation
import Testing
import TodoCore

/// What `todo list` prints: plain data for pipes and files, JSON on request, sentences and
/// colour for a person at a terminal; and searching.
@Suite struct ListOutputTests {
  let todo: TodoProcess

  init() async throws {
    todo = try TodoProcess()
    _ = try await todo.run("add", "-", input: "Buy milk\nCall mom\nBuy crème brûlée\n")
    _ = try await todo.run("done", "2")
  }

  @Test func grepShowsTheTodosWhoseTitleContainsTheTextIgnoringCaseAndAccents() async throws {
    let result = try await todo.run("list", "--grep", "BUY")
    #expect(result.standardOutput == "1  [ ] Buy milk\n3  [ ] Buy crème brûlée\n")
    #expect(try await todo.run("list", "--grep=creme").standardOutput == "3  [ ] Buy crème brûlée\n")
    #expect(try await todo.run("list", "--open", "--grep", "call").standardOutput == "")
    #expect(try await todo.run("list", "--done", "--grep", "call").standardOutput == "2  [x] Call mom\n")
  }

  @Test func jsonHasOneObjectPerTodoWithStableKeys() async throws {
    _ = try await todo.run("note", "3", "-", input: "For Sunday\n\"Ramekins\"\n")
    let result = try await todo.run("list", "--json")
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n")
    #expect(lines.count == 5)
    #expect(lines.first == "[" && lines.last == "]")
    #expect(
      lines[1].hasPrefix("  {\"id\": 1, \"title\": \"Buy milk\", \"done\": false, \"created_at\": \"20"))
    #expect(lines[1].hasSuffix("\"completed_at\": null, \"note\": \"\"},"))
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
    #expect(objects.map { $0["id"] as? Int } == [1, 2, 3])
    #expect(objects.map { $0["title"] as? String } == ["Buy milk", "Call mom", "Buy crème brûlée"])
    #expect(objects.map { $0["done"] as? Bool } == [false, true, false])
    #expect(
      objects.allSatisfy { Set($0.keys) == ["id", "title", "done", "created_at", "completed_at", "note"] })
    #expect(objects[1]["completed_at"] is String)
    #expect(objects.map { $0["note"] as? String } == ["", "", "For Sunday\n\"Ramekins\""])
    #expect(try await todo.run("list", "--json", "--grep", "nothing").standardOutput == "[]\n")
  }

  @Test func onATerminalDoneTodosAreDimmedAndEmptyListsAreSentences() async throws {
    let shown = try await todo.runOnTerminal(["list"], environment: ["NO_COLOR": nil, "TERM": "xterm"])
    #expect(shown.status == 0)
    #expect(shown.output.contains("\u{1B}[2m2  [x] Call mom\u{1B}[0m"))
    #expect(shown.output.contains("1  [ ] Buy milk\r\n"))

    let none = try await todo.runOnTerminal(["list", "--grep", "bread"], environment: ["NO_COLOR": nil])
    #expect(none.output == "No todos match “bread”.\r\n")

    let failed = try await todo.runOnTerminal(
      ["done", "9"], environment: ["NO_COLOR": nil, "TERM": "xterm"])
    #expect(failed.status == 1)
    #expect(failed.output == "\u{1B}[31mtodo: error: no todo with id 9\u{1B}[0m\r\n")
  }

  @Test func noColorTurnsColourOff() async throws {
    let shown = try await todo.runOnTerminal(["list"], environment: ["NO_COLOR": "1"])
    #expect(shown.output == "1  [ ] Buy milk\r\n2  [x] Call mom\r\n3  [ ] Buy crème brûlée\r\n")
    let failed = try await todo.runOnTerminal(["done", "9"], environment: ["NO_COLOR": "1"])
    #expect(failed.output == "todo: error: no todo with id 9\r\n")
  }

  @Test func redoAppliesAgainWhatUndoReverted() async throws {
    #expect(try await todo.run("undo").standardOutput == "Undid: complete “Call mom”\n")
    #expect(try await todo.run("redo").standardOutput == "Redid: complete “Call mom”\n")
    #expect(try await todo.run("list", "--done").standardOutput == "2  [x] Call mom\n")
    let nothing = try await todo.run("redo")
    #expect(nothing.status == 1)
    #expect(nothing.standardError.contains("nothing to redo"))
  }
}
