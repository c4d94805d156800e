import Testing
import UniflowTesting

/// Effects in property checks: they run to their end, on the test clock, before the next action.
@MainActor
@Suite struct PropertyCheckEffectsTests {
  static func queries(_ state: Search.State) -> Generator<Search.Action> {
    Generator.string(of: "ab", length: 0...2).map(Search.Action.queryChanged)
  }

  @Test func debouncedEffectsRunToTheirEndOnTheTestClock() async {
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
      sequences: 20, length: 10)
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

/// A feature whose effect waits for a stream that never ends, without sleeping on the clock.
private struct Listener: Reducer {
  struct State: Equatable {}
  enum Action: Equatable { case listen }

  let updates = AsyncStream<Int>.makeStream()

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .run { [stream = updates.stream] _ in
      for await _ in stream {}
    }
  }
}

/// Whether a task of the test has ended.
@MainActor
private final class Completion {
  var isDone = false
}

extension PropertyCheckEffectsTests {
  @Test func effectsWaitingForSomethingElseAreReportedAfterTheTimeout() async {
    let timeoutClock = TestClock()
    let completion = Completion()
    let check = Task {
      await knownPropertyFailure {
        await checkProperties(
          of: { _ in Listener() }, initialState: Listener.State(),
          actions: { _ in .constant(.listen) }, sequences: 1, length: 3,
          timeout: .seconds(5), timeoutClock: timeoutClock)
      } matching: { description in
        description.contains(
          """
          The effects of action 1 did not finish (seed 0; 1 action):
            1. .listen
          They neither finished nor slept on the test clock within 5.0 seconds: do they wait for a \
          stream that never ends?
          """)
      }
      completion.isDone = true
    }
    // Time passes for the timeout only: the check's own clock never moves.
    while !completion.isDone {
      await timeoutClock.advance(by: .seconds(1))
    }
    await check.value
  }
}
