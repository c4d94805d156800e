import Foundation
import Testing
import UniflowDevTools
import UniflowTesting

@MainActor
@Suite struct SessionRecorderTests {
  @Test func logStartsWithHeaderAndInitialStateThenOneLinePerAction() throws {
    let (store, sink) = try makeRecordedChecklist()
    store.send(.add("Milk"))
    store.send(.toggle(id: 1))
    let lines = try sink.log().jsonLines.split(separator: "\n").map(String.init)
    try #require(lines.count == 4)
    #expect(
      lines[0]
        == #"{"app":"checklist","format":"uniflow-session","start":"2027-01-15T08:00:00.000Z","version":1}"#)
    #expect(lines[1] == #"{"state":{"isLoading":false,"items":[],"nextID":1}}"#)
    #expect(
      lines[2] == #"{"seq":1,"time":0.000000,"name":"add","cause":null,"action":{"add":{"_0":"Milk"}},"#
        + #""patch":[{"op":"add","path":"/items/0","value":{"id":1,"isDone":false,"title":"Milk"}},"#
        + #"{"op":"replace","path":"/nextID","value":2}]}"#)
    #expect(
      lines[3] == #"{"seq":2,"time":0.000000,"name":"toggle","cause":null,"#
        + #""action":{"toggle":{"id":1}},"patch":[{"op":"replace","path":"/items/0/isDone","value":true}]}"#)
  }

  @Test func stepTimesComeFromTheInjectedClock() async throws {
    let clock = TestClock()
    let sink = RingBufferSessionSink(capacity: 10)
    let recorder = try SessionRecorder<Checklist.State, Checklist.Action>(
      appName: "checklist", initialState: Checklist.State(), sink: sink, clock: clock)
    let store = Store(
      initialState: Checklist.State(), reducer: Checklist(), middleware: [recorder.middleware])
    await clock.advance(by: .milliseconds(1500))
    store.send(.add("Milk"))
    #expect(sink.steps.map(\.time) == [1.5])
  }

  @Test func nestedCaseNamesAreReadableWithoutACustomEncoder() throws {
    let (store, sink) = try makeRecordedChecklist()
    store.send(.filter(.open))
    store.send(.clearDone)
    #expect(sink.steps.map(\.name) == ["filter.open", "clearDone"])
    #expect(sink.steps[0].action == ["filter": ["_0": ["open": [:]]]])
  }

  @Test func actionsSentSynchronouslyByAnEffectNameTheirCause() throws {
    let (store, sink) = try makeRecordedChecklist()
    store.send(.add("a"))
    store.send(.add("b"))
    store.send(.add("c"))
    store.send(.toggle(id: 1))
    store.send(.toggle(id: 3))
    store.send(.clearDone)
    let steps = sink.steps
    #expect(steps.map(\.name) == ["add", "add", "add", "toggle", "toggle", "clearDone", "remove", "remove"])
    #expect(steps.map(\.cause) == [nil, nil, nil, nil, nil, nil, 6, 6])
    #expect(steps.map(\.isSentByEffect) == [false, false, false, false, false, false, true, true])
  }

  @Test func actionsSentLaterByAnAsynchronousEffectNameTheirCause() async throws {
    let stored = [Checklist.Item(id: 7, title: "Bread")]
    let (store, sink) = try makeRecordedChecklist(Checklist(stored: stored))
    store.send(.add("Milk"))
    await store.send(.load).finish()
    store.send(.add("Eggs"))
    #expect(sink.steps.map(\.name) == ["add", "load", "loaded", "add"])
    #expect(sink.steps.map(\.cause) == [nil, nil, 2, nil])
  }

  @Test func userActionEqualToAPendingEffectActionIsNotMistakenForIt() async throws {
    let (store, sink) = try makeRecordedChecklist(Checklist(stored: []))
    let task = store.send(.load)
    // Sent by the user before the effect's `loaded([])` arrives: the effect's own comes later.
    store.send(.loaded([]))
    await task.finish()
    #expect(sink.steps.map(\.name) == ["load", "loaded", "loaded"])
    // The store tells which is which: the user's has no cause, the effect's names the load.
    #expect(sink.steps.map(\.cause) == [nil, nil, 1])
  }

