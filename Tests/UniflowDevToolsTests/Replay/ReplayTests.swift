import Foundation
import Testing
import UniflowDevTools

@MainActor
@Suite struct ReplayTests {
  /// A session with user actions, synchronous follow-ups and an asynchronous effect.
  func recordedLog() async throws -> SessionLog {
    let stored = [Checklist.Item(id: 1, title: "Bread"), Checklist.Item(id: 2, title: "Jam")]
    let (store, sink) = try makeRecordedChecklist(Checklist(stored: stored))
    await store.send(.load).finish()
    store.send(.add("Milk"))
    store.send(.toggle(id: 1))
    store.send(.toggle(id: 3))
    store.send(.clearDone)
    return try sink.log()
  }

  @Test func replayOfAnUnchangedFeatureMatchesEveryStep() async throws {
    let log = try await recordedLog()
    // The replay runs no effects, so the fake needs no data: `loaded` comes from the log.
    let result = Replay(log, reducer: Checklist()).run()
    #expect(result.isMatch)
    #expect(result.matchedStepCount == 8)
    #expect(result.recordedStepCount == 8)
    #expect(result.divergence == nil)
    #expect(result.error == nil)
  }

  @Test func changedBehaviourIsReportedAtTheFirstDifferingStep() async throws {
    let log = try await recordedLog()
    let result = Replay(log, reducer: Checklist(togglesRename: true)).run()
    #expect(!result.isMatch)
    #expect(result.matchedStepCount == 3)
    let divergence = try #require(result.divergence)
    #expect(divergence.stepCount == 4)
    #expect(divergence.actionName == "toggle")
    #expect(divergence.line == 6)
    #expect(divergence.differences == [#"items[0].title: expected "Bread", actual "Bread!""#])
    #expect(
      divergence.description == """
        line 6: after step 4 (toggle) the state differs from the recording:
          items[0].title: expected "Bread", actual "Bread!"
        """)
  }

  @Test func recordedSessionAsARegressionTestPasses() async throws {
    let log = try await recordedLog()
    Replay(log, reducer: Checklist()).assertMatches()
  }

  @Test func recordedSessionAsARegressionTestFailsReadablyWhenBehaviourChanged() async throws {
    let log = try await recordedLog()
    let failures = capturingFailures {
      Replay(log, reducer: Checklist(togglesRename: true)).assertMatches()
    }
    #expect(failures.count == 1)
    let text = failures.first ?? ""
    #expect(text.contains("The recorded session does not replay: replayed 3 of 8 recorded steps"))
    #expect(text.contains("line 6: after step 4 (toggle) the state differs from the recording:"))
    #expect(text.contains(#"items[0].title: expected "Bread", actual "Bread!""#))
  }

  @Test func actionThatNoLongerDecodesStopsTheReplayNamingItsLine() async throws {
    var lines = try await recordedLog().jsonLines.split(separator: "\n").map(String.init)
    // The case `add` was renamed since the recording.
    lines[4] = lines[4].replacing(#"{"add":"#, with: #"{"append":"#)
    let log = try SessionLog(parsing: lines.joined(separator: "\n") + "\n")
    let result = Replay(log, reducer: Checklist()).run()
    #expect(result.matchedStepCount == 2)
    #expect(result.divergence == nil)
    guard case .undecodableAction(let line, let name, _) = result.error else {
      Issue.record("expected an undecodable action, got \(String(describing: result.error))")
      return
    }
    #expect(line == 5)
    #expect(name == "add")
    #expect(!result.isMatch)
  }

  @Test func logCutShortReplaysUpToTheCutAndStillMatches() async throws {
    let text = try await recordedLog().jsonLines
    let log = try SessionLog(parsing: String(text.dropLast(10)))
    let result = Replay(log, reducer: Checklist()).assertMatches()
    #expect(result.matchedStepCount == 7)
    #expect(result.error == .truncatedLine(line: 10))
  }

  @Test func initialStateThatNoLongerDecodesIsReported() async throws {
    struct Other: Reducer {
      struct State: Codable, Equatable { var count = 0 }
      enum Action: Codable { case increment }
      func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
    }
    let log = try await recordedLog()
    let result = Replay(log, reducer: Other()).run()
    guard case .undecodableState(let line, let reason) = result.error else {
      Issue.record("expected an undecodable state, got \(String(describing: result.error))")
      return
    }
    #expect(line == 2)
    #expect(reason.contains("count"))
  }
}
