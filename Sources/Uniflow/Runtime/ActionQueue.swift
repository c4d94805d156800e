/// The actions a root store has still to process in the current send, and the two loop guards
/// that bound them: the synchronous one, which stops a chain of follow-ups that would not end,
/// and the async one, which stops a loop through effects.
///
/// A value the root core keeps in its bookkeeping. Its methods never call out: the core takes
/// the next action (``next(in:)``) and processes it itself, so an action sent while another is
/// processed can be appended at any moment.
///
/// **The synchronous guard.** One send processes at most
/// ``StoreConfiguration/maximumSynchronousActions`` actions. A ``Drain`` counts them and keeps
/// the last few; when the bound is reached, the drain stops, and its ``Drain/cycle`` names the
/// actions that repeat (compared by value, see ``actionCycle(tail:first:firstPosition:limit:)``).
/// The actions still queued then are dropped.
///
/// **The async guard.** An action an effect sends back joins an ``EffectChain``:
/// ``chainStarted(by:)`` says which, and ``admit(_:sentAfter:limit:)`` counts it and stops the
/// chain once it has gone past ``StoreConfiguration/maximumEffectChainActions`` repeating a cycle.
@usableFromInline
struct ActionQueue<Action> {
  /// The actions waiting, oldest first; during a drain, those before its cursor were processed.
  @usableFromInline var pending: [QueuedAction<Action>] = []
  /// The async chain that the actions sent by the unwatched effects of one action start, and
  /// that action's sequence number; see ``chainStarted(by:)``.
  var lastStartedChain: (cause: Int, chain: EffectChain)?

  @inlinable
  init() {}

  /// Whether no action waits.
  @inlinable
  var isEmpty: Bool { pending.isEmpty }

  /// Adds an action at the end.
  @inlinable
  mutating func append(_ action: QueuedAction<Action>) {
    pending.append(action)
  }

  /// Takes the first action out, before a drain starts.
  mutating func removeFirst() -> QueuedAction<Action> {
    pending.removeFirst()
  }

  /// The next action a drain processes; `nil` when the queue is empty or the synchronous guard
  /// has stopped the drain (its ``Drain/cycle`` then says why).
  ///
  /// - Complexity: O(1); O(*w*) when the bound is reached, for a window *w* of at most 64
  ///   actions.
  func next(in drain: inout Drain) -> QueuedAction<Action>? {
    guard drain.position < pending.count else { return nil }
    guard drain.processed < drain.limit else {
      drain.stop()
      return nil
    }
    let entry = pending[drain.position]
    drain.count(entry.action)
    return entry
  }

  /// Forgets the actions of a drain that ended, processed or dropped.
  mutating func endDrain() {
    pending.removeAll(keepingCapacity: pending.count <= 64)
  }

  /// One pass over the queue within one send: where it is, and the synchronous loop guard's
  /// count of the actions processed since the send's first.
  struct Drain {
    /// The action the send started with, processed before the drain.
    let first: Action
    /// ``StoreConfiguration/maximumSynchronousActions``.
    let limit: Int
    /// How many of the last actions are kept to name a cycle.
    let window: Int
    /// The last actions processed, oldest first: the cycle is looked for among them.
    private var tail: [Action]
    /// The actions processed in this send, its first included.
    fileprivate private(set) var processed = 1
    /// The index in the queue of the next action.
    fileprivate private(set) var position = 0
    /// The repeating actions, once the guard has stopped the drain.
    private(set) var cycle: ActionCycle?

    /// Starts a drain after the send's first action.
    ///
    /// - Parameters:
    ///   - first: The action the send started with.
    ///   - limit: The loop guard's bound.
    init(after first: Action, limit: Int) {
      self.first = first
      self.limit = limit
      window = min(64, limit)
      tail = limit <= window ? [first] : []
    }

    fileprivate mutating func count(_ action: Action) {
      position += 1
      processed += 1
      if processed > limit - window { tail.append(action) }
    }