  @Test func twoEqualActionsFromDifferentEffectsKeepTheirOwnCauses() async throws {
    let (store, sink) = try makeRecordedChecklist(Checklist(stored: []))
    let first = store.send(.load)
    let second = store.send(.load)
    await first.finish()
    await second.finish()
    #expect(sink.steps.map(\.name) == ["load", "load", "loaded", "loaded"])
    // Each `loaded([])` is the same value; each names the load whose effect sent it.
    #expect(Set(sink.steps.suffix(2).compactMap(\.cause)) == [1, 2])
  }

  @Test func fileSinkWritesEachLineAsSoonAsTheActionIsRecorded() throws {
    let file = try TemporaryFile()
    let recorder = try SessionRecorder<Checklist.State, Checklist.Action>(
      appName: "checklist", initialState: Checklist.State(), sink: FileSessionSink(url: file.url),
      clock: TestClock())
    let store = Store(
      initialState: Checklist.State(), reducer: Checklist(),
      middleware: [recorder.middleware])
    #expect(try file.text.split(separator: "\n").count == 2)
    store.send(.add("Milk"))
    // No close, no flush: the line is in the file already.
    let text = try file.text
    #expect(text.hasSuffix("\n"))
    #expect(text.split(separator: "\n").count == 3)
    let log = try SessionLog(parsing: text, expectedApp: "checklist")
    #expect(log.steps.map(\.name) == ["add"])
    #expect(try log.state(after: 1, as: Checklist.State.self) == store.state)
    #expect(recorder.failure == nil)
  }

  @Test func ringBufferKeepsTheLastActionsAndTheStateBeforeThem() throws {
    let (store, sink) = try makeRecordedChecklist(capacity: 3)
    for title in ["a", "b", "c", "d", "e"] { store.send(.add(title)) }
    #expect(sink.count == 3)
    #expect(sink.droppedCount == 2)
    let log = try sink.log()
    #expect(log.steps.map(\.sequenceNumber) == [3, 4, 5])
    let before = try log.state(after: 0, as: Checklist.State.self)
    #expect(before.items.map(\.title) == ["a", "b"])
    #expect(try log.state(after: 3, as: Checklist.State.self) == store.state)
  }

  @Test func everyRecordedStateRebuildsFromThePatches() throws {
    let (store, sink) = try makeRecordedChecklist()
    var states = [store.state]
    for index in 0..<600 {
      switch index % 4 {
      case 0, 1: store.send(.add("item \(index)"))
      case 2: store.send(.toggle(id: index / 2))
      default: store.send(.remove(id: index / 3))
      }
      states.append(store.state)
    }
    let log = try sink.log()
    for count in [0, 1, 255, 256, 257, 511, 512, 599, 600] {
      #expect(try log.state(after: count, as: Checklist.State.self) == states[count])
    }
  }

  @Test func stateThatFailsToEncodeIsKeptAsTheFailureAndRecordingGoesOn() throws {
    struct Flaky: Reducer {
      struct State: Encodable {
        var value = 0.0
      }
      enum Action: Encodable { case set(Double) }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        guard case .set(let value) = action else { return .none }
        state.value = value
        return .none
      }
    }
    let sink = RingBufferSessionSink(capacity: 10)
    let recorder = try SessionRecorder<Flaky.State, Flaky.Action>(
      appName: "flaky", initialState: Flaky.State(), sink: sink, clock: TestClock())
    let store = Store(
      initialState: Flaky.State(), reducer: Flaky(),
      middleware: [recorder.middleware])
    store.send(.set(.nan))
    store.send(.set(1))
    #expect(recorder.failure is EncodingError)
    #expect(recorder.stepCount == 2)
    #expect(sink.steps.map(\.sequenceNumber) == [2])
  }
}

/// A failed encode or write skips its step, and the steps after it stay true to the store.
@MainActor
@Suite struct SessionRecorderFailureTests {
  /// Two counters, each action adds one to its own.
  struct Counters: Reducer {
    struct State: Codable, Equatable {
      var a = 0
      var b = 0
      /// When set, the state fails to encode.
      var isUnencodable = false

