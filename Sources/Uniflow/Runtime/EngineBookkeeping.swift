/// What a root core changes as it works, in one value: its phase, its queue of actions with
/// the synchronous loop guard, the async loop guard, the effect group of the current send, and
/// what it must tell Observation, the listeners of actions and middleware.
///
/// The root core keeps it in memory of its own, read and written in place on every action (see
/// ``RootCore/bookkeeping``). The methods of the values it holds never call out of the engine,
/// so no access to it is open while the reducer, an effect, a middleware or an observer runs
/// (and may send).
@usableFromInline
struct EngineBookkeeping<State, Action> {
  @usableFromInline var phase = EnginePhase()
  /// The effect group of the outermost send being processed, once one of its actions started
  /// an effect or the send came with a group.
  @usableFromInline var drainGroup: EffectGroup?
  /// The number of actions processed so far: the sequence number of the last one.
  @usableFromInline var processedCount = 0
  /// What was read since the registrar was last told of a change: the whole state, parts of it
  /// through a key path, or both. Observation tracking is one-shot and starts with a read, so a
  /// change that follows no read has no tracker to tell, and the registrar is skipped: one
  /// check per action.
  @usableFromInline var observedReads: ObservedReads = []
  @usableFromInline var queue = ActionQueue<Action>()
  @usableFromInline var asyncGuard = AsyncLoopGuard<Action>()
  /// The listeners of the actions this store processes (`observeActions(_:)`), made with the
  /// first one: a store without any pays one check per action.
  @usableFromInline var actionListeners: ActionListeners<State, Action>?
  /// The `send` handed to middleware, made on first use.
  @usableFromInline var middlewareSend: Send<Action>?

  @inlinable
  init() {}
}

/// What a root store's state was read as under Observation since its registrar was last told
/// of a change.
@usableFromInline
struct ObservedReads: OptionSet {
  @usableFromInline let rawValue: UInt8

  @inlinable
  init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// The whole state: its readers are told of every action.
  @inlinable
  static var state: ObservedReads { ObservedReads(rawValue: 1) }

  /// Parts of it through a key path: their readers are told when their part changed.
  @inlinable
  static var parts: ObservedReads { ObservedReads(rawValue: 2) }
}