    fileprivate mutating func stop() {
      cycle = actionCycle(
        tail: tail, first: first, firstPosition: limit - tail.count + 1, limit: limit)
    }
  }
}

// MARK: - The async loop guard

@MainActor
extension ActionQueue {
  /// What the async loop guard decided for an action a watched effect sent without waiting.
  enum Admission {
    /// Process it.
    case admitted
    /// Drop it: its chain was stopped before.
    case dropped
    /// Drop it, and stop its chain now: cancel the chain's effects (when it has any) and
    /// report the cycle.
    case stopped(EffectCycle, cancelling: EffectID?)
  }

  /// The async loop guard: counts an action that a watched effect of `step` sent without
  /// waiting, and stops the chain when it has gone past the bound repeating a cycle.
  ///
  /// At every `limit` actions of a chain, the path that led to this one (its last
  /// ``pathWindow`` actions) is checked. A path that repeats a cycle of actions, compared by
  /// value as the synchronous guard compares them, stops the chain: its effects are to be
  /// cancelled, this action and the chain's later ones are dropped, and one
  /// ``StoreDiagnostic/effectCycle(_:)`` names the cycle. A path that does not repeat (pages,
  /// a countdown) starts the count again.
  ///
  /// - Parameters:
  ///   - action: The action sent.
  ///   - step: The step of the chain whose effect sent it.
  ///   - limit: ``StoreConfiguration/maximumEffectChainActions``.
  /// - Returns: Whether to process the action, and what to do when the chain stops.
  func admit(_ action: Action, sentAfter step: ChainStep<Action>, limit: Int) -> Admission {
    let chain = step.chain
    guard !chain.isStopped else { return .dropped }
    chain.count += 1
    guard chain.count >= limit else { return .admitted }
    chain.count = 0
    let path = step.path(maximum: pathWindow - 1) + [action]
    guard path.count >= minimumCyclePath else { return .admitted }
    let cycle = actionCycle(
      tail: path, first: path[0], firstPosition: max(1, step.depth + 2 - path.count), limit: limit)
    guard cycle.isRepeating else { return .admitted }
    chain.isStopped = true
    return .stopped(
      EffectCycle(actions: cycle.actions, limit: limit), cancelling: chain.hasEffects ? chain.id : nil)
  }

  /// The chain that an action sent by an unwatched effect of the action numbered `cause`
  /// starts: the chain of the previous such action when it had the same cause (and the guard
  /// has not stopped it), so that the branches of a fan-out from outside count together;
  /// otherwise a new one.
  ///
  /// Made when the first action arrives rather than when the effect starts: most effects of
  /// actions from outside send nothing back, and they make no chain.
  mutating func chainStarted(by cause: Int?) -> EffectChain {
    if let cause, let last = lastStartedChain, last.cause == cause, !last.chain.isStopped {
      return last.chain
    }
    let chain = EffectChain()
    if let cause { lastStartedChain = (cause, chain) }
    return chain
  }
}

/// An action waiting in a root store's ``ActionQueue``.
@usableFromInline
struct QueuedAction<Action> {
  @usableFromInline let action: Action
  /// The effects of the action join this group; `nil` means the group of the current
  /// outermost send.
  @usableFromInline let group: EffectGroup?
  /// The sequence number of the action whose effect sent this one; `nil` from outside.
  @usableFromInline let cause: Int?
  /// The async chain the action joins; `nil` for none.
  @usableFromInline let origin: ChainOrigin<Action>?

  @inlinable
  init(action: Action, group: EffectGroup?, cause: Int?, origin: ChainOrigin<Action>?) {
    self.action = action
    self.group = group
    self.cause = cause
    self.origin = origin
  }
}

/// The fewest actions a chain's path must hold for the guard to call it a cycle: a short path
/// in a wide chain (one effect streaming many changes) is no loop.
let minimumCyclePath = 8
