import Foundation
import Testing
import UniflowDevTools

/// The feature the doc comments' examples record.
private typealias AppFeature = Checklist

/// The code of every example in UniflowDevTools' doc comments, verbatim, compiled and run; the
/// last test checks that each example's code is here, so an example cannot drift from the API.
@MainActor
@Suite struct DocCommentExamplesTests {
  /// A log of three actions at `logURL`, whose third step a reducer that renames on toggle
  /// replays differently.
  private func recordedLog() throws -> (file: TemporaryFile, logURL: URL, pageURL: URL) {
    let file = try TemporaryFile()
    let (store, sink) = try makeRecordedChecklist()
    store.send(.add("Bread"))
    store.send(.add("Milk"))
    store.send(.toggle(id: 1))
    try file.write(sink.log().jsonLines)
    return (file, file.url, file.directory.appending(path: "timeline.html"))
  }

  @Test func sessionRecorder() throws {
    let file = try TemporaryFile()
    let logURL = file.url
    let state = AppFeature.State()

    let recorder = try SessionRecorder<AppFeature.State, AppFeature.Action>(
      appName: "checklist", initialState: state, sink: FileSessionSink(url: logURL))
    let store = Store(
      initialState: state, reducer: AppFeature(),
      middleware: [recorder.middleware])

    store.send(.add("Milk"))
    #expect(try SessionLog(contentsOf: logURL).steps.map(\.name) == ["add"])
  }

  @Test func sessionRecorderRecordsEffects() async throws {
    let state = AppFeature.State()
    let sink = RingBufferSessionSink(capacity: 10)
    let recorder = try SessionRecorder<AppFeature.State, AppFeature.Action>(
      appName: "checklist", initialState: state, sink: sink)

    var configuration = StoreConfiguration()
    configuration.effectEventHandler = { recorder.record($0) }

    let store = Store(
      initialState: state, reducer: AppFeature(), middleware: [recorder.middleware],
      configuration: configuration)
    store.send(.add("Milk"))
    #expect(try sink.log().steps.count == 1)
  }

  @Test func sessionRecorderMarksStoppedChains() throws {
    let state = AppFeature.State()
    let sink = RingBufferSessionSink(capacity: 10)
    let recorder = try SessionRecorder<AppFeature.State, AppFeature.Action>(
      appName: "checklist", initialState: state, sink: sink)

    let store = Store(
      initialState: state, reducer: AppFeature(),
      middleware: [recorder.middleware],
      configuration: StoreConfiguration { diagnostic in
        recorder.record(diagnostic)
        StoreDiagnostic.standardHandler(diagnostic)
      })

    store.send(.add("Milk"))
    recorder.record(.effectCycle(EffectCycle(actions: ["ping", "pong", "ping"], limit: 2_000)))
    #expect(try sink.log().stops.map(\.after) == [1])
  }

  @Test func fileSessionSink() throws {
    let file = try TemporaryFile()
    let logURL = file.url

    let sink = try FileSessionSink(url: logURL)

    #expect(sink.url == logURL)
  }

  @Test func ringBufferSessionSink() throws {
    let sink = RingBufferSessionSink(capacity: 500)
    let recorder = try SessionRecorder<AppFeature.State, AppFeature.Action>(
      appName: "checklist", initialState: AppFeature.State(), sink: sink)
    Store(initialState: AppFeature.State(), reducer: AppFeature(), middleware: [recorder.middleware])
      .send(.add("Milk"))
    let html = SessionInspector.html(for: try sink.log())
    #expect(html.contains("<!doctype html>"))
  }

  @Test func sessionLog() throws {
    let (file, logURL, _) = try recordedLog()
    defer { withExtendedLifetime(file) {} }

    let log = try SessionLog(contentsOf: logURL, expectedApp: "checklist")
    #expect(log.steps.count == 3)
    #expect(log.state(after: 3)["items"]?.arrayCount == 2)
  }

  @Test func sessionInspector() throws {
    let (file, logURL, pageURL) = try recordedLog()
    defer { withExtendedLifetime(file) {} }

    let log = try SessionLog(contentsOf: logURL)
    try SessionInspector.html(for: log).write(to: pageURL, atomically: true, encoding: .utf8)

    #expect(FileManager.default.fileExists(atPath: pageURL.path))
  }

