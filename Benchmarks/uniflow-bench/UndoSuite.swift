import Foundation
import Uniflow

// `undo`: what recording an undo step costs when the state is bigger.
//
// Subject: an undoable store whose state holds 10 000 rows in an IdentifiedArray tracked by
// identifier; each action edits one row (an action addressed to the row), which records a
// step. Baseline: the same store and action with 10 rows.
//
// A step copies the edited row before the action and keeps its old value; had the history held
// the collection across the action, the edit would copy all 10 000 rows and the ratio would be
// in the hundreds. Both sides keep the default 100 steps, so each also drops its oldest.
//
// An untimed pass then makes 10 000 edits of the 10 000-row state with room for every step and
// reports what the history holds: its own estimate of the recorded bytes (checked: one row and
// its identifier per step), what 10 000 whole copies of the rows would take, and the growth of
// the process's resident memory over the pass, where the platform tells it.

extension Suite {
  static var undo: Suite {
    Suite(
      name: "undo",
      summary: "recording an undo step on a 10 000-row state vs. a 10-row one",
      goal: 2,
      run: runUndoSuite)
  }
}

private struct Row: Identifiable, Equatable, Sendable {
  let id: Int
  var text: String
}

private struct RowEditor: Reducer {
  enum Action { case edit(String) }

  func reduce(into row: inout Row, action: Action) -> Effect<Action> {
    switch action {
    case .edit(let text): row.text = text
    }
    return .none
  }
}

private struct Sheet: Reducer {
  struct State {
    var rows: IdentifiedArray<Row>
    var history = UndoHistory()

    init(count: Int) {
      rows = IdentifiedArray(uniqueElements: (0..<count).map { Row(id: $0, text: "row \($0)") })
    }
  }

  enum Action {
    case rows(IdentifiedAction<Int, RowEditor.Action>)
    case undo(UndoAction)

    static let rowsCase = ActionCase(embed: Action.rows) {
      if case .rows(let action) = $0 { action } else { nil }
    }
    static let undoCase = ActionCase(embed: Action.undo) {
      if case .undo(let action) = $0 { action } else { nil }
    }
  }

  let limit: UndoLimit

  var body: some Reducer<State, Action> {
    EmptyReducer()
      .forEach(\.rows, action: Action.rowsCase) {
        RowEditor()
      }
      .undoable(
        history: \.history, action: Action.undoCase,
        tracking: [.rows(\.rows, action: Action.rowsCase)], clock: PausedClock(), limit: limit
      ) { action in
        switch action {
        case .rows: .step("Edit")
        case .undo: .ignored
        }
      }
  }
}

private let largeCount = 10_000
private let smallCount = 10
private let texts = ["first", "second"]

/// Edits the rows of a store one after another, wrapping around, each edit a step.
@MainActor
private final class Editor {
  let store: Store<Sheet.State, Sheet.Action>
  let count: Int
  private var next = 0
  private(set) var actions = 0

  init(count: Int, limit: UndoLimit = UndoLimit()) {
    self.count = count
    store = Store(initialState: Sheet.State(count: count), reducer: Sheet(limit: limit))
  }

  func edit(times: Int) {
    for _ in 0..<times {
      let text = texts[(actions / count) % 2]
      store.send(.rows(.element(id: next, action: .edit(text))))
      next = next == count - 1 ? 0 : next + 1
      actions += 1
    }
  }
}

// Batches of their own, never inlined, so that a profiler can count one side alone.

@MainActor
@inline(never)
private func editLarge(_ editor: Editor, times: Int) {
  editor.edit(times: times)
}

@MainActor
@inline(never)
private func editSmall(times: Int, _ editor: Editor) {
  editor.edit(times: times)
}

/// The process's resident memory in bytes, where the platform tells it.
private func residentBytes() -> Int? {
  guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
    let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
  else { return nil }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

@MainActor
private func runUndoSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let large = Editor(count: largeCount)
  let small = Editor(count: smallCount)
  let comparison = await compare(
    Workload { editLarge(large, times: $0) },
    against: Workload { editSmall(times: $0, small) },
    batch: .calibrated, settings: settings)

  var result = SuiteResult(comparison: comparison)
  result.check("steps_kept", large.store.state.history.undoLabels.count, equals: 100)
  result.check("baseline_steps_kept", small.store.state.history.undoLabels.count, equals: 100)

  // 10 000 steps of the 10 000-row state, every one kept.
  let before = residentBytes()
  let kept = Editor(count: largeCount, limit: UndoLimit(steps: largeCount))
  kept.edit(times: largeCount)
  let after = residentBytes()
  let perStep = MemoryLayout<Row>.stride + MemoryLayout<Int>.stride
  let history = kept.store.state.history
  result.check("steps_recorded", history.undoLabels.count, equals: largeCount)
  result.check("recorded_bytes_10000_steps", history.recordedBytes, equals: largeCount * perStep)
  result.note("whole_copies_bytes_10000_steps", largeCount * largeCount * MemoryLayout<Row>.stride)
  if let before, let after { result.note("resident_growth_bytes_10000_steps", after - before) }

  for _ in 0..<largeCount { kept.store.send(.undo(.undo)) }
  let restored = kept.store.state.rows.allSatisfy { $0.text == "row \($0.id)" }
  result.check("all_steps_undone_to_the_start", restored)
  return result
}
