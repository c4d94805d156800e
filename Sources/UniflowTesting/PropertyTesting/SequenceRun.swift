/// One sequence of a property check as it runs: a fresh store with its test clock, the effect
/// machinery around it, the steps taken so far and the sends whose effects still run.
///
/// ``PropertyRunner`` draws the actions; a sequence run performs them, checks the properties
/// after each, and at the end lets the effects still running end.
@MainActor
final class SequenceRun<R: Reducer> {
  typealias State = R.State
  typealias Action = R.Action
  typealias Runner = PropertyRunner<R>

  let runner: Runner
  /// Whether effects that must end but that nothing in the check can wake fail at once; see
  /// ``PropertyRunner/run(_:judgesWaitingEffectsAtOnce:)``.
  let judgesWaitingEffectsAtOnce: Bool
  let clock = TestClock()
  let diagnostics = DiagnosticLog()
  /// Runs the effects when they run in order; without them, it gets no work, and running its
  /// ready work does nothing.
  let executor = EffectExecutor(isAttended: true)
  let monitor: EffectMonitor
  let store: Store<State, Action>
  let modelRun: ModelRun<State, Action>?
  private(set) var steps: [Runner.Step] = []
  /// The sends whose effects are still running, when effects run on between actions.
  var running: [StoreTask] = []
  /// The state after the last step, which the next step starts from.
  private(set) var state: State

  init(runner: Runner, expectedLength: Int, judgesWaitingEffectsAtOnce: Bool) {
    self.runner = runner
    self.judgesWaitingEffectsAtOnce = judgesWaitingEffectsAtOnce
    let diagnostics = diagnostics
    var configuration = StoreConfiguration { diagnostics.append($0) }
    if runner.runsEffectsInOrder { configuration.effectExecutor = executor }
    store = Store(
      initialState: runner.initialState, reducer: runner.makeReducer(clock),
      configuration: configuration)
    modelRun = runner.model?.start()
    monitor = EffectMonitor(
      clock: clock, timeout: runner.effectLimits.timeout,
      timeoutClock: runner.effectLimits.timeoutClock)
    state = store.state
    steps.reserveCapacity(expectedLength)
  }

  /// Stops the effect machinery; the effects still running end with the store.
  func stop() {
    monitor.stop()
    executor.stop()
  }

  /// Checks the properties of the idle store and the model on the initial state.
  ///
  /// - Returns: The failing run, or `nil` when they hold.
  func checkInitialState() -> Runner.FailingRun? {
    for property in runner.properties where !property.holds(whenIdle: state) {
      return failing(
        .property(property.name), "Property “\(property.name)” does not hold for the initial state",
        details: [])
    }
    if let lines = modelRun?.mismatch(state) {
      return failing(
        .model, "The model and the feature differ in the initial state",
        details: ["Differences (model → feature):"] + lines.map { "  " + $0 })
    }
    return nil
  }

  /// Sends `action`, lets its effects run (to their end, or for `pause` when effects run on
  /// between actions), and checks the properties and the model.
  ///
  /// - Parameters:
  ///   - choices: The choices that drew the action, then those that drew the pause.
  ///   - pauseChoiceCount: How many of the last `choices` drew the pause.
  /// - Returns: The failing run, or `nil` when everything held.
  func perform(
    _ action: Action, pause: Duration, choices: [UInt64], pauseChoiceCount: Int
  ) async -> Runner.FailingRun? {
    let before = state
    let task = store.send(action)
    let isAsynchronous = !task.isFinished
    let clockAdvance: Duration
    let unfinished: String?
    // Whether the state is what the actions so far come to: no effect can go on before the
    // next action.
    let isCaughtUp: Bool
    if runner.timeBetweenActions == nil {
      let settlement = await settle(task)
      clockAdvance = settlement.clockAdvance
      unfinished = settlement.unfinished
      isCaughtUp = true
    } else {
      if isAsynchronous { running.append(task) }
      let lull = await letTimePass(pause)
      clockAdvance = pause
      unfinished = lull.stalledReason
      isCaughtUp = lull == .caughtUp
    }
    steps.append(
      Runner.Step(
        choices: choices, pauseChoiceCount: pauseChoiceCount, action: action,
        isAsynchronous: isAsynchronous, clockAdvance: clockAdvance))
    let number = steps.count

    if let diagnostic = diagnostics.first {
      return failing(
        .diagnostic(diagnostic.kind), "The store reported a problem at action \(number)",
        details: [diagnostic.description])
    }
    if let unfinished {
      return failing(
        .unfinishedEffects, "The effects of action \(number) did not finish", details: [unfinished])
    }
    let after = store.state
    state = after
    modelRun?.apply(action)
    for property in runner.properties
    where !property.holds(before: before, action: action, after: after, isIdle: isCaughtUp) {
      return failing(
        .property(property.name), "Property “\(property.name)” failed",
        details: stateChangeLines(from: before, to: after, at: "action \(number)"))
    }
    // The model stands for every action so far, done: the feature matches it once its
    // effects have caught up.
    if isCaughtUp, let lines = modelRun?.mismatch(after) {
      return failing(
        .model, "The model and the feature differ",
        details: ["Differences (model → feature) after action \(number):"] + lines.map { "  " + $0 })
    }
    return nil
  }

