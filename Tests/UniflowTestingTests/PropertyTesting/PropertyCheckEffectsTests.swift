import Testing
import UniflowTesting

/// Effects in property checks: they run to their end, on the test clock, before the next action.
@MainActor
@Suite struct PropertyCheckEffectsTests {
  static func queries(_ state: Search.State) -> Generator<Search.Action> {
    Generator.string(of: "ab", length: 0...2).map(Search.Action.queryChanged)
  }

  @Test(arguments: [true, false])
  func debouncedEffectsRunToTheirEndOnTheTestClock(runsEffectsInOrder: Bool) async {
    let failure = await checkProperties(
      of: { clock in Search(api: { query in [query, query + "ui"] }, clock: clock) },
      initialState: Search.State(), actions: Self.queries,
      properties: [
        .invariant("the results are those of the query, once there is one") { state in
          state.results == [state.query, state.query + "ui"] || state == Search.State()
        }
      ],
      model: ReferenceModel(
        initial: "",
        update: { query, action in
          if case .queryChanged(let new) = action { query = new }
        }, observe: \.query),
      sequences: 20, length: 10, runsEffectsInOrder: runsEffectsInOrder)
    #expect(failure == nil)
  }

  @Test func theRegressionTestAdvancesTheClockAsTheCheckDid() async {
    await knownPropertyFailure {
      await checkProperties(
        of: { clock in Search(api: { query in [query, query + "ui"] }, clock: clock) },
        initialState: Search.State(), actions: Self.queries,
        properties: [.invariant("no query has a b") { !$0.query.contains("b") }],
        sequences: 20, length: 10)
    } matching: { description in
      description.contains(
        """
        As a TestStore regression test:
          store.exhaustivity = .off
          await store.send(.queryChanged("b"))
          await clock.advance(by: .milliseconds(300))
          await store.finish()
        """)
    }
  }

  @Test func effectsThatNeverEndAreReportedInsteadOfHanging() async {
    await knownPropertyFailure {
      await checkProperties(
        of: { clock in Ticker(clock: clock) }, initialState: Ticker.State(),
        actions: { _ in .one(of: [.constant(.stop), .constant(.start)]) },
        sequences: 10, length: 10, maximumEffectTime: .seconds(10))
    } matching: { description in
      description.contains(
        """
        The effects of action 1 did not finish (seed 0; 1 action):
          1. .start
        They still sleep on the test clock after 10.0 seconds of its time
        """)
    }
  }

  @Test func aStoreDiagnosticIsAFailure() async {
    await knownPropertyFailure {
      await checkProperties(
        of: { _ in Counter() }, initialState: Counter.State(),
        actions: { _ in .one(of: [.constant(.increment), .constant(.cycle)]) },
        sequences: 10, length: 10)
    } matching: { description in
      description.contains(
        """
        The store reported a problem at action 1 (seed 0; 1 action):
          1. .cycle
        Uniflow: a send chained more than 1000 synchronous actions and was stopped
        """)
    }
  }
}

extension PropertyCheckEffectsTests {
  /// Runs `check` while time passes on `timeoutClock` alone, a second at a time: the check's
  /// own clock never moves.
  func whileTimeoutTimePasses(
    on timeoutClock: TestClock, _ check: @escaping @MainActor () async -> Void
  ) async {
    let completion = MainActorFlag()
    let task = Task {
      await check()
      completion.isSet = true
    }
    while !completion.isSet {
      await timeoutClock.advance(by: .seconds(1))
    }
    await task.value
  }

