/// Where a root core is in its work: idle, processing an action (its queue, its effects, its
/// middleware and observers), or running its reducer; and whether a shared value changed
/// meanwhile.
///
/// One value for what were separate flags, so that the states that cannot happen (reducing
/// while idle) cannot be written. Its transitions are the engine's:
///
/// ```
/// idle ──beginProcessing──▶ processing ──beginReducing──▶ reducing
///   ▲                          │   ▲                          │
///   └──────endProcessing───────┘   └───────endReducing────────┘
/// ```
///
/// A send that finds the engine processing queues its action; a read of the state while it is
/// reducing stops the program (the state is half-reduced); a shared value changed while it is
/// processing is published when processing ends.
@usableFromInline
struct EnginePhase {
  @usableFromInline
  enum Activity: UInt8 {
    case idle
    case processing
    case reducing
  }

  @usableFromInline var activity = Activity.idle
  /// Whether a shared value changed in this store's reducer, or a change must be checked once
  /// this store has finished its action: ``endProcessing()`` then says to publish it.
  @usableFromInline var hasPendingSharedChange = false

  @inlinable
  init() {}

  /// Whether an action is being processed: a send now is queued.
  @inlinable
  var isProcessing: Bool { activity != .idle }

  /// Whether the reducer is running: reading the state now would see it half-reduced.
  @inlinable
  var isReducing: Bool { activity == .reducing }

  /// Starts processing an action, unless one is being processed already.
  ///
  /// - Returns: Whether it started; `false` means the action must wait in the queue.
  @inlinable
  mutating func beginProcessing() -> Bool {
    guard activity == .idle else { return false }
    activity = .processing
    return true
  }

  /// Ends processing, back to idle.
  ///
  /// - Returns: Whether a shared value changed meanwhile: its holders are to be told now.
  @inlinable
  mutating func endProcessing() -> Bool {
    activity = .idle
    guard hasPendingSharedChange else { return false }
    hasPendingSharedChange = false
    return true
  }

  /// The reducer starts: the state is not to be read until ``endReducing()``.
  @inlinable
  mutating func beginReducing() {
    activity = .reducing
  }

  /// The reducer returned; the action is still being processed.
  @inlinable
  mutating func endReducing() {
    activity = .processing
  }
}
