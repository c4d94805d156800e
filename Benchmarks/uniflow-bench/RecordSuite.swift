import Foundation
import Uniflow
import UniflowDevTools

// `record`: what recording a session costs per action.
//
// Subject: a store of 1 000 todos recorded by a SessionRecorder (its middleware and its
// reducer wrapper) into an in-memory ring buffer of the last 1 000 actions; each action
// toggles one todo.
// Baseline: the same store and action, not recorded.
//
// Recording encodes the action and the whole state, and diffs the state against the previous
// one to write a one-operation JSON Patch. Two figures timed outside the harness split the
// cost: encoding the state as a JSONValue and diffing two such states, each over the same
// number of actions.

extension Suite {
  static var record: Suite {
    Suite(
      name: "record",
      summary: "an action on 1 000 todos, recorded to a ring buffer vs. not recorded",
      goal: nil,
      run: runRecordSuite)
  }
}

private struct TodoList: Reducer {
  struct Todo: Codable {
    var id: Int
    var title: String
    var isDone = false
  }

  struct State: Codable {
    var todos: [Todo]
    var filter = "all"

    init(count: Int) {
      todos = (0..<count).map { Todo(id: $0, title: "Todo number \($0)") }
    }

    var doneCount: Int { todos.count(where: \.isDone) }
  }

  enum Action: Codable { case toggle(index: Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle(let index): state.todos[index].isDone.toggle()
    }
    return .none
  }
}

private let todoCount = 1_000
private let bufferCapacity = 1_000

/// Toggles the todos of a store one after another, wrapping around.
@MainActor
private final class Toggler {
  let store: Store<TodoList.State, TodoList.Action>
  private var next = 0
  private(set) var actions = 0

  init(recorder: SessionRecorder<TodoList.State, TodoList.Action>?) {
    let state = TodoList.State(count: todoCount)
    if let recorder {
      store = Store(
        initialState: state, reducer: TodoList(),
        middleware: [recorder.middleware])
    } else {
      store = Store(initialState: state, reducer: TodoList())
    }
  }

  func toggle(times: Int) {
    for _ in 0..<times {
      store.send(.toggle(index: next))
      next = next == todoCount - 1 ? 0 : next + 1
    }
    actions += times
  }

  /// How many todos must be done after ``actions`` toggles in order.
  var expectedDoneCount: Int {
    let rounds = actions / todoCount
    let remainder = actions % todoCount
    return rounds.isMultiple(of: 2) ? remainder : todoCount - remainder
  }
}

@MainActor
private func runRecordSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let sink = RingBufferSessionSink(capacity: bufferCapacity)
  // Recording cannot fail here: the state encodes and the sink keeps everything.
  let recorder = try! SessionRecorder<TodoList.State, TodoList.Action>(
    appName: "uniflow-bench", initialState: TodoList.State(count: todoCount), sink: sink)
  let recorded = Toggler(recorder: recorder)
  let plain = Toggler(recorder: nil)
  let comparison = await compare(
    Workload { recorded.toggle(times: $0) },
    against: Workload { plain.toggle(times: $0) },
    batch: .calibrated, settings: settings)

  var result = SuiteResult(comparison: comparison)
  result.note("todos", todoCount)
  result.check(
    "toggles_applied",
    recorded.store.state.doneCount == recorded.expectedDoneCount
      && plain.store.state.doneCount == plain.expectedDoneCount)
  result.check("steps_recorded", sink.count + sink.droppedCount, equals: recorded.actions)
  result.check("recording_failures", recorder.failure == nil ? 0 : 1, equals: 0)
  let steps = sink.steps
  result.check(
    "patch_operations", steps.map(\.patch.operations.count).reduce(0, +), per: steps.count, equals: 1)
  let split = measureEncodingAndDiff(actions: settings.repetitions * 20)
  result.note("encode_state_ns", split.encode)
  result.note("diff_state_ns", split.diff)
  return result
}

/// Times, per action, encoding the 1 000-todo state as a JSONValue, and diffing two such values
/// that differ in one todo, as the recorder does; returns nanoseconds for each.
@MainActor
private func measureEncodingAndDiff(actions: Int) -> (encode: Double, diff: Double) {
  var state = TodoList.State(count: todoCount)
  let clock = ContinuousClock()
  var encoded: [JSONValue] = []
  encoded.reserveCapacity(actions + 1)
  let encodeStart = clock.now
  for index in 0...actions {
    if index > 0 { state.todos[index % todoCount].isDone.toggle() }
    encoded.append(try! JSONValue(encoding: state))
  }
  let encodeTime = encodeStart.duration(to: clock.now)
  var operations = 0
  let diffStart = clock.now
  for index in 1...actions {
    operations += JSONPatch(from: encoded[index - 1], to: encoded[index]).operations.count
  }
  let diffTime = diffStart.duration(to: clock.now)
  blackHole(operations)
  func nanoseconds(_ duration: Duration, _ count: Int) -> Double {
    let (seconds, attoseconds) = duration.components
    return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(count)
  }
  return (nanoseconds(encodeTime, actions + 1), nanoseconds(diffTime, actions))
}
