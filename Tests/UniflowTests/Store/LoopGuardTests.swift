import Testing
import Uniflow

/// The seed's wrong example: `increment` leads to `check`, which leads back to `increment`.
private struct Runaway: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case start, increment, check }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start: return .send(.increment)
    case .increment:
      state.count += 1
      return .send(.check)
    case .check: return .send(.increment)
    }
  }
}

/// A legitimate chain that counts down to zero.
private struct Countdown: Reducer {
  enum Action { case step(Int) }
  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .step(let remaining):
      state += 1
      return remaining > 0 ? .send(.step(remaining - 1)) : .none
    }
  }
}

@MainActor
@Suite struct LoopGuardTests {
  @Test func cycleIsStoppedAndReportedWithItsActions() {
    let diagnostics = DiagnosticLog()
    let store = Store(
      initialState: Runaway.State(), reducer: Runaway(),
      configuration: diagnostics.configuration(limit: 100))
    store.send(.start)

    // 100 actions were processed: start, then 99 alternating increment/check.
    #expect(store.state.count == 50)
    #expect(diagnostics.entries.count == 1)
    guard case .actionCycle(let cycle) = diagnostics.entries.first else {
      Issue.record("expected an action cycle, got \(diagnostics.entries)")
      return
    }
    #expect(cycle.isRepeating)
    #expect(cycle.actions == ["increment", "check", "increment"])
    #expect(cycle.limit == 100)
    #expect(cycle.description.contains("increment → check → increment"))
  }

  @Test func storeKeepsWorkingAfterACycle() {
    let diagnostics = DiagnosticLog()
    let store = Store(
      initialState: Runaway.State(), reducer: Runaway(),
      configuration: diagnostics.configuration(limit: 10))
    store.send(.start)
    let count = store.state.count
    store.send(.start)
    #expect(store.state.count == count * 2)
    #expect(diagnostics.entries.count == 2)
  }

  @Test func smallLimitStillNamesTheCycle() {
    let diagnostics = DiagnosticLog()
    let store = Store(
      initialState: Runaway.State(), reducer: Runaway(),
      configuration: diagnostics.configuration(limit: 7))
    store.send(.start)
    guard case .actionCycle(let cycle) = diagnostics.entries.first else {
      Issue.record("expected an action cycle")
      return
    }
    #expect(cycle.actions == ["increment", "check", "increment"])
  }

  @Test func chainWithinTheLimitCompletes() {
    let diagnostics = DiagnosticLog()
    let store = Store(
      initialState: 0, reducer: Countdown(), configuration: diagnostics.configuration(limit: 1_000))
    store.send(.step(998))
    #expect(store.state == 999)
    #expect(diagnostics.entries.isEmpty)
  }

  @Test func defaultLimitIsAThousand() {
    #expect(StoreConfiguration().maximumSynchronousActions == 1_000)
    #expect(StoreConfiguration(maximumSynchronousActions: 0).maximumSynchronousActions == 1)
  }

  @Test func cycleThroughAnObserverIsStopped() {
    let diagnostics = DiagnosticLog()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { state, _ in
        state += 1
        return .none
      },
      configuration: diagnostics.configuration(limit: 50))
    // Unowned: a store drops a released token's callback at its next action only, so a
    // callback holding its own store would keep it alive after the test.
    let token = store.observe(\.self) { [unowned store] _ in store.send("again") }
    store.send("start")
    #expect(store.state == 50)
    #expect(diagnostics.entries.count == 1)
    token.cancel()
  }
}