      func encode(to encoder: any Encoder) throws {
        guard !isUnencodable else {
          throw EncodingError.invalidValue(
            self, EncodingError.Context(codingPath: [], debugDescription: "unencodable"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(a, forKey: .a)
        try container.encode(b, forKey: .b)
      }

      private enum CodingKeys: String, CodingKey { case a, b }
    }
    enum Action: Codable { case a, b, unencodable, encodable }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .a: state.a += 1
      case .b: state.b += 1
      case .unencodable: state.isUnencodable = true
      case .encodable: state.isUnencodable = false
      }
      return .none
    }
  }

  /// A sink that fails the writes of the steps it is told to, then keeps the rest.
  final class FlakySink: SessionSink {
    struct Failure: Error, Equatable {}
    let failing: Set<Int>
    let kept = RingBufferSessionSink(capacity: 100)
    init(failing: Set<Int>) { self.failing = failing }
    func write(_ entry: SessionEntry) throws {
      if case .step(let step) = entry, failing.contains(step.sequenceNumber) { throw Failure() }
      try kept.write(entry)
    }
  }

  @Test func aFailedWriteSkipsItsStepAndTheNextStepsChangeStartsFromTheLastStateWritten() throws {
    let sink = FlakySink(failing: [1])
    let recorder = try SessionRecorder<Counters.State, Counters.Action>(
      appName: "counters", initialState: Counters.State(), sink: sink, clock: TestClock())
    let store = Store(
      initialState: Counters.State(), reducer: Counters(), middleware: [recorder.middleware])
    store.send(.a)
    store.send(.b)
    #expect(recorder.failure as? FlakySink.Failure == FlakySink.Failure())
    #expect(recorder.stepCount == 2)
    #expect(recorder.skippedStepCount == 1)
    let log = try sink.kept.log()
    #expect(log.steps.map(\.sequenceNumber) == [2])
    #expect(log.state(after: 1) == ["a": 1, "b": 1])
    #expect(try log.state(after: 1, as: Counters.State.self) == store.state)
  }

  @Test func aFailedEncodeSkipsItsStepAndTheNextStepsChangeStartsFromTheLastStateWritten() throws {
    let sink = RingBufferSessionSink(capacity: 100)
    let recorder = try SessionRecorder<Counters.State, Counters.Action>(
      appName: "counters", initialState: Counters.State(), sink: sink, clock: TestClock())
    let store = Store(
      initialState: Counters.State(), reducer: Counters(), middleware: [recorder.middleware])
    store.send(.a)
    store.send(.unencodable)
    store.send(.b)
    store.send(.encodable)
    #expect(recorder.failure is EncodingError)
    #expect(recorder.skippedStepCount == 2)
    let log = try sink.log()
    #expect(log.steps.map(\.sequenceNumber) == [1, 4])
    #expect(log.state(after: 1) == ["a": 1, "b": 0])
    #expect(log.state(after: 2) == ["a": 1, "b": 1])
    #expect(try log.state(after: 2, as: Counters.State.self) == store.state)
  }
}

/// Dates in a log read as dates: ISO 8601 strings, as `todo list --json` prints them.
@MainActor
@Suite struct SessionRecorderDateTests {
  struct Diary: Reducer {
    struct State: Codable, Equatable {
      var entries: [Date] = []
    }
    enum Action: Codable { case write(Date) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      guard case .write(let date) = action else { return .none }
      state.entries.append(date)
      return .none
    }
  }

