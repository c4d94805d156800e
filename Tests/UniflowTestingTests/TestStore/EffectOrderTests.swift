import Testing
import UniflowTesting

/// Effects that race in an app take turns in the same order in every run of a test.
@MainActor
@Suite struct EffectOrderTests {
  /// How long a store here waits for effects: the loops below send a hundred times, and the
  /// effects' turns on the main actor come after every other test's work on it.
  static let timeout = Duration.seconds(60)

  @Test func racingEffectsTakeTurnsInTheOrderTheyStarted() async {
    // A hundred runs: on a thread pool, the order would differ between some of them.
    for _ in 0..<100 {
      let store = TestStore(initialState: Racing.State(), reducer: Racing(), timeout: Self.timeout)
      await store.send(.start)
      await store.receive(.record(1)) { $0.log = [1] }
      await store.receive(.record(2)) { $0.log = [1, 2] }
      await store.receive(.record(3)) { $0.log = [1, 2, 3] }
      await store.receive(.record(4)) { $0.log = [1, 2, 3, 4] }
    }
  }

  @Test func aConcatenationRacingAnotherEffectTakesTurnsInOneOrderToo() async {
    var orders: Set<[Int]> = []
    for _ in 0..<100 {
      let store = TestStore(initialState: Racing.State(), reducer: Racing(), timeout: Self.timeout)
      store.exhaustivity = .off
      await store.send(.startChained)
      await store.finish()
      orders.insert(store.state.log)
    }
    #expect(orders.count == 1)
    #expect(orders.first?.sorted() == [1, 2, 3, 4])
  }

  @Test func workFromAnotherThreadJoinsWhenItArrives() async {
    let store = TestStore(initialState: Racing.State(), reducer: Racing())
    await store.send(.fetch)
    await store.receive(.fetched(42)) { $0.fetched = 42 }
  }

  @Test func anEffectPollingForTheMainActorLetsItRun() async {
    let store = TestStore(initialState: Racing.State(), reducer: Racing())
    await store.send(.poll)
    await store.receive(.record(5)) { $0.log = [5] }
  }

  /// Tasks that keep waking each other keep making work for the executor: it runs a budget of
  /// jobs at a time, so the test's next step still gets the main actor.
  @Test func effectsThatKeepWakingEachOtherLeaveTheTestItsTurn() async {
    let store = TestStore(initialState: Racing.State(), reducer: Racing())
    await store.send(.spin)
    await store.send(.stopSpinning)
    await store.finish()
  }

  @Test func effectsThatBlockForTheMainQueueRunAsInAnAppWhenAsked() async {
    // In order, this effect would wait forever for the main queue it runs on.
    let store = TestStore(initialState: Racing.State(), reducer: Racing(), runsEffectsInOrder: false)
    await store.send(.waitForMainQueue)
    await store.receive(.record(6)) { $0.log = [6] }
  }
}
