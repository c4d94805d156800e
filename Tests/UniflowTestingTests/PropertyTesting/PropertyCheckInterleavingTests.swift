import Testing
import Uniflow
import UniflowTesting

/// Property checks whose actions come while the effects of earlier ones still run.
@MainActor
@Suite struct PropertyCheckInterleavingTests {
  static func queries(_ state: Suggestions.State) -> Generator<Suggestions.Action> {
    Generator.string(of: "ab", length: 0...2).map(Suggestions.Action.queryChanged)
  }

  static let pauses = Generator.int(in: 0...400).map { Duration.milliseconds($0) }
  /// Pauses of up to three seconds: long enough for a timer of a second to fire.
  static let longPauses = Generator.int(in: 0...3_000).map { Duration.milliseconds($0) }

  static let suggestionsMatchTheQuery = FeatureProperty<Suggestions.State, Suggestions.Action>
    .whenIdle("once idle, the suggestions are those of the query") { state in
      state == Suggestions.State() || state.suggestions == [state.query + "!"]
    }

  @Test func effectsThatEndBeforeTheNextActionHideTheLateAnswer() async {
    // The same feature and property, without time between actions: every search answers
    // before the next one starts, so the bug never shows.
    let failure = await checkProperties(
      of: { clock in Suggestions(suggest: Suggestions.server(on: clock)) },
      initialState: Suggestions.State(), actions: Self.queries,
      properties: [Self.suggestionsMatchTheQuery], sequences: 100, length: 10)
    #expect(failure == nil)
  }

  @Test(arguments: [true, false])
  func cancellingTheSearchInFlightHolds(runsEffectsInOrder: Bool) async {
    let failure = await checkProperties(
      of: { clock in CancellingSuggestions(suggest: Suggestions.server(on: clock)) },
      initialState: Suggestions.State(), actions: Self.queries,
      properties: [Self.suggestionsMatchTheQuery], timeBetweenActions: Self.pauses,
      sequences: 100, length: 10, runsEffectsInOrder: runsEffectsInOrder)
    #expect(failure == nil)
  }

  @Test func anInvariantMustHoldWhileEffectsRunButAnIdlePropertyNeedNot() async {
    // While a query waits, the suggestions are those of the last one: an invariant fails there,
    // a property of the idle store is not checked there.
    await knownPropertyFailure {
      await checkProperties(
        of: { clock in CancellingSuggestions(suggest: Suggestions.server(on: clock)) },
        initialState: Suggestions.State(), actions: Self.queries,
        properties: [
          .invariant("the suggestions are those of the query") { state in
            state == Suggestions.State() || state.suggestions == [state.query + "!"]
          }
        ],
        timeBetweenActions: Self.pauses, sequences: 100, length: 10)
    } matching: { description in
      description.contains("Property “the suggestions are those of the query” failed (seed")
    }
  }

  @Test func aModelIsComparedOnceTheEffectsHaveCaughtUp() async {
    // The model has the suggestions of a query at once; the feature, once they have come.
    let failure = await checkProperties(
      of: { clock in CancellingSuggestions(suggest: Suggestions.server(on: clock)) },
      initialState: Suggestions.State(), actions: Self.queries,
      model: ReferenceModel(
        initial: [String](),
        update: { suggestions, action in
          if case .queryChanged(let query) = action { suggestions = [query + "!"] }
        },
        observe: \.suggestions),
      timeBetweenActions: Self.pauses, sequences: 100, length: 10)
    #expect(failure == nil)
  }

  @Test func theRegressionTestLetsTheSameTimePass() async {
    await knownPropertyFailure {
      await checkProperties(
        of: { clock in Stopwatch(clock: clock, stopCancelsTheTimer: true) },
        initialState: Stopwatch.State(),
        actions: { _ in .one(of: [.constant(.reset), .constant(.start)]) },
        properties: [
          .transition("a reset leaves the count at zero") { _, action, after in
            action != .reset || after.seconds == 0
          }
        ],
        timeBetweenActions: Self.longPauses,
        finalActions: [.stop], sequences: 100, length: 10)
    } matching: { description in
      description.contains(
        """
          1. .start
          2. .reset
        State change at action 2:
          seconds: 0 → 1
        As a TestStore regression test:
          store.exhaustivity = .off
          await store.send(.start)
          await store.send(.reset)
          await clock.advance(by: .seconds(1))
        """)
    }
  }

