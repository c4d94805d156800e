import Testing
import UniflowTesting

/// Each failure of the test store fires, with its message, at the line that caused it.
@MainActor
@Suite struct TestStoreFailureTests {
  @Test func aWrongExpectedStateFailsAtTheSend() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    let line = NextLine()
    await expectFailure("State changed differently than expected:\n  count: expected 2, actual 1", at: line) {
      line.mark()
      await store.send(.increment) {
        $0.count = 2
        $0.isEven = false
      }
    }
  }

  @Test func aChangeTheTestLeftOutFails() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await expectFailure("State changes the test did not describe:\n  isEven: expected true, actual false") {
      await store.send(.increment) { $0.count = 1 }
    }
    // The store moved on to the actual state: the next assertion starts from it.
    await store.send(.increment) {
      $0.count = 2
      $0.isEven = true
    }
  }

  @Test func wrongAndMissingChangesAreListedSeparately() async {
    let store = TestStore(
      initialState: Todos.State(todos: [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]),
      reducer: Todos { [] })
    await expectFailure(
      """
      State changed differently than expected:
        todos[0].isDone: expected true, actual false
        todos[1].isDone: expected false, actual true
      """
    ) {
      await store.send(.toggle(id: 2)) { $0.todos[0].isDone = true }
    }
    await expectFailure(
      """
      State changed differently than expected:
        count: expected 2, actual 1
      State changes the test did not describe:
        isEven: expected true, actual false
      """
    ) {
      let counter = TestStore(initialState: Counter.State(), reducer: Counter())
      await counter.send(.increment) { $0.count = 2 }
    }
  }

  @Test func anUnexpectedReceivedActionFailsAtTheReceive() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await store.send(.incrementTwice)
    let line = NextLine()
    await expectFailure(
      "Received an unexpected action:\n  expected: .record\n  received: .increment", at: line
    ) {
      line.mark()
      await store.receive(.record) { $0.history = [2] }
    }
    await store.skipReceivedActions()
  }

  @Test func aReceivedPayloadMismatchShowsTheDifference() async {
    let milk = Todo(id: 1, title: "Milk")
    let store = TestStore(initialState: Todos.State()) { Todos { [milk] } }
    await store.send(.refresh) { $0.isLoading = true }
    await expectFailure(
      "expected: .loaded([Todo(id: 1, title: \"Eggs\", isDone: false)])",
      "received: .loaded([Todo(id: 1, title: \"Milk\", isDone: false)])",
      "Difference:\n  loaded[0].title: expected \"Eggs\", actual \"Milk\""
    ) {
      await store.receive(.loaded([Todo(id: 1, title: "Eggs")]))
    }
  }

  @Test func sendingBeforeReceivingFails() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await store.send(.incrementTwice)
    let line = NextLine()
    await expectFailure(
      """
      The store received 3 actions that the test did not receive before sending .decrement:
        .increment
        .increment
        .record
      """, at: line
    ) {
      line.mark()
      await store.send(.decrement) {
        $0.count = 1
        $0.isEven = false
      }
    }
  }

  @Test func aMissingReceiveIsReportedWhenTheStoreIsReleased() async {
    let line = NextLine()
    await expectFailure(
      """
      The store received 2 actions that the test did not receive when the store was released:
        .increment
        .record
      """, at: line
    ) {
      let store = TestStore(initialState: Counter.State(), reducer: Counter())
      await store.send(.incrementTwice)
      line.mark()
      await store.receive(.increment) {
        $0.count = 1
        $0.isEven = false
      }
    }
  }

  @Test func receivingWhenNothingCanComeFailsAtOnce() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await store.send(.increment) {
      $0.count = 1
      $0.isEven = false
    }
    await expectFailure(
      "Expected to receive .decrement, but no action was received and no effect is running."
    ) {
      await store.receive(.decrement)
    }
  }

  @Test func receivingFromASilentEffectTimesOut() async {
    let clock = TestClock()
    let timeoutClock = TestClock()
    let store = TestStore(
      initialState: Ticker.State(), reducer: Ticker(clock: clock), timeout: .seconds(5),
      timeoutClock: timeoutClock)
    let line = NextLine()
    line.mark()
    await store.send(.start) { $0.isRunning = true }
    await expectFailure(
      "Expected to receive .tick, but it did not arrive within 5.0 seconds while effects kept running:\n"
        + "  started by .start at UniflowTestingTests/TestStoreFailureTests.swift:\(line.value)"
    ) {
      async let receiving: Void = store.receive(.tick)
      await timeoutClock.waitForSleepers()
      await timeoutClock.advance(by: .seconds(5))
      await receiving
    }
    await store.skipInFlightEffects()
  }

  @Test func anEffectStillRunningIsReportedAtItsSendWhenTheStoreIsReleased() async {
    let clock = TestClock()
    let line = NextLine()
    await expectFailure(
      "An effect started by .startUncancellable is still running when the store is released", at: line
    ) {
      let store = TestStore(initialState: Ticker.State(), reducer: Ticker(clock: clock))
      line.mark()
      await store.send(.startUncancellable)
    }
    // Releasing the store cancelled the effect.
    await clock.run()
    clock.checkNoSleepers()
  }

  @Test func finishFailsOnceWhileEffectsKeepRunning() async {
    let clock = TestClock()
    let timeoutClock = TestClock()
    let line = NextLine()
    await expectFailure(
      "1 send still has effects running after waiting 1.0 seconds for them to finish:\n"
        + "  started by .startUncancellable at UniflowTestingTests/TestStoreFailureTests.swift:",
      at: line, count: 1
    ) {
      let store = TestStore(
        initialState: Ticker.State(), reducer: Ticker(clock: clock), timeoutClock: timeoutClock)
      await store.send(.startUncancellable)
      await clock.waitForSleepers()
      line.mark()
      async let finishing: Void = store.finish()
      await timeoutClock.waitForSleepers()
      await timeoutClock.advance(by: .seconds(1))
      await finishing
      // Released here: the effect was reported by `finish` and is not reported again.
    }
  }

  @Test func aStateAssertionThatThrowsFails() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await expectFailure("The state assertion threw an error: offline") {
      await store.send(.increment) { _ in throw LoadError.offline }
    }
  }

  @Test func anActionCycleFails() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await expectFailure(
      "The store reported a problem: Uniflow: a send chained more than 1000 synchronous actions",
      "repeating cycle: cycle → cycle"
    ) {
      await store.send(.cycle)
    }
    await store.skipReceivedActions()
  }

  @Test func anUnhandledEffectErrorFails() async {
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, String> { _, _ in .run { _ in throw LoadError.offline } })
    await expectFailure("an effect threw an error that no catch handler handled: offline") {
      await store.send("go")
      await store.finish()
    }
  }
}
