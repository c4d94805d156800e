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
/// **Observation.** The store is `Observable`, field by field: a SwiftUI view (or
/// `withObservationTracking`) that reads `store.title`, or a nested part by key path
/// (`store[\.list.rows.count]`), is told when that part changes, and not when another part
/// does; a view that reads ``state`` is told of every action. Outside SwiftUI,
/// `observe(_:onChange:)` calls back only when a selected part of the state changed, and
/// `values(of:)` streams it.
///
/// **Composition.** `scope(state:action:)` gives a child store for a part of the state; it
/// shares the root's state, reducer, middleware and effects.
///
/// **Lifetime.** Releasing a root store cancels its running effects, and drops its observers
/// and listeners, with the stores scoped from it: effects never keep their store alive, nor
/// does an observer or a listener that holds a scoped store. A scoped store whose root store
/// was released answers with the state the root store left, and its sends do nothing.
///
/// - Complexity: A send costs the reduction, one selection and one comparison per distinct
///   observed selection, and a call per middleware. It never copies the state: the store keeps
///   no second reference to it.
@dynamicMemberLookup
@MainActor
public final class Store<State, Action> {
  /// The engine: a root core for a store made with `init`, a scoped core for one made with
  /// `scope`.
  @usableFromInline let core: StoreCore<State, Action>
  /// The streams made by `values(of:)`, finished when the store is released; made on first
  /// use.
  var streams: StoreStreams?

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
    let (reduction, appearance) = reducer._storeParts()
    // The features present in the initial state appear with the store.
    var state = initialState
    let work = appearance?(&state) ?? .none
    let root = RootCore(
      state: state, reducer: reduction, middleware: middleware, configuration: configuration)
    self.core = .root(root)
    if case .none = work.operation { return }
    _ = root.run(.appearance(work))
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

  /// A scoped store.
  @usableFromInline
  init(scoped core: ScopedCore<State, Action>) {
    self.core = .scoped(core)
  }

  // Isolated: a store may be released on any thread (by a detached task that held it, a
  // background queue), and is then destroyed on the main actor, where a root store stops its
  // engine (see `RootEngine.stop()`) and the root core relies on that (see the `SAFETY:`
  // comment on its `deinit`).
  isolated deinit {
    if case .root(let root) = core { root.stop() }
    streams?.finishAll()
  }

  /// The current state.
  ///
  /// Reading it inside `withObservationTracking` (or a SwiftUI view body) tracks all of it:
  /// read a field instead (`store.count`) to be told of that field only. For a root store the
  /// tracking of the whole state fires on the next action the store processes. For a scoped store
  /// it fires when the store's own part of the state changed: compared with `==` if the part
  /// is `Equatable`, otherwise on the next action. A scoped store whose part of the state is
  /// gone (a removed row, a dismissed child, or a child of one) answers with the last state it
  /// read.
  ///
  /// Reading it while the store's own reducer runs stops the program with a message: a
  /// reducer reads and changes only the state it is given.
  @inlinable
  public var state: State {
    core.state
  }