  @Test func theSameSeedFindsTheSameFailure() async {
    func check() async -> PropertyCheckFailure? {
      await knownPropertyFailure {
        await checkProperties(
          of: { clock in Suggestions(suggest: Suggestions.server(on: clock)) },
          initialState: Suggestions.State(), actions: Self.queries,
          properties: [Self.suggestionsMatchTheQuery], timeBetweenActions: Self.pauses,
          sequences: 100, length: 10, seed: 42)
      }
    }
    let first = await check()
    let second = await check()
    #expect(first != nil)
    #expect(first == second)
  }

  /// The regression test the check of the Testing article prints, pasted: it shows the bug.
  @Test func thePastedRegressionTestShowsTheBug() async {
    let clock = TestClock()
    let store = TestStore(initialState: Suggestions.State()) {
      Suggestions(suggest: Suggestions.server(on: clock))
    }
    store.exhaustivity = .off
    await store.send(.queryChanged(""))
    await store.send(.queryChanged("a"))
    await clock.run()
    await store.finish()
    #expect(store.state.query == "a")
    #expect(store.state.suggestions == ["!"])
  }
}

extension PropertyCheckInterleavingTests {
  @Test func effectsStillSleepingAfterTheLastActionAreReported() async {
    await knownPropertyFailure {
      await checkProperties(
        of: { clock in Ticker(clock: clock) }, initialState: Ticker.State(),
        actions: { _ in .one(of: [.constant(.stop), .constant(.start)]) },
        timeBetweenActions: Self.longPauses,
        sequences: 10, length: 10, maximumEffectTime: .seconds(10))
    } matching: { description in
      description.contains(
        "The effects still running after the last action did not finish (seed ")
        && description.contains(
          """
          to 1 action):
            1. .start
          They still sleep on the test clock after 10.0 seconds of its time
          """)
        && description.hasSuffix(
          """
            await store.send(.start)
            await clock.run()
            await store.finish()
          """)
    }
  }
}

/// A parcel that arrives half a second after it is ordered; opening it before does nothing.
private struct Delivery: Reducer {
  struct State: Equatable {
    var hasArrived = false
    var isOpen = false
  }

  enum Action: Equatable {
    case wait
    case order
    case arrive
    case open
  }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .wait:
      return .none
    case .order:
      return .run { [clock] send in
        try await clock.sleep(for: .milliseconds(500))
        await send(.arrive)
      }
    case .arrive:
      state.hasArrived = true
      return .none
    case .open:
      state.isOpen = state.hasArrived
      return .none
    }
  }
}

extension PropertyCheckInterleavingTests {
  @Test func shrinkingKeepsTheTimeAFailureNeedsWithoutTheActionsThatBroughtIt() async {
    // The parcel must have arrived before it is opened: half a second after the order, which
    // the random sequence of this seed spends on several actions. Leaving those out keeps their
    // time, added to the order's; leaving them out with their time (as leaving out actions
    // does) shrinks to three actions only.
    await knownPropertyFailure {
      await checkProperties(
        of: { clock in Delivery(clock: clock) }, initialState: Delivery.State(),
        actions: { _ in .one(of: [.constant(.wait), .constant(.order), .constant(.open)]) },
        properties: [.invariant("the parcel is never opened") { !$0.isOpen }],
        timeBetweenActions: Generator.int(in: 0...1_000).map { .milliseconds($0) },
        sequences: 100, length: 20, seed: 7)
    } matching: { description in
      description.contains(
        """
        to 2 actions):
          1. .order
          2. .open
        """)
        && description.contains(
          """
            await store.send(.order)
            await clock.advance(by: .milliseconds(500))
            await store.send(.open)
          """)
    }
  }
}

/// A stopwatch that ticks every second while it runs; `stopCancelsTheTimer` says whether
/// stopping it ends its timer. A reset sets it to zero and leaves it running.
private struct Stopwatch: Reducer {
  struct State: Equatable {
    var isRunning = false
    var seconds = 0
  }

  enum Action: Equatable {
    case stop
    case start
    case reset
    case tick
  }

  private enum TimerID { case timer }

  let clock: any Clock<Duration>
  let stopCancelsTheTimer: Bool

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      guard !state.isRunning else { return .none }
      state.isRunning = true
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: TimerID.timer)
    case .stop:
      state.isRunning = false
      return stopCancelsTheTimer ? .cancel(id: TimerID.timer) : .none
    case .reset:
      state.seconds = 0
      return .none
    case .tick:
      state.seconds += 1
      return .none
    }
  }
}

extension PropertyCheckInterleavingTests {
  fileprivate static let stopwatchActions = Generator<Stopwatch.Action>.one(of: [
    .constant(.stop), .constant(.start),
  ])

  fileprivate static let stoppedStopwatchesStayStill = FeatureProperty<Stopwatch.State, Stopwatch.Action>
    .transition("a stopped stopwatch does not count") { before, action, after in
      before.isRunning || action == .start || after.seconds == before.seconds
    }

