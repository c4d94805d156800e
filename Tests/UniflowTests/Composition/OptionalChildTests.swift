import Testing
import Uniflow
import UniflowTesting

@MainActor
@Suite(.timeLimit(.minutes(10))) struct OptionalChildTests {
  @Test func childRunsOnlyWhilePresent() {
    let root = Store(initialState: AppFeature.State(), reducer: AppFeature(clock: TestClock()))
    #expect(root.scope(state: \.detail, action: ActionCase(AppFeature.Action.detail)) == nil)

    root.send(.detail(.increment))  // ignored: no detail yet
    #expect(root.state.detail == nil)

    root.send(.showDetail)
    let detail = try! #require(root.scope(state: \.detail, action: ActionCase(AppFeature.Action.detail)))
    detail.send(.increment)
    #expect(detail.count == 1)
    // The child ran before the parent, so the parent saw the child's change.
    #expect(root.state.log.last == "detail increment (count 1)")
  }

  @Test func dismissingCancelsTheChildsEffects() async {
    let clock = TestClock()
    let root = Store(initialState: AppFeature.State(), reducer: AppFeature(clock: clock))
    root.send(.showDetail)
    let detail = try! #require(root.scope(state: \.detail, action: ActionCase(AppFeature.Action.detail)))
    let task = detail.send(.slowIncrement)
    await clock.waitForSleepers()

    root.send(.closeDetail)
    await task.finish()
    #expect(root.runningEffectCount == 0)
    #expect(clock.sleeperCount == 0)

    // The dismissed child's store answers with its last state and ignores sends.
    #expect(detail.count == 0)
    detail.send(.increment)
    #expect(root.state.detail == nil)

    // Presenting again starts fresh.
    root.send(.showDetail)
    #expect(root.state.detail == SlowCounter.State())
  }
}