  /// A part of the current state: `store.count` reads `store.state.count`, and Observation
  /// tracks that part alone.
  ///
  /// Read inside `withObservationTracking` (or a SwiftUI view body), `store.count` is told when
  /// `count` changes, and not when another part does. A part that is not `Equatable` is told
  /// of every action after the read. For a nested part, read it by key path:
  /// `store[\.address.city]`.
  ///
  /// - Complexity: A dictionary lookup by key path on top of the read; after each action, one
  ///   comparison per distinct part read since it last changed.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    core.read(keyPath, isDuplicate: { runtimeEquality(Value.self) })
  }

  /// An `Equatable` part of the current state, tracked by Observation as that part alone and
  /// compared with `==`.
  ///
  /// - Complexity: A dictionary lookup by key path on top of the read; after each action, one
  ///   comparison per distinct part read since it last changed.
  @inlinable
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    core.read(keyPath, isDuplicate: { { $0 == $1 } })
  }

  /// The part of the current state at a key path of any depth, tracked by Observation as that
  /// part alone.
  ///
  /// ```swift
  /// let title = store[\.list.rows[id: id]?.title]  // told when this title changes
  /// let count = store[\.list.rows.count]  // told when the number of rows changes
  /// let rows = store.list  // told when anything in the list changes
  /// ```
  ///
  /// A dynamic member read (`store.list`) tracks the member it names, whole; a key path
  /// names the leaf, so a view is told of a change of the leaf only. A part is compared with
  /// `==` if it is `Equatable`, and told of every action after the read otherwise.
  ///
  /// - Parameter keyPath: The part to read.
  /// - Returns: The part's current value.
  /// - Complexity: A dictionary lookup by key path on top of the read; after each action, one
  ///   comparison per distinct part read since it last changed.
  @inlinable
  public subscript<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    core.read(keyPath, isDuplicate: { runtimeEquality(Value.self) })
  }

  /// The `Equatable` part of the current state at a key path of any depth, tracked by
  /// Observation as that part alone and compared with `==`.
  ///
  /// - Parameter keyPath: The part to read.
  /// - Returns: The part's current value.
  /// - Complexity: A dictionary lookup by key path on top of the read; after each action, one
  ///   comparison per distinct part read since it last changed.
  @inlinable
  public subscript<Value: Equatable>(_ keyPath: KeyPath<State, Value>) -> Value {
    core.read(keyPath, isDuplicate: { { $0 == $1 } })
  }

  /// Processes an action: reduces it, runs middleware and observers, starts its effects, and
  /// processes its synchronous follow-ups, all before returning.
  ///
  /// Sending while the store is already processing an action (from an observer, a middleware,
  /// or a callback they trigger) queues the action behind the current one. Sending to a scoped
  /// store whose part of the state is gone does nothing.
  ///
  /// - Parameter action: The action to process.
  /// - Returns: A task that finishes when every effect of the action has finished.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    core.send(action)
  }

  /// The number of effect tasks running in the root store; for diagnostics and tests.
  public var runningEffectCount: Int {
    core.engine.tasks.count
  }
}

extension Store: Observable {}

// MARK: - The task of a send

/// The effects started by one ``Store/send(_:)``: await them, or cancel them.
///
/// ```swift
/// await store.send(.refresh).finish()   // every effect of the refresh has finished
/// ```
///
/// The task covers the effects of the action, of its synchronous follow-ups, and of the
/// actions those effects send back, so awaiting it follows an async chain to its end. A send
/// that started no effect returns a task that is already finished.
@MainActor
public struct StoreTask: Sendable {
  @usableFromInline
  let group: EffectGroup?

  @usableFromInline
  init(group: EffectGroup?) {
    self.group = group
  }

  /// Waits until every effect of the send has finished or was cancelled.
  ///
  /// Cancelling the task that waits cancels the effects.
  public func finish() async {
    guard let group else { return }
    await withTaskCancellationHandler {
      await group.wait()
    } onCancel: {
      group.cancel()
    }
  }

  /// Calls `body` once every effect of the send has finished or was cancelled: at once if none
  /// is running, otherwise on the task of the last effect to end.
  ///
  /// For a waiter that must also wake for other reasons (the testing library's property
  /// checks), without a task of its own that awaits ``finish()``.
  ///
  /// - Parameter body: What to do; it must not block.
  package func onFinish(_ body: @escaping @Sendable () -> Void) {
    guard let group else { return body() }
    group.onFinish(body)
  }

  /// Cancels every effect of the send that is still running.
  public func cancel() {
    group?.cancel()
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool {
    group?.isCancelled ?? false
  }

  /// Whether no effect of the send is running any more.
  public var isFinished: Bool {
    group?.isFinished ?? true
  }
}
