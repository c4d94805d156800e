/// The actions of one chain that crosses effects without waiting: each was sent by an effect of
/// an action of the chain (or is a synchronous follow-up of one), and that effect did not wait
/// before sending it. What the async loop guard counts, and stops.
///
/// Its branches count together, so that a fan-out, where each step's effect sends several
/// actions of the chain, reaches the bound as soon as a single line would.
@usableFromInline
@MainActor
final class EffectChain {
  /// The actions sent into the chain by effects since it started, or since its last check.
  var count = 0
  /// Whether the guard stopped the chain: its effects are cancelled and its actions dropped.
  var isStopped = false
  /// The identifier its effects run under, so that stopping it cancels them; made when the
  /// first one starts.
  private var storedID: EffectID?

  /// The number of the last chain made, for the next chain's identifier.
  private static var chainsMade = 0

  var id: EffectID {
    if let storedID { return storedID }
    Self.chainsMade &+= 1
    let id = EffectID(ChainNumber(value: Self.chainsMade))
    storedID = id
    return id
  }

  /// Whether effects of the chain were started under ``id``.
  var hasEffects: Bool { storedID != nil }

  /// The identifier of a chain's effects; no feature can name it.
  private struct ChainNumber: Hashable, Sendable {
    let value: Int
  }
}

/// One action of an ``EffectChain`` that started effects: what the actions its effects send
/// descend from.
@MainActor
@usableFromInline
final class ChainStep<Action> {
  let action: Action
  let chain: EffectChain
  /// The number of effect steps from the first action of the chain to this one, from 1.
  let depth: Int
  /// The step this one's action descends from. Cut every ``pathWindow`` steps, so that a long
  /// chain keeps only its recent path alive, not every action it ever sent.
  private(set) var parent: ChainStep?

  @usableFromInline
  init(action: Action, origin: ChainOrigin<Action>) {
    self.action = action
    switch origin {
    case .effect(let chain):
      self.chain = chain
      depth = 1
      parent = nil
    case .step(let parent):
      chain = parent.chain
      depth = parent.depth + 1
      self.parent = parent
    case .followUp(let parent):
      chain = parent.chain
      depth = parent.depth
      self.parent = parent
    }
    if depth % pathWindow == 0 { forgetPath(beyond: 2 * pathWindow) }
  }

  /// Drops the link from the step `steps` back to those before it.
  private func forgetPath(beyond steps: Int) {
    var step = self
    for _ in 0..<steps {
      guard let parent = step.parent else { return }
      step = parent
    }
    step.parent = nil
  }

  /// The actions of the path to this step, oldest first, at most `maximum` of them.
  func path(maximum: Int) -> [Action] {
    var actions: [Action] = []
    var step: ChainStep? = self
    while let current = step, actions.count < maximum {
      actions.append(current.action)
      step = current.parent
    }
    return actions.reversed()
  }
}

/// The most recent actions of a chain's path the guard keeps and checks for a cycle.
let pathWindow = 64

/// Where an action that joins an async chain comes from.
@usableFromInline
enum ChainOrigin<Action> {
  /// Sent by an effect of an action outside any chain: the action starts `chain`, which the
  /// other actions that effect sends start too.
  case effect(EffectChain)
  /// Sent, without waiting, by a watched effect of the step's action.
  case step(ChainStep<Action>)
  /// A synchronous follow-up (``Effect/send(_:)``) of the step's action.
  case followUp(ChainStep<Action>)
}
