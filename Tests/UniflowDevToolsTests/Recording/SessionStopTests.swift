import Foundation
import Testing
import UniflowDevTools

/// `ping` starts an effect that sends `pong`, whose effect sends `ping` again, with no wait.
private struct PingPong: Reducer {
  enum Action: Codable, Equatable { case ping, pong }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state += 1
    // A guard that fails lets the test fail here rather than run forever.
    guard state < 100_000 else { return .none }
    switch action {
    case .ping: return .run { send in await send(.pong) }
    case .pong: return .run { send in await send(.ping) }
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10)))
struct SessionStopTests {
  /// A store recorded into `sink`, whose diagnostics the recorder marks.
  private func makeRecordedLoop(sink: RingBufferSessionSink) throws -> Store<Int, PingPong.Action> {
    let recorder = try SessionRecorder<Int, PingPong.Action>(
      appName: "loop", initialState: 0, sink: sink,
      startDate: Date(timeIntervalSince1970: 0))
    return Store(
      initialState: 0, reducer: PingPong(), middleware: [recorder.middleware],
      configuration: StoreConfiguration(maximumEffectChainActions: 100) { diagnostic in
        recorder.record(diagnostic)
      })
  }

  @Test func recorderMarksWhereTheLoopGuardStoppedAChain() async throws {
    let sink = RingBufferSessionSink(capacity: 1_000)
    let store = try makeRecordedLoop(sink: sink)
    await store.send(.ping).finish()

    let log = try sink.log()
    let last = try #require(log.steps.last)
    #expect(log.stops.count == 1)
    #expect(log.stops.first?.after == last.sequenceNumber)
    #expect(log.stops.first?.message.contains("repeating cycle: ping → pong → ping") == true)
    // In the log, the mark is a line of its own right after the last action of the chain.
    let lines = log.jsonLines.split(separator: "\n")
    #expect(lines.last?.hasPrefix(#"{"stopped":{"after":\#(last.sequenceNumber),"message":"#) == true)
  }

  @Test func markIsReadBackFromALogAndReplayIgnoresIt() async throws {
    let sink = RingBufferSessionSink(capacity: 1_000)
    let store = try makeRecordedLoop(sink: sink)
    await store.send(.ping).finish()
    let written = try sink.log()

    let read = try SessionLog(parsing: written.jsonLines)
    #expect(read.stops == written.stops)
    #expect(read.steps.map(\.sequenceNumber) == written.steps.map(\.sequenceNumber))
    #expect(read.skippedLines.isEmpty)
    #expect(read.jsonLines == written.jsonLines)
  }

  @Test func otherDiagnosticsAreNotRecorded() throws {
    let sink = RingBufferSessionSink(capacity: 10)
    let recorder = try SessionRecorder<Int, PingPong.Action>(
      appName: "loop", initialState: 0, sink: sink)
    recorder.record(.unhandledEffectError("offline"))
    recorder.record(.dismissalIgnored("nothing presents it"))
    #expect(try sink.log().stops.isEmpty)
  }

  @Test func markWithoutItsFieldsIsASkippedLineWithTheReason() throws {
    let text = """
      {"app":"loop","format":"uniflow-session","start":"2027-01-15T08:00:00.000Z","version":1}
      {"state":0}
      {"seq":1,"time":0.000000,"name":"ping","cause":null,"action":{"ping":{}},"patch":[]}
      {"stopped":{"after":1}}

      """
    let log = try SessionLog(parsing: text)
    #expect(log.steps.count == 1)
    #expect(log.stops.isEmpty)
    #expect(
      log.skippedLines == [
        SessionLog.SkippedLine(
          error: .malformedLine(
            line: 4, reason: #"a "stopped" mark needs "after" and "message""#),
          stepsBefore: 1)
      ])
  }

  @Test func inspectorPageCarriesTheMarksEscaped() throws {
    let text = """
      {"app":"loop","format":"uniflow-session","start":"2027-01-15T08:00:00.000Z","version":1}
      {"state":0}
      {"seq":1,"time":0.000000,"name":"ping","cause":null,"action":{"ping":{}},"patch":[]}
      {"stopped":{"after":1,"message":"stopped <here>"}}

      """
    let page = SessionInspector.html(for: try SessionLog(parsing: text))
    let data = try #require(
      page.firstRange(of: #","stops":"#).map { String(page[$0.lowerBound...].prefix(80)) })
    #expect(data.hasPrefix(#","stops":[{"after":1,"message":"stopped \u003chere\u003e"}],"effects":[]}"#))
  }
}
