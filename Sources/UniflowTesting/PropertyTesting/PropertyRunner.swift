/// Runs the sequences of a property check: generates or replays the actions of each, which a
/// ``SequenceRun`` performs on a fresh store, checking the properties after each; and shrinks a
/// failing sequence.
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
    /// The choices that generated the action, then those that drew the time after it.
    let choices: [UInt64]
    /// How many of the last `choices` drew the time after the action.
    let pauseChoiceCount: Int
    let action: Action
    /// Whether the action's effects were still running when `send` returned.
    let isAsynchronous: Bool
    /// How far the test clock moved after the action: as far as its effects needed, or, when
    /// effects run between actions, the time drawn to pass before the next one.
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
    /// Whether effects ran on between the actions (`timeBetweenActions`).
    let isInterleaved: Bool
    /// When the failure came once the effects still running after the last action ended, the
    /// final actions sent before it; `nil` when it came at a step.
    let endedWith: [Action]?

    var choices: [[UInt64]] { steps.map(\.choices) }
  }

  let makeReducer: (TestClock) -> R
  let initialState: State
  let actions: (State) -> Generator<Action>
  /// The test-clock time to let pass after each action, while effects run on; `nil` when each
  /// action's effects run to their end before the next action.
  let timeBetweenActions: Generator<Duration>?
  /// The actions sent after the last generated one, before the effects run to their end.
  let finalActions: [Action]
  let properties: [FeatureProperty<State, Action>]
  let model: ReferenceModel<State, Action>?
  let effectLimits: EffectLimits
  /// Whether effects run on the main actor, in the order their work becomes ready.
  let runsEffectsInOrder: Bool

  /// How many times a step tries new choices when its generator rejects them.
  let maximumRejections = 100

  init(
    makeReducer: @escaping (TestClock) -> R, initialState: State,
    actions: @escaping (State) -> Generator<Action>, timeBetweenActions: Generator<Duration>?,
    finalActions: [Action], properties: [FeatureProperty<State, Action>],
    model: ReferenceModel<State, Action>?, effectLimits: EffectLimits, runsEffectsInOrder: Bool
  ) {
    self.makeReducer = makeReducer
    self.initialState = initialState
    self.actions = actions
    self.timeBetweenActions = timeBetweenActions
    self.finalActions = finalActions
    self.properties = properties
    self.model = model
    self.effectLimits = effectLimits
    self.runsEffectsInOrder = runsEffectsInOrder
  }

  /// Runs one sequence.
  ///
  /// - Parameters:
  ///   - source: Where the actions come from.
  ///   - judgesWaitingEffectsAtOnce: Whether effects that must end but that nothing in the
  ///     check can wake fail at once, without waiting for the timeout: while a failure of such
  ///     effects is shrunk (the failing run waited the whole timeout for them).
  /// - Returns: The failing run, or `nil` when every property held after every action.
  func run(_ source: Source, judgesWaitingEffectsAtOnce: Bool = false) async -> FailingRun? {
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

    let sequence = SequenceRun(
      runner: self, expectedLength: length, judgesWaitingEffectsAtOnce: judgesWaitingEffectsAtOnce)
    defer { sequence.stop() }
    if let failing = sequence.checkInitialState() { return failing }
    for index in 0..<length {
      var pause = Duration.zero
      var choices: [UInt64] = []
      var pauseChoiceCount = 0
      // A step whose generator rejects every choice is left out of the sequence.
      guard
        let action = draw(
          from: actions(sequence.state), random: &random,
          replaying: random == nil ? replayed[index] : nil, pause: &pause, choices: &choices,
          pauseChoiceCount: &pauseChoiceCount)
      else { continue }
      if let failing = await sequence.perform(
        action, pause: pause, choices: choices, pauseChoiceCount: pauseChoiceCount)
      {
        return failing
      }
    }
    return await sequence.end()
  }

  /// Draws the next action from `generator`, then the time to let pass after it: from fresh
  /// choices of `random`, which it moves on, retrying while the generator rejects; or from the
  /// `replaying` choices of a recorded step.
  ///
  /// - Returns: The action, with the pause in `pause`, the choices behind both in `choices` and
  ///   how many of them drew the pause in `pauseChoiceCount`; `nil` when the generator rejected
  ///   every try.
  private func draw(
    from generator: Generator<Action>, random: inout SplitMix64?, replaying: [UInt64]?,
    pause: inout Duration, choices: inout [UInt64], pauseChoiceCount: inout Int
  ) -> Action? {
    var rng = random
    defer { random = rng }
    for _ in 0..<(replaying == nil ? maximumRejections : 1) {
      var source: ChoiceSource
      if let replaying {
        source = ChoiceSource(replaying: replaying)
      } else if let next = rng {
        source = ChoiceSource(generator: next)
      } else {
        return nil
      }
      let action = generator.generate(&source)
      let actionChoiceCount = source.recorded.count
      // A pause generator that rejects lets no time pass.
      if action != nil, let drawn = timeBetweenActions?.generate(&source) { pause = max(.zero, drawn) }
      rng = source.generator ?? rng
      choices = source.recorded
      pauseChoiceCount = choices.count - actionChoiceCount
      if action != nil { return action }
    }
    return nil
  }
}
