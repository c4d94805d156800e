/// Runs the sequences of a property check: generates or replays actions, sends them to a fresh
/// store, runs their effects to the end, and checks the properties after each.
@MainActor
final class PropertyRunner<R: Reducer> {
  typealias State = R.State
  typealias Action = R.Action

  /// How a run gets its actions.
  enum Source {
    /// Fresh random choices, for a number of actions.
    case random(SplitMix64, length: Int)
    /// The recorded choices of each step, replayed.
    case replay([[UInt64]])
  }

  /// What went wrong, identified so that shrinking keeps to the same failure.
  enum Failure: Equatable {
    case property(String)
    case model
    case unfinishedEffects
    case diagnostic(String)
  }

  /// One action of a run, as it happened.
  struct Step {
    /// The choices that generated the action.
    let choices: [UInt64]
    let action: Action
    /// Whether the action's effects were still running when `send` returned.
    let isAsynchronous: Bool
    /// How far the test clock moved for the action's effects.
    let clockAdvance: Duration
  }

  /// A failing run: the steps up to and including the failing one.
  struct FailingRun {
    let failure: Failure
    let steps: [Step]
    /// The lines that show the failure at its step: the state change, the model mismatch.
    let details: [String]
    /// The lead of the message, naming the failure.
    let headline: String

    var choices: [[UInt64]] { steps.map(\.choices) }
  }

  let makeReducer: (TestClock) -> R
  let initialState: State
  let actions: (State) -> Generator<Action>
  let properties: [FeatureProperty<State, Action>]
  let model: ReferenceModel<State, Action>?
  let effectLimits: EffectLimits

  /// How many times a step tries new choices when its generator rejects them.
  let maximumRejections = 100

  init(
    makeReducer: @escaping (TestClock) -> R, initialState: State,
    actions: @escaping (State) -> Generator<Action>, properties: [FeatureProperty<State, Action>],
    model: ReferenceModel<State, Action>?, effectLimits: EffectLimits
  ) {
    self.makeReducer = makeReducer
    self.initialState = initialState
    self.actions = actions
    self.properties = properties
    self.model = model
    self.effectLimits = effectLimits
  }

  /// Runs one sequence.
  ///
  /// - Returns: The failing run, or `nil` when every property held after every action.
  func run(_ source: Source) async -> FailingRun? {
    let clock = TestClock()
    let diagnostics = DiagnosticLog()
    let configuration = StoreConfiguration { diagnostics.append($0) }
    let store = Store(initialState: initialState, reducer: makeReducer(clock), configuration: configuration)
    let modelRun = model?.start()
    let monitor = EffectMonitor(
      clock: clock, timeout: effectLimits.timeout, timeoutClock: effectLimits.timeoutClock)
    defer { monitor.stop() }

    // The state after the last step: each step's effects have ended when it is read, so it is
    // also the state the next step starts from.
    var state = store.state
    for property in properties where !property.holds(initially: state) {
      return FailingRun(
        failure: .property(property.name), steps: [], details: [],
        headline: "Property “\(property.name)” does not hold for the initial state")
    }
    if let lines = modelRun?.mismatch(state) {
      return FailingRun(
        failure: .model, steps: [], details: ["Differences (model → feature):"] + lines.map { "  " + $0 },
        headline: "The model and the feature differ in the initial state")
    }

    var random: SplitMix64?
    let length: Int
    var replayed: [[UInt64]] = []
    switch source {
    case .random(let generator, let count):
      random = generator
      length = count
    case .replay(let choices):
      replayed = choices
      length = choices.count
    }

    var steps: [Step] = []
    steps.reserveCapacity(length)
    for index in 0..<length {
      let generator = actions(state)
      var action: Action?
      var choices: [UInt64] = []
      if var rng = random {
        for _ in 0..<maximumRejections {
          var choiceSource = ChoiceSource(generator: rng)
          action = generator.generate(&choiceSource)
          rng = choiceSource.generator ?? rng
          choices = choiceSource.recorded
          if action != nil { break }
        }
        random = rng
      } else {
        var choiceSource = ChoiceSource(replaying: replayed[index])
        action = generator.generate(&choiceSource)
        choices = choiceSource.recorded
      }
      // A step whose generator rejects every choice is left out of the sequence.
      guard let action else { continue }

      let before = state
      let task = store.send(action)
      let isAsynchronous = !task.isFinished
      let settlement = await settle(task, clock: clock, monitor: monitor)
      let step = Step(
        choices: choices, action: action, isAsynchronous: isAsynchronous,
        clockAdvance: settlement.clockAdvance)
      steps.append(step)
      let number = steps.count

      if let diagnostic = diagnostics.first {
        return FailingRun(
          failure: .diagnostic(diagnostic.kind), steps: steps, details: [diagnostic.description],
          headline: "The store reported a problem at action \(number)")
      }
      if let unfinished = settlement.unfinished {
        return FailingRun(
          failure: .unfinishedEffects, steps: steps, details: [unfinished],
          headline: "The effects of action \(number) did not finish")
      }
      let after = store.state
      state = after
      modelRun?.apply(action)
      for property in properties where !property.holds(before: before, action: action, after: after) {
        return FailingRun(
          failure: .property(property.name), steps: steps,
          details: stateChangeLines(from: before, to: after, at: number),
          headline: "Property “\(property.name)” failed")
      }
      if let lines = modelRun?.mismatch(after) {
        return FailingRun(
          failure: .model, steps: steps,
          details: ["Differences (model → feature) after action \(number):"] + lines.map { "  " + $0 },
          headline: "The model and the feature differ")
      }
    }
    return nil
  }

  /// The lines showing how the state changed at the failing action.
  private func stateChangeLines(from before: State, to after: State, at number: Int) -> [String] {
    let diff = ValueDiff(expected: before, actual: after)
    guard !diff.isEmpty else { return ["The state did not change at action \(number)."] }
    return ["State change at action \(number):"]
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
    }
  }
}
