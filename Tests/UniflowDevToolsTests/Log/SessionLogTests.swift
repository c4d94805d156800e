import Foundation
import Testing
import UniflowDevTools

@MainActor
@Suite struct SessionLogTests {
  /// A recorded session of three actions, as text.
  func recordedText() throws -> String {
    let (store, sink) = try makeRecordedChecklist()
    store.send(.add("Milk"))
    store.send(.add("Eggs"))
    store.send(.toggle(id: 2))
    return try sink.log().jsonLines
  }

  @Test func anyStepsStateIsRebuiltFromTheLog() throws {
    let log = try SessionLog(parsing: recordedText(), expectedApp: "checklist")
    #expect(log.header.appName == "checklist")
    #expect(log.header.startDate == Date(timeIntervalSince1970: 1_800_000_000))
    #expect(log.steps.count == 3)
    #expect(log.issue == nil)
    #expect(try log.state(after: 0, as: Checklist.State.self) == Checklist.State())
    let second = try log.state(after: 2, as: Checklist.State.self)
    #expect(second.items.map(\.title) == ["Milk", "Eggs"])
    #expect(
      log.state(after: 3)["items"] == [
        ["id": 1, "title": "Milk", "isDone": false], ["id": 2, "title": "Eggs", "isDone": true],
      ])
  }

  @Test func logCutShortByACrashKeepsEveryCompleteStep() throws {
    let text = try recordedText()
    let cut = String(text.dropLast(20))
    let log = try SessionLog(parsing: cut)
    #expect(log.steps.count == 2)
    #expect(log.issue == .truncatedLine(line: 5))
    #expect(log.skippedLines == [SessionLog.SkippedLine(error: .truncatedLine(line: 5), stepsBefore: 2)])
    #expect(
      log.issue?.description == "line 5: the line is cut short (the recording stopped while writing it)")
  }

  @Test func logFromANewerFormatVersionIsRefusedNamingTheVersion() throws {
    let text = try recordedText().replacing(#""version":1"#, with: #""version":2"#)
    #expect(throws: SessionLogError.unsupportedVersion(2, line: 1)) {
      try SessionLog(parsing: text)
    }
    let error = SessionLogError.unsupportedVersion(2, line: 1)
    #expect(error.description.contains("line 1: the log has format version 2"))
  }

  @Test func logOfAnotherAppIsRefused() throws {
    #expect(throws: SessionLogError.otherApp(found: "checklist", expected: "todo", line: 1)) {
      try SessionLog(parsing: recordedText(), expectedApp: "todo")
    }
  }

  @Test func textThatIsNotASessionLogIsRefused() {
    #expect(throws: SessionLogError.empty) { try SessionLog(parsing: "") }
    #expect(throws: SessionLogError.notASessionLog(line: 1)) {
      try SessionLog(parsing: #"{"hello":"world"}"# + "\n")
    }
    #expect(throws: SessionLogError.malformedLine(line: 1, reason: "unexpected 'h' at byte 0")) {
      try SessionLog(parsing: "hello\nworld\n")
    }
  }

  @Test func logWithoutItsInitialStateIsRefused() throws {
    let header = try recordedText().split(separator: "\n")[0]
    #expect(throws: SessionLogError.missingInitialState(line: 2)) {
      try SessionLog(parsing: header + "\n")
    }
    #expect(throws: SessionLogError.missingInitialState(line: 2)) {
      try SessionLog(parsing: header + "\n{\"nope\":1}\n")
    }
  }

  @Test func malformedStepInTheMiddleIsSkippedAndTheStepsAfterItAreRead() throws {
    let (store, sink) = try makeRecordedChecklist()
    store.send(.add("Milk"))
    store.send(.toggle(id: 1))
    store.send(.add("Eggs"))
    var lines = try sink.log().jsonLines.split(separator: "\n").map(String.init)
    lines[3] = lines[3].replacing(#""seq":2"#, with: #""seq":"two""#)
    let log = try SessionLog(parsing: lines.joined(separator: "\n") + "\n")
    #expect(log.steps.map(\.sequenceNumber) == [1, 3])
    #expect(log.line(ofStep: 1) == 5)
    #expect(try log.state(after: 2, as: Checklist.State.self).items.map(\.title) == ["Milk", "Eggs"])
    #expect(
      log.skippedLines == [
        SessionLog.SkippedLine(
          error: .malformedLine(line: 4, reason: "no sequence number \"seq\""), stepsBefore: 1)
      ])
    #expect(log.issue == .malformedLine(line: 4, reason: "no sequence number \"seq\""))
    #expect(log.completeStepCount == 1)
  }

  @Test func stepWhoseChangeDoesNotApplyIsSkipped() throws {
    var lines = try recordedText().split(separator: "\n").map(String.init)
    lines[4] = lines[4].replacing("/items/1/isDone", with: "/items/9/isDone")
    let log = try SessionLog(parsing: lines.joined(separator: "\n") + "\n")
    #expect(log.steps.count == 2)
    #expect(log.issue == .invalidPatch(line: 5, reason: "no value at \"/items/9/isDone\""))
  }

  @Test func aRepeatedSequenceNumberIsReportedAndItsLineSkipped() throws {
    var lines = try recordedText().split(separator: "\n").map(String.init)
    lines.insert(lines[3], at: 4)
    let log = try SessionLog(parsing: lines.joined(separator: "\n") + "\n")
    #expect(log.steps.map(\.sequenceNumber) == [1, 2, 3])
    let error = SessionLogError.sequenceNumberOutOfOrder(line: 5, sequenceNumber: 2, previous: 2)
    #expect(log.skippedLines == [SessionLog.SkippedLine(error: error, stepsBefore: 2)])
    #expect(error.description == "line 5: step 2 comes after step 2: its sequence number is repeated")
    #expect(try log.state(after: 3, as: Checklist.State.self).items.map(\.isDone) == [false, true])
  }

  @Test func missingFileIsReportedWithItsPath() {
    let url = URL(filePath: "/nonexistent/session.jsonl")
    #expect {
      try SessionLog(contentsOf: url)
    } throws: { error in
      guard case .unreadable(let path, _) = error as? SessionLogError else { return false }
      return path == "/nonexistent/session.jsonl"
    }
  }

  @Test func stateThatNoLongerDecodesNamesItsLine() throws {
    struct Renamed: Decodable { var entries: [String] }
    let log = try SessionLog(parsing: recordedText())
    #expect {
      try log.state(after: 1, as: Renamed.self)
    } throws: { error in
      guard case .undecodableState(let line, let reason) = error as? SessionLogError else { return false }
      return line == 3 && reason.contains("entries")
    }
  }
}
