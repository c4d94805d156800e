import Foundation
import Testing
import UniflowDevTools

/// The inspector's command line, as `uniflow-inspect` and `todo inspect` both run it.
@MainActor
@Suite struct InspectCommandTests {
  /// A log of `count` additions in a fresh file.
  func logFile(adding count: Int) throws -> TemporaryFile {
    let file = try TemporaryFile()
    let (store, sink) = try makeRecordedChecklist()
    for index in 0..<count { store.send(.add("item \(index)")) }
    try file.write(sink.log().jsonLines)
    return file
  }

  @Test func writesThePageNextToTheLogAndCountsTheActions() throws {
    let one = try logFile(adding: 1)
    let page = one.directory.appending(path: "session.html").path
    #expect(
      InspectCommand.run(arguments: [one.url.path])
        == InspectCommand.Report(status: 0, messages: [.output("wrote \(page): 1 action")]))
    #expect(FileManager.default.fileExists(atPath: page))
    let two = try logFile(adding: 2)
    let chosen = two.directory.appending(path: "timeline.html").path
    #expect(
      InspectCommand.run(arguments: [two.url.path, "-o", chosen]).messages
        == [.output("wrote \(chosen): 2 actions")])
  }

  @Test func aBadLineInTheMiddleIsAWarningAndTheRestIsShown() throws {
    let file = try logFile(adding: 1)
    try file.write(try file.text + "oops\n" + file.text.split(separator: "\n")[2] + "\n")
    let page = file.directory.appending(path: "session.html").path
    let report = InspectCommand.run(arguments: [file.url.path])
    #expect(report.status == 0)
    #expect(
      report.messages == [
        .output("wrote \(page): 1 action; 2 lines of the log skipped"),
        .warning("line 4: not a valid step: unexpected 'o' at byte 0; the line is skipped"),
        .warning("line 5: step 1 comes after step 1: its sequence number is repeated; the line is skipped"),
      ])
  }

  @Test func aLogThatCannotBeReadIsAnErrorWithStatus1() throws {
    let file = try TemporaryFile()
    try file.write("hello\n")
    #expect(
      InspectCommand.run(arguments: [file.url.path])
        == InspectCommand.Report(
          status: 1, messages: [.error("line 1: not a valid step: unexpected 'h' at byte 0")]))
    let other = try logFile(adding: 1)
    #expect(
      InspectCommand.run(arguments: [other.url.path, "--app", "todo"]).messages
        == [.error(#"line 1: the log was recorded by "checklist", not "todo""#)])
  }

  @Test func aPagePathThatIsASymbolicLinkIsRefusedAndLeftAsItIs() throws {
    let file = try logFile(adding: 1)
    let target = file.directory.appending(path: "target.txt")
    try Data("kept\n".utf8).write(to: target)
    let link = file.directory.appending(path: "page.html")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
    #expect(
      InspectCommand.run(arguments: [file.url.path, "-o", link.path])
        == InspectCommand.Report(
          status: 1,
          messages: [
            .error("cannot write to \(link.path): it is a symbolic link, not a file; it was left as it is")
          ]))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
    #expect(try String(contentsOf: target, encoding: .utf8) == "kept\n")
  }

  @Test func usageErrorsHaveStatus2AndSayHowToCallTheCommand() {
    let usage = "uniflow-inspect LOG [-o PAGE] [--app NAME]"
    let cases: [([String], String)] = [
      ([], "no session log given"),
      (["a.jsonl", "b.jsonl"], "unexpected argument 'b.jsonl': give one session log"),
      (["a.jsonl", "-o"], "option -o needs a file"),
      (["a.jsonl", "--app"], "option --app needs a name"),
      (["--verbose", "a.jsonl"], "unknown option '--verbose'"),
    ]
    for (arguments, problem) in cases {
      #expect(
        InspectCommand.run(arguments: arguments)
          == InspectCommand.Report(status: 2, messages: [.error("\(problem); usage: \(usage)")]))
    }
  }
}
