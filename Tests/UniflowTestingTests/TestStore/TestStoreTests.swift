import Testing
import UniflowTesting

@MainActor
@Suite struct TestStoreTests {
  @Test func sendChecksTheDescribedChange() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await store.send(.increment) {
      $0.count = 1
      $0.isEven = false
    }
    await store.send(.decrement) {
      $0.count -= 1
      $0.isEven.toggle()
    }
    #expect(store.state == Counter.State())
  }

  @Test func sendWithoutAClosureExpectsNoChange() async {
    let store = TestStore(initialState: Todos.State(), reducer: Todos { [] })
    await store.send(.toggle(id: 7))
    await store.send(.filterChanged(.all))
  }

  @Test func followUpActionsAreReceivedInOrderWithTheirStates() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await store.send(.incrementTwice)
    await store.receive(.increment) {
      $0.count = 1
      $0.isEven = false
    }
    await store.receive(.increment) {
      $0.count = 2
      $0.isEven = true
    }
    await store.receive(.record) { $0.history = [2] }
  }

  @Test func effectActionsAreReceived() async {
    let milk = Todo(id: 1, title: "Milk")
    let store = TestStore(initialState: Todos.State()) {
      Todos { [milk] }
    }
    await store.send(.refresh) { $0.isLoading = true }
    await store.receive(.loaded([milk])) {
      $0.isLoading = false
      $0.todos = [milk]
    }
  }

  @Test func effectErrorsReachTheCatchHandler() async {
    let store = TestStore(initialState: Todos.State()) {
      Todos { throw LoadError.offline }
    }
    await store.send(.refresh) { $0.isLoading = true }
    await store.receive(.failed("offline")) {
      $0.isLoading = false
      $0.error = "offline"
    }
  }

  @Test func receiveWaitsForAnEffectThatIsHeldBack() async {
    let gate = Gate()
    let timeoutClock = TestClock()
    let store = TestStore(initialState: Todos.State(), timeoutClock: timeoutClock) {
      Todos {
        await gate.wait()
        return []
      }
    }
    await store.send(.refresh) { $0.isLoading = true }
    async let received: Void = store.receive(.loaded([])) { $0.isLoading = false }
    // `receive` is waiting once its timeout sleeps; only then may the effect send.
    await timeoutClock.waitForSleepers()
    gate.open()
    await received
    #expect(timeoutClock.sleeperCount == 0)
  }

  @Test func nonEquatableActionsAreReceivedByPredicate() async {
    let store = TestStore(initialState: Fetcher.State(), reducer: Fetcher())
    await store.send(.fetch(succeed: true))
    await store.receive({
      guard case .response(.success(let value)) = $0 else { return false }
      return value == 42
    }) {
      $0.value = 42
    }
  }

  @Test func nonEquatableActionsAreReceivedByCase() async {
    let store = TestStore(initialState: Fetcher.State(), reducer: Fetcher())
    await store.send(.fetch(succeed: false))
    await store.receive(Fetcher.Action.response) { $0.failure = "offline" }
  }

  @Test func finishWaitsForTheEffects() async {
    let gate = Gate()
    let store = TestStore(initialState: Todos.State()) {
      Todos {
        await gate.wait()
        return []
      }
    }
    await store.send(.refresh) { $0.isLoading = true }
    gate.open()
    await store.finish()
    await store.receive(.loaded([])) { $0.isLoading = false }
  }

  @Test func aTimerIsDrivenByTheTestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(clock: clock))
    await store.send(.start) { $0.isRunning = true }
    for tick in 1...3 {
      await clock.waitForSleepers()
      await clock.advance(by: .seconds(1))
      await store.receive(.tick) { $0.ticks = tick }
    }
    await store.send(.stop) { $0.isRunning = false }
    await store.finish()
    clock.checkNoSleepers()
    #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
  }

  @Test func debounceIsDrivenByTheTestClock() async {
    let clock = TestClock()
    // The README's search feature, with an API that answers at once.
    let store = TestStore(
      initialState: Search.State(), reducer: Search(api: { [$0, $0 + " 6"] }, clock: clock))
    await store.send(.queryChanged("sw")) { $0.query = "sw" }
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("swift")) { $0.query = "swift" }
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(299))
    #expect(store.state.results.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.resultsLoaded(["swift", "swift 6"])) { $0.results = ["swift", "swift 6"] }
    await store.finish()
  }

  @Test func cancellingTheTaskOfASendEndsItsEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(clock: clock))
    let timer = await store.send(.start) { $0.isRunning = true }
    await clock.waitForSleepers()
    #expect(!timer.isFinished)
    await timer.cancel()
    #expect(timer.isCancelled)
    #expect(timer.isFinished)
    #expect(clock.sleeperCount == 0)
  }

  @Test func theTaskOfASendFinishesWithItsEffects() async {
    let gate = Gate()
    let store = TestStore(initialState: Todos.State()) {
      Todos {
        await gate.wait()
        return []
      }
    }
    let refresh = await store.send(.refresh) { $0.isLoading = true }
    gate.open()
    await refresh.finish()
    #expect(refresh.isFinished)
    await store.receive(.loaded([])) { $0.isLoading = false }
  }

  @Test func skippedReceivedActionsMoveTheBaseline() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await store.send(.incrementTwice)
    await store.skipReceivedActions()
    #expect(store.state.count == 2)
    await store.send(.increment) {
      $0.count = 3
      $0.isEven = false
    }
  }

  @Test func skippedInFlightEffectsAreCancelled() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(clock: clock))
    await store.send(.start) { $0.isRunning = true }
    await clock.waitForSleepers()
    await store.skipInFlightEffects()
    #expect(clock.sleeperCount == 0)
  }

  @Test func theStateAfterEveryActionIsVisible() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await store.send(.incrementTwice)
    #expect(store.state.count == 2)
    #expect(store.state.history == [2])
    await store.skipReceivedActions()
  }
}
