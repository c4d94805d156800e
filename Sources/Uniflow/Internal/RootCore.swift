import Observation

/// The machinery of a root store: the state, the reducer, the action queue with its loop
/// guard, middleware, observers, and the running effects.
///
/// A ``Store`` made by `init` owns one; a store made by `scope` reaches its root's through a
/// ``ScopeBridge``.
@usableFromInline
@MainActor
final class RootCore<State, Action> {
  #if DEBUG
    @usableFromInline var _state: State
  #else
    // Only the reducer mutates the state, through the queue, never re-entrantly; debug builds
    // keep the check to catch a reducer that reads its own store.
    @exclusivity(unchecked) @usableFromInline var _state: State
  #endif
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @usableFromInline let middleware: [Middleware<State, Action>]
  @usableFromInline let configuration: StoreConfiguration
  @usableFromInline let registrar = ObservationRegistrar()
  @usableFromInline let groups: SelectionGroups<State>
  @usableFromInline let tasks = EffectTasks()
  let liveness = Liveness()
  /// `\.state`, made once: in generic code a key path literal is instantiated on every use.
  @usableFromInline let stateKeyPath: KeyPath<RootCore, State>

  // The queue of actions waiting while another is processed. Main-actor isolation and the
  // queue itself rule out overlapping accesses, so they go unchecked on the hot path.
  @exclusivity(unchecked) @usableFromInline var isProcessing = false
  @exclusivity(unchecked) @usableFromInline var queue: [QueuedAction] = []
  @exclusivity(unchecked) @usableFromInline var drainGroup: EffectGroup?
  /// Whether ``state`` was read since the registrar was last told of a change. Observation
  /// tracking is one-shot and starts with a read, so a change that follows no read has no
  /// tracker to tell, and the registrar is skipped.
  @exclusivity(unchecked) @usableFromInline var isStateAccessed = false

  @usableFromInline
  struct QueuedAction {
    @usableFromInline let action: Action
    /// The effects of the action join this group; `nil` means the group of the current
    /// outermost send.
    @usableFromInline let group: EffectGroup?

    @inlinable
    init(action: Action, group: EffectGroup?) {
      self.action = action
      self.group = group
    }
  }

  @inlinable
  init(
    state: State, reducer: @escaping (inout State, Action) -> Effect<Action>,
    middleware: [Middleware<State, Action>], configuration: StoreConfiguration,
    groups: SelectionGroups<State>
  ) {
    self._state = state
    self.reducer = reducer
    self.middleware = middleware
    self.configuration = configuration
    self.groups = groups
    self.stateKeyPath = \RootCore.state
  }

  deinit {
    liveness.end()
    tasks.close()
  }

  /// A `Send` into this store for closures that may outlive it: once the store is gone, it
  /// does nothing.
  func makeSend(group: EffectGroup?) -> Send<Action> {
    Send { [liveness, unowned self] action in
      guard liveness.isAlive else { return }
      _ = self.receive(action, group: group)
    }
  }

  /// The state, tracked by Observation.
  @inlinable
  var state: State {
    isStateAccessed = true
    registrar.access(self, keyPath: stateKeyPath)
    return _state
  }

  @inlinable
  func receive(_ action: Action, group: EffectGroup?) -> StoreTask {
    guard !isProcessing else {
      let group = group ?? EffectGroup(tasks: tasks)
      queue.append(QueuedAction(action: action, group: group))
      return StoreTask(group: group)
    }
    isProcessing = true
    drainGroup = group
    groups.dropCancelled()
    process(action, group: nil)
    if !queue.isEmpty { drainQueue(first: action) }
    isProcessing = false
    let finished = drainGroup
    drainGroup = nil
    return StoreTask(group: finished)
  }

  /// Reduces one action, starts its effects (queueing its follow-ups), then tells middleware
  /// and observers.
  @inlinable
  func process(_ action: Action, group: EffectGroup?) {
    let effect: Effect<Action>
    if isStateAccessed {
      isStateAccessed = false
      registrar.willSet(self, keyPath: stateKeyPath)
      effect = reducer(&_state, action)
      registrar.didSet(self, keyPath: stateKeyPath)
    } else {
      effect = reducer(&_state, action)
    }
    if case .none = effect.operation {} else { start(effect, ids: [], group: group) }
    if !middleware.isEmpty { runMiddleware(action) }
    groups.update(_state)
  }

  /// The `send` handed to middleware, made once.
  private lazy var middlewareSend = makeSend(group: nil)

  @usableFromInline
  func runMiddleware(_ action: Action) {
    let send = middlewareSend
    for middleware in middleware {
      middleware.body(action, _state, send)
    }
  }

  /// Processes the queued actions, within the loop guard's bound.
  @usableFromInline
  func drainQueue(first: Action) {
    let limit = configuration.maximumSynchronousActions
    let window = min(64, limit)
    var tail: [Action] = limit <= window ? [first] : []
    var processed = 1
    var index = 0
    while index < queue.count {
      guard processed < limit else {
        reportCycle(tail, first: first, firstPosition: limit - tail.count + 1)
        break
      }
      let entry = queue[index]
      index += 1
      processed += 1
      if processed > limit - window { tail.append(entry.action) }
      process(entry.action, group: entry.group)
    }
    queue.removeAll(keepingCapacity: queue.count <= 64)
  }

  func reportCycle(_ tail: [Action], first: Action, firstPosition: Int) {
    let cycle = actionCycle(
      tail: tail, first: first, firstPosition: firstPosition,
      limit: configuration.maximumSynchronousActions)
    configuration.diagnosticHandler(.actionCycle(cycle))
  }
}

extension RootCore: Observable {}