  /// Sends the final actions, lets the effects still running run to their end, and checks the
  /// state they leave once more.
  ///
  /// - Returns: The failing run, or `nil` when everything held.
  func end() async -> Runner.FailingRun? {
    let finalActions = runner.finalActions
    guard !running.isEmpty || !finalActions.isEmpty else { return nil }
    for action in finalActions {
      let task = store.send(action)
      modelRun?.apply(action)
      if !task.isFinished { running.append(task) }
    }
    for task in running {
      if let unfinished = await settle(task).unfinished {
        return failing(
          .unfinishedEffects, "The effects still running after the last action did not finish",
          details: [
            unfinished,
            "Final actions (`finalActions`), sent after the last action of every sequence, can end them.",
          ], onceEffectsEnded: true)
      }
    }
    if let diagnostic = diagnostics.first {
      return failing(
        .diagnostic(diagnostic.kind), "The store reported a problem once the effects ended",
        details: [diagnostic.description], onceEffectsEnded: true)
    }
    let settled = store.state
    for property in runner.properties where !property.holds(whenIdle: settled) {
      return failing(
        .property(property.name), "Property “\(property.name)” failed once the effects ended",
        details: stateChangeLines(from: state, to: settled, at: "the end of the effects"),
        onceEffectsEnded: true)
    }
    if let lines = modelRun?.mismatch(settled) {
      return failing(
        .model, "The model and the feature differ once the effects ended",
        details: ["Differences (model → feature) once the effects ended:"] + lines.map { "  " + $0 },
        onceEffectsEnded: true)
    }
    return nil
  }

  /// The run so far, failing with `failure`; `onceEffectsEnded` says that the failure came
  /// after the final actions, once the effects ended.
  private func failing(
    _ failure: Runner.Failure, _ headline: String, details: [String], onceEffectsEnded: Bool = false
  ) -> Runner.FailingRun {
    Runner.FailingRun(
      failure: failure, steps: steps, details: details, headline: headline,
      isInterleaved: runner.timeBetweenActions != nil,
      endedWith: onceEffectsEnded ? runner.finalActions : nil)
  }

  /// The lines showing how the state changed at the failing step, `moment` ("action 3").
  private func stateChangeLines(from before: State, to after: State, at moment: String) -> [String] {
    let diff = ValueDiff(expected: before, actual: after)
    guard !diff.isEmpty else { return ["The state did not change at \(moment)."] }
    return ["State change at \(moment):"]
      + diff.changes.map { change in
        switch (change.expected, change.actual) {
        case (let old?, let new?): "  \(change.path): \(old) → \(new)"
        case (let old?, nil): "  \(change.path): removed \(old)"
        case (nil, let new?): "  \(change.path): added \(new)"
        case (nil, nil): "  \(change.path)"
        }
      }
  }
}

/// The diagnostics a store reported during a run.
@MainActor
final class DiagnosticLog {
  private(set) var entries: [StoreDiagnostic] = []

  nonisolated init() {}

  func append(_ diagnostic: StoreDiagnostic) {
    entries.append(diagnostic)
  }

  var first: StoreDiagnostic? {
    entries.first
  }
}

extension StoreDiagnostic {
  /// The case, to tell one kind of problem from another while shrinking.
  fileprivate var kind: String {
    switch self {
    case .actionCycle: "actionCycle"
    case .unhandledEffectError: "unhandledEffectError"
    case .stackElementMissing: "stackElementMissing"
    case .dismissalIgnored: "dismissalIgnored"
    case .sharedStorageFailed: "sharedStorageFailed"
    case .undoHistoryCleared: "undoHistoryCleared"
    case .effectCycle: "effectCycle"
    }
  }
}
