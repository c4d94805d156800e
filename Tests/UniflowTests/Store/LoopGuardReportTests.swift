import Testing
import Uniflow

/// A legitimate chain that counts down to zero, with `Equatable` actions.
private struct Countdown: Reducer {
  enum Action: Equatable { case step(Int) }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .step(let remaining):
      state += 1
      return remaining > 0 ? .send(.step(remaining - 1)) : .none
    }
  }
}

/// The same countdown with actions that are not `Equatable`.
private struct OpaqueCountdown: Reducer {
  enum Action { case step(Int) }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .step(let remaining):
      state += 1
      return remaining > 0 ? .send(.step(remaining - 1)) : .none
    }
  }
}

/// A cycle whose actions share a case and differ by payload: `toggle(true) → toggle(false)`.
private struct Flipper: Reducer {
  enum Action: Equatable {
    case start
    case toggle(Bool)
    case child(Child)
  }

  enum Child: Equatable {
    case ping
    case pong
  }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state += 1
    switch action {
    case .start: return .send(.toggle(true))
    case .toggle(let isOn): return isOn ? .send(.toggle(false)) : .send(.child(.ping))
    case .child(.ping): return .send(.child(.pong))
    case .child(.pong): return .send(.toggle(true))
    }
  }
}

/// `a → b → a`.
private struct PingPong: Reducer {
  enum Action: Equatable { case a, b }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state += 1
    return .send(action == .a ? .b : .a)
  }
}

/// A screen on a stack whose actions loop: `ping → pong → ping`.
private struct PingScreen: Reducer {
  enum Action: Equatable { case ping, pong }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state += 1
    return .send(action == .ping ? .pong : .ping)
  }
}

/// A stack of ``PingScreen``s.
private struct PingStack: Reducer {
  struct State: Equatable { var path = StackState<Int>([0]) }
  enum Action: Equatable {
    case path(StackAction<Int, PingScreen.Action>)

    static let pathCase = ActionCase(embed: Action.path) {
      if case .path(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { _, _ in .none }
      .forEach(\.path, action: Action.pathCase) { PingScreen() }
  }
}

/// Actions that are not an enum, of a type nested in another.
private enum Feature {
  struct Tick: Equatable { var payload = String(repeating: "x", count: 50) }
  enum Side: Equatable { case left, right }
  struct Nudge: Equatable { var side: Side }
}

@MainActor
private func stoppedChain<R: Reducer>(
  _ reducer: R, initialState: R.State, sending action: R.Action, limit: Int = 1_000
) throws -> ActionCycle {
  let diagnostics = DiagnosticLog()
  let store = Store(
    initialState: initialState, reducer: reducer, configuration: diagnostics.configuration(limit: limit))
  store.send(action)
  #expect(diagnostics.entries.count == 1)
  guard case .actionCycle(let cycle) = try #require(diagnostics.entries.first) else {
    Issue.record("expected an action cycle, got \(diagnostics.entries)")
    throw CancellationError()
  }
  return cycle
}

@MainActor
@Suite struct LoopGuardReportTests {
  @Test func aToBToAIsReportedAsTheCycle() throws {
    let cycle = try stoppedChain(PingPong(), initialState: 0, sending: .a)
    #expect(cycle.isRepeating)
    #expect(cycle.actions == ["a", "b", "a"])
    #expect(cycle.description.hasSuffix("repeating cycle: a → b → a"))
  }

  @Test func aCountdownThatDoesNotRepeatIsReportedAsTooLong() throws {
    let cycle = try stoppedChain(Countdown(), initialState: 0, sending: .step(2_000))
    #expect(!cycle.isRepeating)
    #expect(cycle.actions.count <= 8)
    // The 1 000th action of the chain is step(1001).
    #expect(cycle.actions.last == "step(1001)")
    #expect(cycle.actions.first == "step(1008)")
    #expect(cycle.description.contains("too long"))
    #expect(!cycle.description.contains("repeating cycle"))
  }

  @Test func aCountdownOfActionsThatAreNotEquatableIsReportedAsTooLong() throws {
    let cycle = try stoppedChain(OpaqueCountdown(), initialState: 0, sending: .step(2_000))
    #expect(!cycle.isRepeating)
    #expect(cycle.actions.last == "step(1001)")
  }

  @Test func aCycleThroughPayloadsAndNestedCasesShowsThem() throws {
    let cycle = try stoppedChain(Flipper(), initialState: 0, sending: .start, limit: 200)
    #expect(cycle.isRepeating)
    #expect(
      cycle.actions == [
        "toggle(true)", "toggle(false)", "child.ping", "child.pong", "toggle(true)",
      ])
  }

  @Test func aCycleInsideAStackScreenNamesTheScreensActions() throws {
    let cycle = try stoppedChain(
      PingStack(), initialState: PingStack.State(), sending: .path(.element(id: 0, action: .ping)),
      limit: 100)
    #expect(cycle.isRepeating)
    #expect(cycle.actions == ["path.element.ping", "path.element.pong", "path.element.ping"])
  }

  @Test func actionsThatAreNotEnumsAreNamedByTheirTypeInFull() throws {
    let reducer = Reduce<Int, Feature.Tick> { count, tick in
      count += 1
      return .send(tick)
    }
    let cycle = try stoppedChain(reducer, initialState: 0, sending: Feature.Tick(), limit: 100)
    #expect(cycle.actions == ["Feature.Tick", "Feature.Tick"])
  }

  @Test func theTypesADescriptionNamesAreNamedInFull() throws {
    let reducer = Reduce<Int, Feature.Nudge> { count, nudge in
      count += 1
      return .send(Feature.Nudge(side: nudge.side == .left ? .right : .left))
    }
    let cycle = try stoppedChain(reducer, initialState: 0, sending: Feature.Nudge(side: .left), limit: 100)
    #expect(
      cycle.actions == [
        "Feature.Nudge(side: Feature.Side.left)", "Feature.Nudge(side: Feature.Side.right)",
        "Feature.Nudge(side: Feature.Side.left)",
      ])
  }

  @Test func theDefaultHandlerReportsACycleWithoutStoppingTheProgram() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      await MainActor.run {
        let store = Store(initialState: 0, reducer: PingPong())
        store.send(.a)
        store.send(.a)
      }
    }
    guard let result else { return }
    let lines = String(decoding: result.standardErrorContent, as: UTF8.self)
      .split(separator: "\n")
      .filter { $0.contains("Uniflow:") }
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.hasSuffix("repeating cycle: a → b → a") })
  }
}
