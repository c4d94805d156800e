import Foundation
import Testing
import UniflowDevTools

/// `start` runs an effect that waits for `gate` and then sends `done`; `cancel` cancels it.
private struct Gated: Reducer {
  enum Action: Codable, Equatable { case start, done, cancel }
  let gate: AsyncStream<Void>

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      let gate = gate
      return .run { send in
        for await _ in gate { break }
        guard !Task.isCancelled else { return }
        await send(.done)
      }
      .cancellable(id: "work")
    case .done:
      state += 1
      return .none
    case .cancel:
      return .cancel(id: "work")
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10)))
struct SessionEffectTests {
  private func makeRecordedStore(
    sink: RingBufferSessionSink, gate: AsyncStream<Void>
  ) throws -> Store<Int, Gated.Action> {
    let recorder = try SessionRecorder<Int, Gated.Action>(
      appName: "gated", initialState: 0, sink: sink, startDate: Date(timeIntervalSince1970: 0))
    var configuration = StoreConfiguration()
    configuration.effectEventHandler = { recorder.record($0) }
    return Store(
      initialState: 0, reducer: Gated(gate: gate), middleware: [recorder.middleware],
      configuration: configuration)
  }

  @Test func effectStartAndFinishAreRecordedWithTheActionThatStartedThem() async throws {
    let sink = RingBufferSessionSink(capacity: 100)
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let store = try makeRecordedStore(sink: sink, gate: gate)
    let task = store.send(.start)
    open.yield()
    await task.finish()

    let log = try SessionLog(parsing: try sink.log().jsonLines)
    #expect(log.effects.map(\.kind) == [.start, .finish])
    #expect(log.effects.map(\.cause) == [1, 1])
    #expect(Set(log.effects.map(\.id)).count == 1)
    #expect(log.steps.map(\.name) == ["start", "done"])
    #expect(log.skippedLines.isEmpty)
  }

  @Test func cancelledEffectIsRecordedAsCancelled() async throws {
    let sink = RingBufferSessionSink(capacity: 100)
    let (gate, _) = AsyncStream.makeStream(of: Void.self)
    let store = try makeRecordedStore(sink: sink, gate: gate)
    let task = store.send(.start)
    store.send(.cancel)
    await task.finish()

    let log = try sink.log()
    #expect(log.effects.map(\.kind) == [.start, .cancel])
    #expect(log.effects.first?.after == 0)
    #expect(log.effects.last?.after == 2)
  }

  @Test func logWithEffectLinesReadsAndReplaysAndOlderLogsStillRead() throws {
    let text = """
      {"format":"uniflow-session","version":1,"app":"gated","start":"1970-01-01T00:00:00.000Z"}
      {"state":0}
      {"seq":1,"time":0.1,"name":"start","cause":null,"action":{"start":{}},"patch":[]}
      {"effect":{"id":0,"kind":"start","cause":1,"after":1,"time":0.100001}}
      {"effect":{"id":0,"kind":"finish","cause":1,"after":1,"time":0.2}}
      {"seq":2,"time":0.2,"name":"done","cause":1,"action":{"done":{}},"patch":[{"op":"replace","path":"","value":1}]}

      """
    let log = try SessionLog(parsing: text)
    #expect(log.skippedLines.isEmpty)
    #expect(log.effects.count == 2)
    #expect(log.steps.count == 2)
    // Written back, an effect line comes before the next step.
    #expect(try SessionLog(parsing: log.jsonLines).effects == log.effects)

    let older = text.split(separator: "\n").filter { !$0.contains("\"effect\"") }
      .joined(separator: "\n")
    #expect(try SessionLog(parsing: older).effects.isEmpty)
  }

  @Test func effectLineWithoutItsFieldsIsSkippedWithItsReason() throws {
    let text = """
      {"format":"uniflow-session","version":1,"app":"gated","start":"1970-01-01T00:00:00.000Z"}
      {"state":0}
      {"effect":{"id":0,"kind":"begin","cause":1,"after":1,"time":0.1}}

      """
    let log = try SessionLog(parsing: text)
    #expect(log.effects.isEmpty)
    #expect(
      log.issue
        == .malformedLine(
          line: 3,
          reason:
            #"an "effect" line needs "id", "kind" (start, finish or cancel), "cause", "after" and "time""#))
  }
}

@Suite struct SessionEffectPageTests {
  @Test func inspectorPageCarriesTheEffects() throws {
    let text = """
      {"format":"uniflow-session","version":1,"app":"gated","start":"1970-01-01T00:00:00.000Z"}
      {"state":0}
      {"effect":{"id":7,"kind":"start","cause":1,"after":0,"time":0.1}}
      {"seq":1,"time":0.1,"name":"start","cause":null,"action":{"start":{}},"patch":[]}
      {"effect":{"id":7,"kind":"cancel","cause":1,"after":1,"time":0.2}}

      """
    let page = SessionInspector.html(for: try SessionLog(parsing: text))
    #expect(
      page.contains(
        #","effects":[{"id":7,"kind":"start","cause":1,"time":0.100000},"#
          + #"{"id":7,"kind":"cancel","cause":1,"time":0.200000}]}"#))
  }
}