  /// An effect that waits for a stream that never ends is reported, after the timeout: at its
  /// action when each action's effects must end before the next one; with time between actions,
  /// it lets the next action come, and is reported once the sequence and its final actions are
  /// done, where shrinking (which judges such effects without waiting) keeps the action that
  /// started it.
  @Test(arguments: [false, true])
  func effectsWaitingForAStreamAreReportedAfterTheTimeout(timePassesBetweenActions: Bool) async {
    let expected =
      timePassesBetweenActions
      ? """
      The effects still running after the last action did not finish (seed 0; shrunk from 3 \
      to 1 action):
        1. .listen
      They neither finished nor slept on the test clock within 5.0 seconds: do they wait for a \
      stream that never ends?
      Final actions (`finalActions`), sent after the last action of every sequence, can end \
      them.
      """
      : """
      The effects of action 1 did not finish (seed 0; 1 action):
        1. .listen
      They neither finished nor slept on the test clock within 5.0 seconds: do they wait for a \
      stream that never ends?
      """
    let timeoutClock = TestClock()
    await whileTimeoutTimePasses(on: timeoutClock) {
      await knownPropertyFailure {
        await checkProperties(
          of: { _ in Listener() }, initialState: Listener.State(),
          actions: { _ in .constant(.listen) },
          timeBetweenActions: timePassesBetweenActions ? .constant(.seconds(1)) : nil,
          sequences: 1, length: 3, timeout: .seconds(5), timeoutClock: timeoutClock)
      } matching: { description in
        description.contains(expected)
      }
    }
  }
}

extension PropertyCheckEffectsTests {
  /// Effects that keep making work for each other, on the effects' executor or through the
  /// main actor, are never idle: with time between actions too, the check waits for them, up
  /// to the timeout, and reports them at their action.
  @Test(arguments: [Racing.Action.spin, .pollForever])
  func effectsThatKeepWakingEachOtherAreReportedAtTheirAction(action: Racing.Action) async {
    let timeoutClock = TestClock()
    await whileTimeoutTimePasses(on: timeoutClock) {
      await knownPropertyFailure {
        await checkProperties(
          of: { _ in Racing() }, initialState: Racing.State(), actions: { _ in .constant(action) },
          timeBetweenActions: .constant(.seconds(1)), finalActions: [.stopSpinning],
          sequences: 1, length: 2, timeout: .seconds(5), timeoutClock: timeoutClock)
      } matching: { description in
        description.contains(
          """
          The effects of action 1 did not finish (seed 0; 1 action):
            1. \(ValueDump(action))
          They neither finished nor slept on the test clock within 5.0 seconds
          """)
      }
    }
  }
}

extension PropertyCheckEffectsTests {
  @Test func racingEffectsTakeTurnsInTheOrderTheyStarted() async {
    let failure = await checkProperties(
      of: { _ in Racing() }, initialState: Racing.State(), actions: { _ in .constant(.start) },
      properties: [
        .transition("each effect runs until it sends, then the other takes its turn") { _, _, after in
          after.log == [1, 2, 3, 4]
        }
      ],
      sequences: 50, length: 20)
    #expect(failure == nil)
  }

  @Test func workFromAnotherThreadReachesTheEffectThatAwaitsIt() async {
    let failure = await checkProperties(
      of: { _ in Racing() }, initialState: Racing.State(),
      actions: { _ in .one(of: [.constant(.fetch), .constant(.start)]) },
      properties: [
        .transition("a fetch ends with its value") { _, action, after in
          action != .fetch || after.fetched == 42
        }
      ],
      sequences: 20, length: 20)
    #expect(failure == nil)
  }

  @Test func anEffectPollingForTheMainActorLetsItRun() async {
    let failure = await checkProperties(
      of: { _ in Racing() }, initialState: Racing.State(), actions: { _ in .constant(.poll) },
      properties: [
        .transition("the poll ends, and sends") { before, _, after in after.log == before.log + [5] }
      ],
      sequences: 5, length: 5)
    #expect(failure == nil)
  }

  @Test func effectsThatBlockForTheMainQueueRunAsInAnAppWhenAsked() async {
    // In order, this effect would wait forever for the main queue it runs on.
    let failure = await checkProperties(
      of: { _ in Racing() }, initialState: Racing.State(),
      actions: { _ in .constant(.waitForMainQueue) },
      properties: [
        .transition("the effect ends, and sends") { before, _, after in after.log == before.log + [6] }
      ],
      sequences: 5, length: 5, runsEffectsInOrder: false)
    #expect(failure == nil)
  }
}
