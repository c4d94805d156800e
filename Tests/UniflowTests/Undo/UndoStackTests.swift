import Testing
import Uniflow
import UniflowTesting

/// A screen whose work outlives the action that started it: `start` ticks it a second later.
private struct TickingScreen: Reducer {
  struct State: Equatable, Sendable {
    var name: String
    var ticks = 0
  }
  enum Action: Equatable, Sendable {
    case start
    case tick
  }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// A stack of screens whose pushes and pops undo reverts: the history tracks the stack itself,
/// around the stack's `forEach`, as an app combining the two writes it.
private struct UndoableNavigator: Reducer {
  struct State: Equatable {
    var path = StackState<TickingScreen.State>()
    var history = UndoHistory()
  }
  enum Action: Equatable, Sendable {
    case open(String)
    case path(StackAction<TickingScreen.State, TickingScreen.Action>)
    case undo(UndoAction)

    static let pathCase = ActionCase(embed: Action.path) {
      if case .path(let action) = $0 { action } else { nil }
    }
    static let undoCase = ActionCase(embed: Action.undo) {
      if case .undo(let action) = $0 { action } else { nil }
    }
  }

  let clock: any Clock<Duration>

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .open(let name) = action { state.path.append(TickingScreen.State(name: name)) }
      return .none
    }
    .forEach(\.path, action: Action.pathCase) {
      TickingScreen(clock: clock)
    }
    .undoable(
      history: \.history, action: Action.undoCase, tracking: [.value(\.path)], clock: clock
    ) { action in
      switch action {
      case .open: .step("Open")
      case .path(.popFrom): .step("Back")
      case .path, .undo: .ignored
      }
    }
  }
}

@MainActor
@Suite struct UndoStackTests {
  /// A test store that opened A (#0), then B (#1), and its clock.
  fileprivate func storeWithTwoScreens() async -> (
    TestStore<UndoableNavigator.State, UndoableNavigator.Action>, TestClock
  ) {
    let clock = TestClock()
    let store = TestStore(initialState: UndoableNavigator.State()) { UndoableNavigator(clock: clock) }
    await store.send(.open("A")) {
      $0.path[id: 0] = TickingScreen.State(name: "A")
      $0.history = UndoHistory(undo: ["Open"])
    }
    await store.send(.open("B")) {
      $0.path[id: 1] = TickingScreen.State(name: "B")
      $0.history = UndoHistory(undo: ["Open", "Open"])
    }
    return (store, clock)
  }

  @Test func undoingAPushCancelsTheScreensWorkAndNeverReusesItsIdentifier() async {
    let (store, clock) = await storeWithTwoScreens()
    await store.send(.path(.element(id: 1, action: .start)))

    // Undo takes B off the stack: its work ends with it, as for a pop.
    await store.send(.undo(.undo)) {
      $0.path[id: 1] = nil
      $0.history = UndoHistory(undo: ["Open"], redo: ["Open"])
    }
    // The next screen gets an identifier no screen had: B's cannot reach it.
    await store.send(.open("C")) {
      $0.path[id: 2] = TickingScreen.State(name: "C")
      $0.history = UndoHistory(undo: ["Open", "Open"])
    }
    // B's tick would come now, had its work gone on.
    await clock.advance(by: .seconds(1))
    #expect(store.state.path.ids == [0, 2])
  }

  @Test func undoingAPopBringsTheScreenBackUnderItsIdentifierAndRedoEndsItsWorkAgain() async {
    let (store, clock) = await storeWithTwoScreens()
    await store.send(.path(.popFrom(id: 1))) {
      $0.path[id: 1] = nil
      $0.history = UndoHistory(undo: ["Open", "Open", "Back"])
    }
    await store.send(.undo(.undo)) {
      // The stack as it was: A as #0, B as #1.
      $0.path = [TickingScreen.State(name: "A"), TickingScreen.State(name: "B")]
      $0.history = UndoHistory(undo: ["Open", "Open"], redo: ["Back"])
    }
    // B is back as #1: an action for it reaches it, and starts work of its own.
    await store.send(.path(.element(id: 1, action: .start)))
    // Redo pops B again: that work ends, as it does for a pop.
    await store.send(.undo(.redo)) {
      $0.path[id: 1] = nil
      $0.history = UndoHistory(undo: ["Open", "Open", "Back"])
    }
    await store.send(.open("C")) {
      $0.path[id: 2] = TickingScreen.State(name: "C")
      $0.history = UndoHistory(undo: ["Open", "Open", "Back", "Open"])
    }
    await clock.advance(by: .seconds(1))
  }

  @Test func redoingAfterANewPushNeverBringsBackAnIdentifierTwice() async {
    let clock = TestClock()
    let store = Store(initialState: UndoableNavigator.State(), reducer: UndoableNavigator(clock: clock))
    store.send(.open("A"))
    store.send(.open("B"))  // #1
    store.send(.undo(.undo))
    store.send(.path(.push(TickingScreen.State(name: "C"))))  // not recorded: the redo stays
    #expect(store.state.path.ids == [0, 2])
    store.send(.undo(.redo))  // B again, as #1; C, which redo took off, is gone
    #expect(store.state.path.ids == [0, 1])
    store.send(.open("D"))
    #expect(store.state.path.ids == [0, 1, 3])
  }

  @Test func aLateActionForAnUndoneScreenIsDroppedNotGivenToTheNewScreen() {
    let diagnostics = DiagnosticLog()
    let store = Store(
      initialState: UndoableNavigator.State(), reducer: UndoableNavigator(clock: TestClock()),
      configuration: diagnostics.configuration)
    store.send(.open("A"))
    store.send(.open("B"))
    store.send(.undo(.undo))
    store.send(.open("C"))
    store.send(.path(.element(id: 1, action: .tick)))
    #expect(store.state.path.map(\.ticks) == [0, 0])
    #expect(diagnostics.entries.map(\.description).count == 1)
    #expect(diagnostics.entries.first?.description.contains("no element #1") == true)
  }
}