  @Test func inspectCommand() throws {
    let (file, logURL, pageURL) = try recordedLog()
    defer { withExtendedLifetime(file) {} }
    let (logPath, pagePath) = (logURL.path, pageURL.path)

    // What the example prints, kept instead of written to the test's output.
    var printed: [String] = []
    func print(_ message: InspectCommand.Message) { printed.append(message.description) }

    let report = InspectCommand.run(arguments: [logPath, "-o", pagePath])
    for message in report.messages { print(message) }

    #expect(printed == ["wrote \(pagePath): 3 actions"])
  }

  @Test func replay() throws {
    let (file, logURL, _) = try recordedLog()
    defer { withExtendedLifetime(file) {} }

    let log = try SessionLog(contentsOf: logURL, expectedApp: "checklist")
    let result = Replay(log, reducer: AppFeature()).run()
    if let divergence = result.divergence { print(divergence) }

    #expect(result.isMatch)
    let changed = Replay(log, reducer: AppFeature(togglesRename: true)).run()
    #expect(
      changed.divergence?.description == """
        line 5: after step 3 (toggle) the state differs from the recording:
          items[0].title: expected "Bread", actual "Bread!"
        """)
  }

  @Test func reportedSessionStillReplays() throws {
    let (file, sessionURL, _) = try recordedLog()
    defer { withExtendedLifetime(file) {} }

    let log = try SessionLog(contentsOf: sessionURL, expectedApp: "checklist")
    Replay(log, reducer: AppFeature()).assertMatches()
  }

  @Test func jsonExamples() throws {
    let before: JSONValue = ["count": 1, "title": "Milk"]
    let after: JSONValue = ["count": 2, "title": "Milk", "done": true]
    let patch = JSONPatch(from: before, to: after)
    #expect(
      patch.json.serialized
        == #"[{"op":"replace","path":"/count","value":2},{"op":"add","path":"/done","value":true}]"#)
    #expect(try patch.applied(to: before) == after)

    let pointer = JSONPointer(["a/b", "m~n"])
    #expect(pointer.description == "/a~1b/m~0n")

    let value = try JSONValue(parsing: #"{"count": 1, "done": true}"#)
    #expect(value["count"] == .number("1"))
    #expect(value.serialized == #"{"count":1,"done":true}"#)
  }

  @Test func everyDocCommentExampleIsMirroredHere() throws {
    let tests = URL(filePath: #filePath)
    let sources = tests.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appending(path: "Sources/UniflowDevTools")
    let mirror = try String(contentsOf: tests, encoding: .utf8)
    var examples = 0
    let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
    for case let file as URL in files where file.pathExtension == "swift" {
      for (line, code) in try docCommentExampleLines(in: file) {
        examples += 1
        #expect(mirror.contains(code), "\(file.lastPathComponent):\(line): \(code)")
      }
    }
    #expect(examples > 30)
  }
}

extension JSONValue {
  fileprivate var arrayCount: Int? {
    guard case .array(let elements) = self else { return nil }
    return elements.count
  }
}

/// The code lines of the ```swift examples in a file's doc comments, with their line numbers:
/// trimmed, without trailing `//` comments, leaving out comment lines and lines with a `…`
/// placeholder.
private func docCommentExampleLines(in file: URL) throws -> [(Int, String)] {
  var lines: [(Int, String)] = []
  var isInExample = false
  for (index, line) in try String(contentsOf: file, encoding: .utf8).split(
    separator: "\n", omittingEmptySubsequences: false
  ).enumerated() {
    let text = line.trimmingCharacters(in: .whitespaces)
    guard text.hasPrefix("///") else {
      isInExample = false
      continue
    }
    let content = text.dropFirst(3).trimmingCharacters(in: .whitespaces)
    if content.hasPrefix("```") {
      isInExample = content == "```swift"
      continue
    }
    guard isInExample else { continue }
    var code = content
    if let comment = code.range(of: "  //") { code = String(code[..<comment.lowerBound]) }
    code = code.trimmingCharacters(in: .whitespaces)
    if code.isEmpty || code.hasPrefix("//") || code.contains("…") { continue }
    lines.append((index + 1, code))
  }
  return lines
}
