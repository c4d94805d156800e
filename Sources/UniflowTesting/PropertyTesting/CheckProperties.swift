/// Checks properties of a feature on many random sequences of actions, and reports the
/// simplest failing sequence found.
///
/// ```swift
/// @MainActor
/// @Test func theCountMatchesTheItems() async {
///   await checkProperties(
///     of: { _ in Inventory() },
///     initialState: Inventory.State(),
///     actions: { state in
///       .one(of: [
///         Generator.string(of: "ab", length: 1...1).map(Inventory.Action.add),
///         Generator.element(of: state.items).map(Inventory.Action.remove),
///         .constant(.clear),
///       ])
///     },
///     properties: [.invariant("the count matches the items") { $0.count == $0.items.count }],
///     seed: 1
///   )
/// }
/// ```
///
/// Each sequence starts from `initialState` with a fresh reducer, made by `makeReducer` with a
/// fresh ``TestClock`` to inject. For each action, the check:
///
/// 1. asks `actions` for a generator, given the current state (so that a generator can pick an
///    existing id), and generates the action;
/// 2. sends it to a real `Store`: `Effect.send(_:)` follow-ups run as in an app, and
///    asynchronous effects run to their end, with the clock moved as long as they sleep on it,
///    so the sequence includes the actions they send back;
/// 3. checks every property, and the model if there is one.
///
/// Effects that never end, such as a repeating timer or a subscription, are reported as a
/// failure rather than hanging the test; leave the actions that start them out of the
/// generator, or give the feature a way to end them. A diagnostic of the store (an action
/// cycle, an effect error no `catch` handled) is a failure too.
///
/// With `timeBetweenActions`, the next action does not wait for the effects of the last one:
/// they run until they sleep on the test clock (or wait for other work), the clock moves by
/// the time drawn for the step, and the next action comes while what is still asleep waits.
/// The check then finds what happens when the user is faster than the effects: a search typed
/// on before the last one answered, a sheet dismissed while its timer runs, a row deleted
/// while it saves. After the last action, the effects run to their end and the properties are
/// checked once more; `finalActions` are sent first, to stop what would run for ever, such as a
/// timer the sequence left running.
///
/// Effects run on the main actor, one piece of work at a time, in the order it becomes ready,
/// so effects that race take turns in the same order in every run of a seed (unless
/// `runsEffectsInOrder` is `false`).
///
/// ## Failures
///
/// A failing sequence is shrunk: actions are left out and the choices behind each action are
/// made smaller, as long as the same property still fails. The failure, reported to Swift
/// Testing or XCTest at the call, shows the seed, the minimal sequence, how the state changed
/// at the failing action, and the sequence as lines to paste into a ``TestStore`` regression
/// test:
///
/// ```
/// Property “the count matches the items” failed (seed 1; shrunk from 12 to 3 actions):
///   1. .add("a")
///   2. .add("a")
///   3. .remove("a")
/// State change at action 3:
///   items[0]: removed "a"
///   items[1]: removed "a"
///   count: 2 → 1
/// As a TestStore regression test:
///   store.exhaustivity = .off
///   await store.send(.add("a"))
///   await store.send(.add("a"))
///   await store.send(.remove("a"))
/// ```
///
/// The same seed gives the same sequences on every platform and in every run. Sequences run
/// side by side (`concurrentSequences`), and the failure reported is always the first failing
/// sequence in order, whichever ends first.
///
/// - Parameters:
///   - makeReducer: Makes the feature's reducer for one sequence, with fresh test doubles; it
///     receives the sequence's test clock.
///   - initialState: The state every sequence starts from.
///   - actions: Gives the generator of the next action, for the current state.
///   - properties: The properties that must hold after every action.
///   - model: A reference implementation that must match the feature after every action (with
///     `timeBetweenActions`, after every action once no effect can go on before the next one).
///   - timeBetweenActions: The test-clock time that passes after each action before the next
///     one, drawn for each action, while its effects run on; `nil` (the default) runs each
///     action's effects to their end first. `Generator.int(in: 0...500).map { .milliseconds($0) }`
///     shrinks towards zero: the next action at once.
///   - finalActions: Actions sent after the last action of every sequence, before the effects
///     run to their end and the state is checked once more (its invariants, its properties of
///     the idle store, the model): those that end what would otherwise run for ever, such as
///     stopping a timer that the sequence may have left running.
///   - sequences: How many sequences to run.
///   - length: How many actions each sequence has.
///   - seed: The seed of the first sequence; the others derive from it.
///   - maximumEffectTime: The most test-clock time the effects of one action may sleep.
///   - timeout: How long to wait, on `timeoutClock`, for effects that must end (each action's,
///     or with `timeBetweenActions` those left once the final actions are sent) but neither
///     finish nor sleep on the test clock; a passing check never waits for it. Thirty seconds by
///     default: work that is merely slow (a loaded machine, a sanitizer) must not read as work
///     that never ends. While such a failure is shrunk, effects that nothing in the check can
///     wake fail at once.
///   - timeoutClock: The clock that measures `timeout`.
///   - runsEffectsInOrder: Whether effects run on the main actor, one piece of work at a time,
///     in the order it becomes ready (the default). `false` runs them on the global concurrent
///     executor, as a store in an app does: for effects that block their thread until the main
///     thread does something (`DispatchQueue.main.sync`), which would wait forever on the main
///     actor. Racing effects may then take turns in another order in each run.
///   - maximumShrinkRuns: The most sequences to run while shrinking a failure.
///   - concurrentSequences: How many sequences run side by side on the main actor: while one
///     waits (for time on its clock, for work from another thread), another runs; 1 runs them
///     one after another. Each sequence has its own store, reducer and clock, so `makeReducer`
///     must make fresh test doubles.
///   - fileID: The file ID a failure is reported at; the caller's by default.
///   - filePath: The file path a failure is reported at; the caller's by default.
///   - line: The line a failure is reported at; the caller's by default.
///   - column: The column a failure is reported at; the caller's by default.
/// - Returns: The reported failure, or `nil` when every sequence passed.
/// - Complexity: O(`sequences` × `length`) actions and their effects, plus up to
///   `maximumShrinkRuns` replays of the failing sequence.
@MainActor
@discardableResult
public func checkProperties<R: Reducer>(
  of makeReducer: @escaping (_ clock: TestClock) -> R,
  initialState: R.State,
  actions: @escaping (_ state: R.State) -> Generator<R.Action>,
  properties: [FeatureProperty<R.State, R.Action>] = [],
  model: ReferenceModel<R.State, R.Action>? = nil,
  timeBetweenActions: Generator<Duration>? = nil,
  finalActions: [R.Action] = [],
  sequences: Int = 100,
  length: Int = 100,
  seed: UInt64 = 0,
  maximumEffectTime: Duration = .seconds(3600),
  timeout: Duration = .seconds(30),
  timeoutClock: any Clock<Duration> = ContinuousClock(),
  runsEffectsInOrder: Bool = true,
  maximumShrinkRuns: Int = 1_000,
  concurrentSequences: Int = 8,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) async -> PropertyCheckFailure? {
  let runner = PropertyRunner(
    makeReducer: makeReducer, initialState: initialState, actions: actions,
    timeBetweenActions: timeBetweenActions, finalActions: finalActions, properties: properties,
    model: model,
    effectLimits: EffectLimits(maximumTime: maximumEffectTime, timeout: timeout, timeoutClock: timeoutClock),
    runsEffectsInOrder: runsEffectsInOrder)
  let seeds = sequenceSeeds(from: seed, count: max(0, sequences))
  guard
    let (index, failing) = await firstFailure(
      of: runner, seeds: seeds, length: max(0, length), concurrently: max(1, concurrentSequences))
  else { return nil }
  let shrunk = await runner.shrink(failing, budget: max(0, maximumShrinkRuns))
  let failure = PropertyCheckFailure(shrunk, original: failing, seed: seeds[index])
  reportFailure(
    failure.message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  return failure
}

/// The seeds of the sequences of a check: the check's seed first, so that a check of one
/// sequence with a reported seed reproduces that sequence, then the outputs of a generator
/// seeded with it.
private func sequenceSeeds(from seed: UInt64, count: Int) -> [UInt64] {
  var generator = SplitMix64(seed: seed)
  return (0..<count).map { $0 == 0 ? seed : generator.next() }
}

/// Runs the sequences, up to `width` at a time, and returns the failing one with the lowest
/// index: the same one however the runs interleave.
///
/// Sequences run in order of their index, and none starts after a failure, so every sequence
/// before the first failing one has run when the last running one ends.
@MainActor
private func firstFailure<R: Reducer>(
  of runner: PropertyRunner<R>, seeds: [UInt64], length: Int, concurrently width: Int
) async -> (Int, PropertyRunner<R>.FailingRun)? {
  let failures = FailureCollector<R>()
  var running: [Task<Void, Never>] = []
  for (index, seed) in seeds.enumerated() {
    // Keep `width` sequences running: start the next one when the oldest ends.
    if running.count >= width { await running.removeFirst().value }
    guard failures.lowestIndex == nil else { break }
    running.append(
      Task { @MainActor in
        if let failing = await runner.run(.random(SplitMix64(seed: seed), length: length)) {
          failures.record(failing, at: index)
        }
      })
  }
  for task in running { await task.value }
  return failures.lowestIndex.flatMap { index in failures.runs[index].map { (index, $0) } }
}

/// The failing runs of a check, by the index of their sequence.
@MainActor
private final class FailureCollector<R: Reducer> {
  var runs: [Int: PropertyRunner<R>.FailingRun] = [:]
  var lowestIndex: Int? { runs.keys.min() }

  nonisolated init() {}

  func record(_ run: PropertyRunner<R>.FailingRun, at index: Int) {
    runs[index] = run
  }
}
