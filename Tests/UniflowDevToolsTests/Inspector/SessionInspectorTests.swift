import Foundation
import Testing
import UniflowDevTools

@MainActor
@Suite struct SessionInspectorTests {
  /// The JSON data the page embeds, read back.
  func embeddedData(_ html: String) throws -> JSONValue {
    let start = try #require(html.range(of: #"<script type="application/json" id="session-data">"#))
    let end = try #require(html[start.upperBound...].range(of: "</script>"))
    return try JSONValue(parsing: String(html[start.upperBound..<end.lowerBound]))
  }

  @Test func pageEmbedsEveryStepWithItsCauseAndChange() throws {
    let (store, sink) = try makeRecordedChecklist()
    store.send(.add("Milk"))
    store.send(.toggle(id: 1))
    store.send(.clearDone)
    let html = SessionInspector.html(for: try sink.log())
    let data = try embeddedData(html)
    #expect(data["app"] == "checklist")
    #expect(data["initial"] == ["items": [], "isLoading": false, "nextID": 1])
    guard case .array(let steps) = data["steps"] else {
      Issue.record("no steps")
      return
    }
    #expect(steps.count == 4)
    #expect(steps.map { $0.arrayElement(2) } == ["add", "toggle", "clearDone", "remove"])
    #expect(steps.map { $0.arrayElement(3) } == [.null, .null, .null, 3])
    #expect(steps[1].arrayElement(5) == [["op": "replace", "path": "/items/0/isDone", "value": true]])
    #expect(data["skipped"] == [])
    #expect(html.contains("<title>checklist session 2027-01-15T08:00:00.000Z</title>"))
  }

  @Test func pageIsSelfContained() throws {
    let (_, sink) = try makeRecordedChecklist()
    let html = SessionInspector.html(for: try sink.log())
    #expect(!html.contains("http://"))
    #expect(!html.contains("https://"))
    #expect(!html.contains("<script src"))
    #expect(!html.contains("<link"))
    #expect(!html.contains("@font-face"))
    #expect(!html.contains("__DATA__"))
  }

  @Test func recordedTextCannotCloseTheScriptElement() throws {
    let (store, sink) = try makeRecordedChecklist(appName: "</title><script>alert(1)</script>")
    store.send(.add("</script><script>alert(1)</script>"))
    let html = SessionInspector.html(for: try sink.log())
    // The template's own two scripts close; nothing else does.
    #expect(html.ranges(of: "</script>").count == 2)
    #expect(html.contains("<title>&lt;/title&gt;&lt;script&gt;"))
    let data = try embeddedData(html)
    guard case .array(let steps) = data["steps"] else {
      Issue.record("no steps")
      return
    }
    #expect(steps[0].arrayElement(4) == ["add": ["_0": "</script><script>alert(1)</script>"]])
  }

  @Test func logReadInPartIsShownWithTheLinesSkippedAndWhereTheyWere() throws {
    let (store, sink) = try makeRecordedChecklist()
    store.send(.add("Milk"))
    store.send(.toggle(id: 1))
    store.send(.add("Eggs"))
    var lines = try sink.log().jsonLines.split(separator: "\n").map(String.init)
    lines[3] = "not a step"
    lines[4].removeLast(5)
    let log = try SessionLog(parsing: lines.joined(separator: "\n"))
    let data = try embeddedData(SessionInspector.html(for: log))
    guard case .array(let skipped) = data["skipped"], case .array(let steps) = data["steps"] else {
      Issue.record("no skipped lines or no steps")
      return
    }
    #expect(steps.count == 1)
    #expect(skipped.map { $0["line"] } == [4, 5])
    #expect(skipped.map { $0["after"] } == [1, 1])
    #expect(skipped[1]["message"]?.stringValue?.hasPrefix("line 5: the line is cut short") == true)
  }

  @Test func pageIsWrittenFromALogFile() throws {
    let file = try TemporaryFile()
    let (store, sink) = try makeRecordedChecklist()
    store.send(.add("Milk"))
    try file.write(sink.log().jsonLines)
    let page = file.directory.appending(path: "timeline.html")
    let log = try SessionInspector.writePage(for: file.url, to: page, expectedApp: "checklist")
    #expect(log.steps.count == 1)
    let html = try String(contentsOf: page, encoding: .utf8)
    #expect(try embeddedData(html)["app"] == "checklist")
    #expect(throws: SessionLogError.otherApp(found: "checklist", expected: "todo", line: 1)) {
      try SessionInspector.writePage(for: file.url, to: page, expectedApp: "todo")
    }
  }
}

extension JSONValue {
  /// The element at an index of an array value.
  fileprivate func arrayElement(_ index: Int) -> JSONValue? {
    guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
    return elements[index]
  }
}
