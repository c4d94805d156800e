import Observation

/// The runtime of a feature: it owns the state, runs every action through the reducer, runs
/// the effects the reducer returns, and tells observers what changed.
///
/// ```swift
/// let store = Store(initialState: Counter.State(), reducer: Counter())
/// store.send(.increment)
/// store.state.count  // 1
/// ```
///
/// Every action passes through ``send(_:)``: the store is the single funnel that middleware
/// (logging, analytics, persistence) attach to.
///
/// **Order.** An action sent while another is being reduced, or while observers or middleware
/// are being called, is queued and processed after it, in the order sent; no action is ever
/// reduced in the middle of another. ``Effect/send(_:)`` follow-ups join the same queue, and
/// the queue is empty again before ``send(_:)`` returns.
///
/// **Loop guard.** One ``send(_:)`` processes at most
/// ``StoreConfiguration/maximumSynchronousActions`` actions; a chain that would go further is
/// stopped and reported as a ``StoreDiagnostic/actionCycle(_:)`` naming the repeating actions.
///
/// **Observation.** The store is `Observable`: reading ``state`` inside
/// `withObservationTracking` (or a SwiftUI view) tracks it. For finer updates,
/// ``observe(_:onChange:)`` calls back only when a selected part of the state changed, and
/// ``values(of:)`` streams it.
///
/// **Lifetime.** Releasing the store cancels its running effects; effects never keep their
/// store alive.
///
/// - Complexity: A send costs the reduction, one selection and one comparison per distinct
///   observed selection, and a call per middleware. It never copies the state: the store keeps
///   no second reference to it.
@dynamicMemberLookup
@MainActor
public final class Store<State, Action> {
  @usableFromInline var _state: State
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @usableFromInline let middleware: [Middleware<State, Action>]
  @usableFromInline let configuration: StoreConfiguration
  @usableFromInline let registrar = ObservationRegistrar()
  @usableFromInline let groups = SelectionGroups<State>()
  @usableFromInline let tasks = EffectTasks()
  @usableFromInline var stateKeyPath: KeyPath<Store, State> { \.state }

  // The queue of actions waiting while another is processed.
  @usableFromInline var isProcessing = false
  @usableFromInline var queue: [QueuedAction] = []
  @usableFromInline var drainGroup: EffectGroup?

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

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The feature's reducer, with its dependencies injected.
  ///   - middleware: Observers of every action, called in order after each reduction.
  ///   - configuration: The loop guard's bound and where diagnostics go.
  @inlinable
  public init<R: Reducer>(
    initialState: State,
    reducer: R,
    middleware: [Middleware<State, Action>] = [],
    configuration: StoreConfiguration = StoreConfiguration()
  ) where R.State == State, R.Action == Action {
    self._state = initialState
    self.reducer = { reducer.reduce(into: &$0, action: $1) }
    self.middleware = middleware
    self.configuration = configuration
  }

  /// Creates a store whose reducer is built from a list of reducers.
  ///
  /// ```swift
  /// let store = Store(initialState: App.State()) {
  ///   Counter()
  ///   Analytics(tracker: tracker)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - middleware: Observers of every action, called in order after each reduction.
  ///   - configuration: The loop guard's bound and where diagnostics go.
  ///   - reducer: The reducers, run in order for every action.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: State,
    middleware: [Middleware<State, Action>] = [],
    configuration: StoreConfiguration = StoreConfiguration(),
    @ReducerBuilder<State, Action> reducer: () -> R
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState, reducer: reducer(), middleware: middleware,
      configuration: configuration)
  }

  deinit {
    tasks.close()
  }

  /// The current state.
  ///
  /// Reading it inside `withObservationTracking` (or a SwiftUI view body) tracks it: the
  /// tracking fires on the next action the store processes.
  public var state: State {
    registrar.access(self, keyPath: \.state)
    return _state
  }

  /// A part of the current state: `store.count` reads `store.state.count`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Processes an action: reduces it, runs middleware and observers, starts its effects, and
  /// processes its synchronous follow-ups, all before returning.
  ///
  /// Sending while the store is already processing an action (from an observer, a middleware,
  /// or a callback they trigger) queues the action behind the current one.
  ///
  /// - Parameter action: The action to process.
  /// - Returns: A task that finishes when every effect of the action has finished.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    receive(action, group: nil)
  }

  /// The number of effect tasks running; for diagnostics and tests.
  public var runningEffectCount: Int {
    tasks.count
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
    let effect = registrar.withMutation(of: self, keyPath: stateKeyPath) {
      reducer(&_state, action)
    }
    if case .none = effect.operation {} else { start(effect, ids: [], group: group) }
    if !middleware.isEmpty { runMiddleware(action) }
    groups.update(_state)
  }

  @usableFromInline
  func runMiddleware(_ action: Action) {
    let send = Send<Action> { [weak self] in _ = self?.receive($0, group: nil) }
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
    let (actions, isRepeating) = repeatingCycle(
      in: tail.map(actionName), firstName: actionName(first), firstPosition: firstPosition)
    configuration.diagnosticHandler(
      .actionCycle(
        ActionCycle(
          actions: actions, isRepeating: isRepeating,
          limit: configuration.maximumSynchronousActions)))
  }
}

extension Store: Observable {}
