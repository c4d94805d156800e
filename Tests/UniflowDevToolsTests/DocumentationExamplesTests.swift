import Foundation
import Testing
import UniflowDevTools

/// The feature the documentation's examples record.
private typealias AppFeature = Checklist

/// The examples of the "Recording and Replay" article and the README, compiled and run.
@MainActor
@Suite struct DocumentationExamplesTests {
  @Test func recordReadTravelAndReplayAsTheArticleShows() throws {
    let file = try TemporaryFile()
    let logURL = file.url

    let recorder = try SessionRecorder<AppFeature.State, AppFeature.Action>(
      appName: "checklist", initialState: AppFeature.State(),
      sink: FileSessionSink(url: logURL))
    let store = Store(
      initialState: AppFeature.State(), reducer: AppFeature(),
      middleware: [recorder.middleware])
    store.send(.add("Bread"))
    store.send(.add("Milk"))
    store.send(.toggle(id: 1))

    let log = try SessionLog(contentsOf: logURL, expectedApp: "checklist")
    let afterThird = try log.state(after: 3, as: AppFeature.State.self)
    #expect(afterThird == store.state)

    let result = Replay(log, reducer: AppFeature()).run()
    if let divergence = result.divergence {
      print(divergence)
    }
    #expect(result.isMatch)

    let changed = Replay(log, reducer: AppFeature(togglesRename: true)).run()
    #expect(
      changed.divergence?.description == """
        line 5: after step 3 (toggle) the state differs from the recording:
          items[0].title: expected "Bread", actual "Bread!"
        """)
  }

  @Test func reportedSessionReplays() throws {
    let file = try TemporaryFile()
    let (store, sink) = try makeRecordedChecklist()
    store.send(.add("Bread"))
    store.send(.toggle(id: 1))
    try file.write(sink.log().jsonLines)
    let reportURL = file.url

    let log = try SessionLog(contentsOf: reportURL, expectedApp: "checklist")
    Replay(log, reducer: AppFeature()).assertMatches()
  }

  @Test func inspectorPageAsTheReadmeShows() throws {
    let file = try TemporaryFile()
    let (store, sink) = try makeRecordedChecklist()
    store.send(.add("Bread"))
    try file.write(sink.log().jsonLines)
    let pageURL = file.directory.appending(path: "timeline.html")

    let log = try SessionLog(contentsOf: file.url)
    try SessionInspector.html(for: log).write(to: pageURL, atomically: true, encoding: .utf8)

    #expect(try String(contentsOf: pageURL, encoding: .utf8).contains("<!doctype html>"))
  }
}
