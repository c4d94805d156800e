import Foundation
import Testing
import UniflowDevTools
import UniflowTesting

/// A memo whose title undoes: recordable, with its history in its state.
private struct Memo: Reducer {
  struct State: Equatable, Codable {
    var title = ""
    var history = UndoHistory()
  }
  enum Action: Equatable, Codable {
    case rename(String)
    case undo(UndoAction)

    static let undoCase = ActionCase(embed: Action.undo) {
      if case .undo(let action) = $0 { action } else { nil }
    }
  }

  let clock: any Clock<Duration>

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .rename(let title) = action { state.title = title }
      return .none
    }
    .undoable(
      history: \.history, action: Action.undoCase, tracking: [.value(\.title)], clock: clock
    ) { action in
      switch action {
      case .rename: .step("Rename")
      case .undo: .ignored
      }
    }
  }
}

@MainActor
@Suite struct UndoRecordingTests {
  @Test func undoAndRedoAreRecordedAsActionsWithTheirChangesAndReplay() throws {
    let sink = RingBufferSessionSink(capacity: 10)
    let recorder = try SessionRecorder<Memo.State, Memo.Action>(
      appName: "memo", initialState: Memo.State(), sink: sink,
      startDate: Date(timeIntervalSince1970: 1_800_000_000), clock: TestClock())
    let store = Store(
      initialState: Memo.State(), reducer: Memo(clock: TestClock()),
      middleware: [recorder.middleware])
    store.send(.rename("Plan"))
    store.send(.undo(.undo))
    store.send(.undo(.redo))

    let steps = sink.steps
    #expect(steps.map(\.name) == ["rename", "undo.undo", "undo.redo"])
    #expect(
      steps[1].jsonLine.hasSuffix(
        #""patch":[{"op":"add","path":"/history/redo/0","value":"Rename"},"#
          + #"{"op":"remove","path":"/history/undo/0"},{"op":"replace","path":"/title","value":""}]}"#
      ))

    Replay(try sink.log(), reducer: Memo(clock: TestClock())).assertMatches()
  }
}
