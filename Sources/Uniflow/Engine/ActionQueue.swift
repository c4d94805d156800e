/// The actions a root store has still to process in the current send, and the synchronous loop
/// guard that bounds them: it stops a chain of follow-ups that would not end.
///
/// A value the root core keeps in its bookkeeping. Its methods never call out: the core takes
/// the next action (``next(in:)``) and processes it itself, so an action sent while another is
/// processed can be appended at any moment.
///
/// One send processes at most ``StoreConfiguration/maximumSynchronousActions`` actions. A
/// ``Drain`` counts them and keeps the last few; when the bound is reached, the drain stops, and
/// its ``Drain/cycle`` names the actions that repeat (compared by value, see
/// ``actionCycle(tail:first:firstPosition:limit:)``). The actions still queued then are dropped.
@usableFromInline
struct ActionQueue<Action> {
  /// The actions waiting, oldest first; during a drain, those before its cursor were processed.
  @usableFromInline var pending: [QueuedAction<Action>] = []

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
    /// The action the send started with, processed before the drain; `nil` when the send
    /// started with none (observers told of a shared value's change).
    let first: Action?
    /// ``StoreConfiguration/maximumSynchronousActions``.
    let limit: Int
    /// How many of the last actions are kept to name a cycle.
    let window: Int
    /// The last actions processed, oldest first: the cycle is looked for among them.
    private var tail: [Action]
    /// The actions processed in this send, its first included.
    fileprivate private(set) var processed: Int
    /// The index in the queue of the next action.
    fileprivate private(set) var position = 0
    /// The repeating actions, once the guard has stopped the drain.
    private(set) var cycle: ActionCycle?

    /// Starts a drain after the send's first action.
    ///
    /// - Parameters:
    ///   - first: The action the send started with.
    ///   - limit: The loop guard's bound.
    init(after first: Action?, limit: Int) {
      self.first = first
      self.limit = limit
      processed = first == nil ? 0 : 1
      window = min(64, limit)
      tail = limit <= window ? first.map { [$0] } ?? [] : []
    }

    fileprivate mutating func count(_ action: Action) {
      position += 1
      processed += 1
      if processed > limit - window { tail.append(action) }
    }

    fileprivate mutating func stop() {
      guard let first = first ?? tail.first else { return }
      cycle = actionCycle(
        tail: tail, first: first, firstPosition: limit - tail.count + 1, limit: limit)
    }
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
  /// For a presenter's action that dismisses a feature, the feature's instance: the action is
  /// processed only if the instance is still in the state when its turn comes.
  @usableFromInline let dismissing: EffectID?

  @inlinable
  init(
    action: Action, group: EffectGroup? = nil, cause: Int? = nil,
    origin: ChainOrigin<Action>? = nil,
    dismissing: EffectID? = nil
  ) {
    self.action = action
    self.group = group
    self.cause = cause
    self.origin = origin
    self.dismissing = dismissing
  }
}