  @Test func datesAreRecordedAsISO8601StringsAndReplay() throws {
    let sink = RingBufferSessionSink(capacity: 10)
    let recorder = try SessionRecorder<Diary.State, Diary.Action>(
      appName: "diary", initialState: Diary.State(), sink: sink, clock: TestClock())
    let store = Store(initialState: Diary.State(), reducer: Diary(), middleware: [recorder.middleware])
    // 2027-01-15T08:00:00.123456Z: the microseconds round to the millisecond.
    store.send(.write(Date(timeIntervalSince1970: 1_800_000_000.123456)))
    // 0.0015 s: a value that truncating would write as .001 and read back as .000999….
    store.send(.write(Date(timeIntervalSince1970: 1_800_000_000.0015)))
    let log = try sink.log()
    #expect(log.steps[0].action == ["write": ["_0": "2027-01-15T08:00:00.123Z"]])
    #expect(log.state(after: 2) == ["entries": ["2027-01-15T08:00:00.123Z", "2027-01-15T08:00:00.002Z"]])
    let decoded = try log.state(after: 2, as: Diary.State.self)
    #expect(
      decoded.entries.map { ($0.timeIntervalSince1970 * 1000).rounded() } == [
        1_800_000_000_123, 1_800_000_000_002,
      ])
    #expect(Replay(log, reducer: Diary()).run().isMatch)
  }

  @Test func datesOfLogsRecordedAsNumbersStillDecode() throws {
    let text = """
      {"app":"diary","format":"uniflow-session","start":"2027-01-15T08:00:00.000Z","version":1}
      {"state":{"entries":[]}}
      {"seq":1,"time":0,"name":"write","cause":null,"action":{"write":{"_0":820000000}},"patch":[{"op":"add","path":"/entries/0","value":820000000}]}

      """
    let log = try SessionLog(parsing: text, expectedApp: "diary")
    let state = try log.state(after: 1, as: Diary.State.self)
    #expect(state.entries == [Date(timeIntervalSinceReferenceDate: 820_000_000)])
  }
}

/// Actions whose leaf cases sit under every kind of payload: a stack element's id and action, a
/// tuple, a struct that wraps an action, a struct that is a model holding an enum.
private struct Shelf: Reducer {
  enum Kind: Equatable, Codable { case book, record }
  struct Item: Equatable, Codable {
    var title: String
    var kind: Kind
    var count: Int
  }
  struct Screen: Reducer {
    enum Action: Equatable, Codable {
      case edit(Edit)
      case save
      case saved(Item, count: Int)
    }
    enum Edit: Equatable, Codable { case insert(String), deleteBackward }
    func reduce(into state: inout Item, action: Action) -> Effect<Action> { .none }
  }
  struct Delegate: Equatable, Codable { var event: Event }
  enum Event: Equatable, Codable { case opened, closed }
  enum Outcome: Equatable, Codable { case added(Item), removed(Int) }

  struct State: Equatable, Codable {
    var path = StackState<Item>()
  }
  enum Action: Equatable, Codable {
    case path(StackAction<Item, Screen.Action>)
    case finished(Outcome, contents: [Item])
    case delegate(Delegate)
    case loaded(Item)
    case move(from: Kind, to: Kind)

    static let pathCase = ActionCase(embed: Action.path) {
      if case .path(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { _, _ in .none }
      .forEach(\.path, action: Action.pathCase) { Screen() }
  }
}

@MainActor
@Suite struct ActionNameTests {
  @Test func everyActionIsNamedDownToItsLeafCase() throws {
    let sink = RingBufferSessionSink(capacity: 20)
    let recorder = try SessionRecorder<Shelf.State, Shelf.Action>(
      appName: "shelf", initialState: Shelf.State(), sink: sink)
    let store = Store(initialState: Shelf.State(), reducer: Shelf(), middleware: [recorder.middleware])
    let dune = Shelf.Item(title: "Dune", kind: .book, count: 1)
    store.send(.path(.push(dune)))
    store.send(.path(.element(id: 0, action: .edit(.insert("!")))))
    store.send(.path(.element(id: 0, action: .save)))
    store.send(.path(.element(id: 0, action: .saved(dune, count: 2))))
    store.send(.path(.popFrom(id: 0)))
    store.send(.finished(.added(dune), contents: [dune]))
    store.send(.delegate(Shelf.Delegate(event: .closed)))
    store.send(.loaded(dune))
    store.send(.move(from: .book, to: .record))
    #expect(
      sink.steps.map(\.name) == [
        "path.push", "path.element.edit.insert", "path.element.save", "path.element.saved",
        "path.popFrom", "finished.added", "delegate.closed", "loaded", "move",
      ])
  }
}
