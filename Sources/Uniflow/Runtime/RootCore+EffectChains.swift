extension RootCore {
  /// The async loop guard: counts an action that a watched effect of `step` sent without
  /// waiting, and stops the chain when it has gone past the bound repeating a cycle.
  ///
  /// At every ``StoreConfiguration/maximumEffectChainActions`` actions of a chain, the path that
  /// led to this one (its last ``pathWindow`` actions) is checked. A path that repeats a cycle of
  /// actions, compared by value as the synchronous guard compares them, stops the chain: its
  /// effects are cancelled, this action and the chain's later ones are dropped, and one
  /// ``StoreDiagnostic/effectCycle(_:)`` names the cycle. A path that does not repeat (pages,
  /// a countdown) starts the count again.
  ///
  /// - Returns: Whether to process the action; `false` once the chain is stopped.
  func admit(_ action: Action, sentAfter step: ChainStep<Action>) -> Bool {
    let chain = step.chain
    guard !chain.isStopped else { return false }
    chain.count += 1
    let limit = configuration.maximumEffectChainActions
    guard chain.count >= limit else { return true }
    chain.count = 0
    let path = step.path(maximum: pathWindow - 1) + [action]
    guard path.count >= minimumCyclePath else { return true }
    let cycle = actionCycle(
      tail: path, first: path[0], firstPosition: max(1, step.depth + 2 - path.count), limit: limit)
    guard cycle.isRepeating else { return true }
    chain.isStopped = true
    if chain.hasEffects { tasks.cancel(id: chain.id) }
    configuration.diagnosticHandler(.effectCycle(EffectCycle(actions: cycle.actions, limit: limit)))
    return false
  }
}

extension RootCore {
  /// The chain that an action sent by an unwatched effect of the action numbered `cause`
  /// starts: the chain of the previous such action when it had the same cause (and the guard
  /// has not stopped it), so that the branches of a fan-out from outside count together;
  /// otherwise a new one.
  ///
  /// Made when the first action arrives rather than when the effect starts: most effects of
  /// actions from outside send nothing back, and they make no chain.
  func chainStarted(by cause: Int?) -> EffectChain {
    if let cause, let last = lastStartedChain, last.cause == cause, !last.chain.isStopped {
      return last.chain
    }
    let chain = EffectChain()
    if let cause { lastStartedChain = (cause, chain) }
    return chain
  }
}

/// The fewest actions a chain's path must hold for the guard to call it a cycle: a short path
/// in a wide chain (one effect streaming many changes) is no loop.
let minimumCyclePath = 8