  @Test func finalActionsStopWhatASequenceLeftRunning() async {
    let failure = await checkProperties(
      of: { clock in Stopwatch(clock: clock, stopCancelsTheTimer: true) },
      initialState: Stopwatch.State(), actions: { _ in Self.stopwatchActions },
      properties: [Self.stoppedStopwatchesStayStill],
      timeBetweenActions: Self.longPauses,
      finalActions: [.stop], sequences: 100, length: 20)
    #expect(failure == nil)
  }

  @Test func aTimerThatOutlivesItsStopIsFound() async {
    await knownPropertyFailure {
      await checkProperties(
        of: { clock in Stopwatch(clock: clock, stopCancelsTheTimer: false) },
        initialState: Stopwatch.State(), actions: { _ in Self.stopwatchActions },
        properties: [Self.stoppedStopwatchesStayStill],
        timeBetweenActions: Self.longPauses,
        finalActions: [.stop], sequences: 100, length: 20)
    } matching: { description in
      // The stop itself may let the last tick in; the next action sees the stopwatch count on.
      // The shrunk sequence sends the actions at once and lets the time pass at the end.
      description.contains(
        """
          1. .start
          2. .stop
          3. .stop
        State change at action 3:
          seconds: 0 → 1
        As a TestStore regression test:
          store.exhaustivity = .off
          await store.send(.start)
          await store.send(.stop)
          await store.send(.stop)
          await clock.advance(by: .seconds(1))
        """)
    }
  }

  @Test func aFailureOnceTheEffectsEndedShowsTheFinalActions() async {
    // Stopping does not end the timer: once the final stop is sent, the effects never end.
    await knownPropertyFailure {
      await checkProperties(
        of: { clock in Stopwatch(clock: clock, stopCancelsTheTimer: false) },
        initialState: Stopwatch.State(), actions: { _ in .constant(.start) },
        timeBetweenActions: .constant(.zero), finalActions: [.stop], sequences: 1, length: 3,
        maximumEffectTime: .seconds(10))
    } matching: { description in
      description.contains(
        """
        The effects still running after the last action did not finish (seed 0; shrunk from 3 to 1 action):
          1. .start
          then .stop
        They still sleep on the test clock after 10.0 seconds of its time
        """)
        && description.hasSuffix(
          """
            await store.send(.start)
            await store.send(.stop)
            await clock.run()
            await store.finish()
          """)
    }
  }
}

/// Effects that wait for something a later action brings: a listener between `listen` and
/// `stop`.
extension PropertyCheckInterleavingTests {
  static func inboxActions(_ state: Inbox.State) -> Generator<Inbox.Action> {
    .one(weighted: [
      (1, .constant(.listen)), (1, .constant(.stop)),
      (3, Generator.int(in: 0...9).map(Inbox.Action.post)),
    ])
  }

  static let everyMessageArrivesOnce = FeatureProperty<Inbox.State, Inbox.Action>
    .whenIdle("the messages received are those posted while listening") { state in
      state.received == state.expected
    }

  /// A listener waiting for the next message holds nothing up: the next action comes, and the
  /// state is checked meanwhile, since nothing more can happen before it. Alone or beside other
  /// sequences on the main actor.
  @Test(arguments: [1, 8])
  func effectsWaitingForALaterActionDoNotHoldTheCheck(concurrentSequences: Int) async {
    let failure = await checkProperties(
      of: { _ in Inbox(bus: MessageBus()) }, initialState: Inbox.State(),
      actions: Self.inboxActions, properties: [Self.everyMessageArrivesOnce],
      timeBetweenActions: Self.pauses, finalActions: [.stop], sequences: 100, length: 20,
      concurrentSequences: concurrentSequences)
    #expect(failure == nil)
  }

  /// `listen` while listening starts a second listener: every message then arrives twice. The
  /// check finds it between two messages, while both listeners wait.
  @Test func aSecondListenerIsFoundWhileBothWait() async {
    await knownPropertyFailure {
      await checkProperties(
        of: { _ in Inbox(bus: MessageBus(), listensTwice: true) }, initialState: Inbox.State(),
        actions: Self.inboxActions, properties: [Self.everyMessageArrivesOnce],
        timeBetweenActions: Self.pauses, finalActions: [.stop], sequences: 100, length: 20)
    } matching: { description in
      description.contains(
        """
        Property “the messages received are those posted while listening” failed (seed 0; shrunk \
        from 19 to 3 actions):
          1. .listen
          2. .listen
          3. .post(0)
        State change at action 3:
          received[0]: added 0
          received[1]: added 0
          expected[0]: added 0
        """)
    }
  }
}
