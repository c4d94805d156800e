import Observation

/// The engine of a root store: it owns the state, and runs each action through the receive
/// loop below, which reads in the order an action meets each step.
///
/// One action's path: ``Store/send(_:)`` → ``receive(_:group:cause:origin:dismissing:)`` — the phase (an action sent while
/// another is processed waits in the ``ActionQueue``); a dismissal whose feature is gone is
/// dropped; then ``process(_:group:cause:origin:)`` for the action: the reducer runs, the effects
/// it returns are handed to ``startEffects(_:group:cause:step:)``, the middleware and the
/// observers (``ObserverRegistry/update(_:)``, ``TrackedFields``) are told, then the listeners;
/// then each queued follow-up the same way, within the synchronous loop guard; then the shared
/// values changed in the send are published, and the send's ``StoreTask`` returned.
///
/// Beside it in this folder: ``EnginePhase`` and ``ActionQueue`` (in ``EngineBookkeeping``, what
/// the loop changes), ``EffectInterpreter`` with the core as its placement
/// (`RootCore+Effects.swift`) and ``EffectTasks``, and the ``AsyncLoopGuard`` that the actions
/// sent by effects pass (``makeSend(group:cause:chain:)``).
@usableFromInline
@MainActor
final class RootCore<State, Action> {
  /// The state, in memory of its own: the reducer mutates it in place and observers read it in
  /// place, so no action copies it.
  @usableFromInline let storage: StatePlace<State>
  /// Owns ``storage`` and frees it after the core is gone.
  @usableFromInline let allocation: StateAllocation<State>
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @usableFromInline let middleware: [Middleware<State, Action>]
  @usableFromInline let configuration: StoreConfiguration
  @usableFromInline let registrar = ObservationRegistrar()
  @usableFromInline let observers = ObserverRegistry<State>()
  @usableFromInline let tasks = EffectTasks()
  let liveness = Liveness()
  /// Collects the shared values this store's actions change, and publishes them when a send
  /// ends: its own, or the test store's that made it.
  @usableFromInline let sharedTracker: SharedChangeTracker
  /// `\.state`, made once: in generic code a key path literal is instantiated on every use.
  @usableFromInline let stateKeyPath: KeyPath<RootCore, State>
  /// ``receive(_:group:cause:)`` as a function made where the store's types are known, so that
  /// a scoped store, which does not know them, still runs the specialised code. It captures
  /// nothing (the caller passes the core), so a call costs no reference count.
  @usableFromInline let entry: @MainActor (RootCore, Action) -> StoreTask

  /// What the engine changes as it works (its phase, its queue, the current send's group, what
  /// Observation and the listeners are owed), in memory of its own like the state: read and
  /// written in place on every action, with no exclusivity check. No two accesses overlap: each
  /// is a short read or write of a field, or a call of a method of the values it holds, none of
  /// which calls out of the engine, so none is open while the reducer, an effect, a middleware,
  /// an observer or a listener runs and sends (the queue makes such a send wait). Exercised by
  /// `ReentrancyTests`, `LoopGuardTests`, `EffectOrderTests`, `ActionObservationTests`,
  /// `SharedValueTests` and `ObservationStressTests`, which send from inside each of those.
  @usableFromInline let bookkeeping: StatePlace<EngineBookkeeping<State, Action>>
  /// Owns ``bookkeeping``.
  @usableFromInline let bookkeepingAllocation: StateAllocation<EngineBookkeeping<State, Action>>

  /// The engine's bookkeeping, in place. Always inlined, as ``StatePlace/value`` is.
  @inlinable @inline(__always)
  var engine: EngineBookkeeping<State, Action> {
    _read { yield bookkeeping.value }
    _modify { yield &bookkeeping.value }
  }

  @inlinable
  init(
    state: State, reducer: @escaping (inout State, Action) -> Effect<Action>,
    middleware: [Middleware<State, Action>], configuration: StoreConfiguration
  ) {
    allocation = StateAllocation(state)
    storage = allocation.place
    bookkeepingAllocation = StateAllocation(EngineBookkeeping())
    bookkeeping = bookkeepingAllocation.place
    self.reducer = reducer
    self.middleware = middleware
    self.configuration = configuration
    self.stateKeyPath = \RootCore.state
    self.fields = TrackedFields(rootKeyPath: stateKeyPath)
    self.entry = { core, action in core.receive(action, group: nil, cause: nil) }
    self.sharedTracker = configuration.sharedChangeTracker ?? SharedChangeTracker()
    joinSharedValues()
  }

  // SAFETY: the closures that outlive the core (an effect's or a middleware's `Send`, the
  // shared values' trackers) hold it `unowned` and check `liveness` first, on the main actor.
  // An `unowned` load of an object whose deinitialisation has begun traps, so this is sound
  // only if no main-actor code can run between the last release of the core and
  // `liveness.end()`. It holds because that release always happens on the main actor: the
  // core is retained only by the `Store` objects made on it (a root store's core, and, through
  // their forwarding closures and parents, the scoped cores of the stores scoped from it), and
  // `Store` has an isolated `deinit`, so a store released on any other thread is destroyed on
  // the main actor, where it lets go of its core. This `deinit` then runs on the main actor,
  // synchronously in that release: `liveness.end()` comes before any other main-actor work, and
  // the core's main-actor fields (its observers, its listeners, the state) are destroyed there.
  // (It is isolated too, so that it stays on the main actor should another holder appear.)
  // Exercised by `StoreReleaseOffMainActorTests`, under ThreadSanitizer and AddressSanitizer.
  isolated deinit {
    liveness.end()
    tasks.close()
  }

  // MARK: - Reading the state

  /// The state, tracked by Observation.
  @inlinable
  var state: State {
    if engine.phase.isReducing { reportReadDuringReduction() }
    engine.observedReads.formUnion(.state)
    registrar.access(self, keyPath: stateKeyPath)
    return storage.value
  }

  /// The part of the state at `keyPath`, tracked by Observation as that part alone.
  ///
  /// - Parameter isDuplicate: Makes the part's comparison, if the part is not tracked yet.
  @inlinable
  func read<Value>(
    _ keyPath: KeyPath<State, Value>, isDuplicate: () -> (Value, Value) -> Bool
  ) -> Value {
    if engine.phase.isReducing { reportReadDuringReduction() }
    engine.observedReads.formUnion(.parts)
    return fields.access(
      keyPath, in: storage, of: self, registrar: registrar, isDuplicate: isDuplicate)
  }

  /// The state, without telling Observation.
  @inlinable
  var currentState: State {
    if engine.phase.isReducing { reportReadDuringReduction() }
    return storage.value
  }

  /// Stops the program: a reducer read its own store's state, which is half-reduced while the
  /// reducer runs. The same in every build: a silent read of a half-reduced state would be a
  /// bug that shows only sometimes.
  @usableFromInline
  func reportReadDuringReduction() -> Never {
    fatalError(
      """
      Uniflow: the state of a Store<\(typeName(State.self)), \(typeName(Action.self))> was read while its reducer \
      was running. A reducer must read and change only the state it is given (inout); read the \
      store from a view, an observer or an effect instead.
      """)
  }

  // MARK: - The receive loop

  /// Processes `action` and every action it leads to, before returning; or, while another
  /// action is being processed, queues it behind the others. The one entry of every action:
  /// from a store, a scoped store's forwarding, an effect's `Send`.
  ///
  /// - Parameters:
  ///   - group: The effect group the send's effects join; `nil` for one made when needed.
  ///   - cause: The sequence number of the action whose effect sent it; `nil` from outside.
  ///   - origin: The async chain it joins, if any.
  ///   - dismissing: For a presenter's action that dismisses a feature, the feature's
  ///     instance: the action is dropped if the instance is gone when its turn comes.
  /// - Returns: The task of the send: it finishes when every effect the send started has.
  @inlinable @inline(__always)
  func receive(
    _ action: Action, group: EffectGroup?, cause: Int?, origin: ChainOrigin<Action>? = nil,
    dismissing: EffectID? = nil
  ) -> StoreTask {
    // 1. The phase: one action at a time. A send from a reducer's effect, a middleware, an
    //    observer or a listener waits in the queue; it is processed before this send returns.
    guard engine.phase.beginProcessing() else {
      return enqueue(action, group: group, cause: cause, origin: origin, dismissing: dismissing)
    }
    // Written only when there is a group: a send with no effects and no follow-ups touches no
    // reference count here.
    if let group { engine.drainGroup = group }
    // 2. The action itself (its effects join the send's group); a dismissal only if its
    //    feature is still there.
    if dismissing == nil || isStillPresent(dismissing!) {
      process(action, group: nil, cause: cause, origin: origin)
    }
    // 3. Its follow-ups and the actions sent meanwhile, in order, within the loop guard.
    if !engine.queue.isEmpty { drainQueue(after: action) }
    return endProcessing()
  }

  /// Queues an action sent while another is processed, in a group of its own unless it has one.
  ///
  /// Not inlined: re-entrant sends are the rare case, and their code in ``receive(_:group:cause:origin:dismissing:)``
  /// kept the compiler from inlining that into the caller's send.
  @usableFromInline
  @inline(never)
  func enqueue(
    _ action: Action, group: EffectGroup?, cause: Int?, origin: ChainOrigin<Action>?,
    dismissing: EffectID?
  ) -> StoreTask {
    let group = group ?? EffectGroup(tasks: tasks)
    engine.queue.append(
      QueuedAction(
        action: action, group: group, cause: cause, origin: origin, dismissing: dismissing))
    return StoreTask(group: group)
  }

  /// Processes the queued actions, in order, within the synchronous loop guard's bound, and
  /// reports the cycle when the guard stops them. `first` is the action the send started with.
  @usableFromInline
  func drainQueue(after first: Action?) {
    var drain = ActionQueue<Action>.Drain(
      after: first, limit: configuration.maximumSynchronousActions)
    while let entry = engine.queue.next(in: &drain) {
      if let instance = entry.dismissing, !isStillPresent(instance) { continue }
      process(entry.action, group: entry.group, cause: entry.cause, origin: entry.origin)
    }
    if let cycle = drain.cycle { configuration.diagnosticHandler(.actionCycle(cycle)) }
    engine.queue.endDrain()
  }

  /// Ends the send: back to idle, shared values published, the send's group handed out.
  @inlinable @inline(__always)
  func endProcessing() -> StoreTask {
    // Shared values changed in this send: their holders are told now.
    if engine.phase.endProcessing() { publishSharedChanges() }
    guard engine.drainGroup != nil else { return StoreTask(group: nil) }
    let finished = engine.drainGroup
    engine.drainGroup = nil
    return StoreTask(group: finished)
  }

  /// Processes one action: the reducer, the hand-off of its effects (which queues its
  /// follow-ups), the middleware, the observers, the listeners.
  ///
  /// - Parameters:
  ///   - group: The effect group its effects join; `nil` for the send's.
  ///   - cause: The sequence number of the action whose effect sent it; `nil` from outside.
  ///   - origin: The async chain it joins, if any.
  ///
  /// Never inlined, so that ``receive(_:group:cause:origin:dismissing:)`` stays small enough
  /// to be inlined into the caller's send: there the compiler sees that a send without effects
  /// returns a task with no group, and releases nothing.
  @inlinable @inline(never)
  func process(_ action: Action, group: EffectGroup?, cause: Int?, origin: ChainOrigin<Action>?) {
    engine.processedCount &+= 1
    // The reducer.
    let effect: Effect<Action>
    if engine.observedReads.isEmpty {
      effect = reduce(action)
    } else {
      effect = reduceTellingObservation(action)
    }
    // The effect hand-off. Ended in each branch: where it is known to be `.none` the compiler
    // destroys nothing.
    if case .none = effect.operation {
      _ = consume effect
    } else {
      // An action of an async chain becomes a step of it only when it starts effects.
      let step = origin.map { ChainStep(action: action, origin: $0) }
      startEffects(consume effect, group: group, cause: engine.processedCount, step: step)
    }
    // The middleware, then the observers, then the listeners of actions.
    if !middleware.isEmpty {
      runMiddleware(
        action, context: ActionContext(sequenceNumber: engine.processedCount, cause: cause))
    }
    observers.update(storage)
    if engine.actionListeners != nil { offerToListeners(action) }
  }

  @inlinable
  func reduce(_ action: Action) -> Effect<Action> {
    engine.phase.beginReducing()
    defer { engine.phase.endReducing() }
    return reducer(&storage.value, action)
  }

  /// Reduces an action after reads under Observation: tells the readers of the whole state,
  /// and those of the parts that changed.
  @inlinable
  func reduceTellingObservation(_ action: Action) -> Effect<Action> {
    let isStateRead = engine.observedReads.contains(.state)
    // Cleared before telling: a reader told may read again, for the next change.
    engine.observedReads = []
    if isStateRead { registrar.willSet(self, keyPath: stateKeyPath) }
    let effect = reduce(action)
    if isStateRead { registrar.didSet(self, keyPath: stateKeyPath) }
    tellChangedParts()
    return effect
  }

  /// Tells the readers of the parts of the state that changed.
  @inlinable
  func tellChangedParts() {
    guard !fields.isEmpty else { return }
    fields.update(storage, of: self, registrar: registrar)
    if !fields.isEmpty { engine.observedReads.formUnion(.parts) }
  }

  /// Whether the feature a dismissal names is still in the state; if not, the dismissal is
  /// reported as ignored, and no action is processed for it.
  @usableFromInline
  func isStillPresent(_ instance: EffectID) -> Bool {
    guard case .gone(let reason) = InstancePath.find(instance, in: storage.value) else {
      return true
    }
    configuration.diagnosticHandler(.dismissalIgnored(reason))
    return false
  }

  @usableFromInline
  func runMiddleware(_ action: Action, context: ActionContext) {
    let send = middlewareSend
    for middleware in middleware {
      middleware.body(action, storage.value, context, send)
    }
  }

  /// The `send` handed to middleware, made on first use.
  ///
  /// Not a `lazy var`: a client's optimiser, inlining ``runMiddleware(_:context:)`` across
  /// modules, cannot link the hidden storage of one.
  @usableFromInline
  var middlewareSend: Send<Action> {
    if let send = engine.middlewareSend { return send }
    let send = makeSend(group: nil, cause: nil, chain: .none)
    engine.middlewareSend = send
    return send
  }

  /// Offers an action to the listeners of actions, after its observers were told.
  ///
  /// Not inlined: a store without listeners must not pay for their code.
  @usableFromInline
  @inline(never)
  func offerToListeners(_ action: Action) {
    // Taken out first: a listener may add another, which writes the bookkeeping.
    guard let listeners = engine.actionListeners else { return }
    listeners.offer(action, storage)
  }

  // MARK: - Shared values

  // The root core's one meeting point with shared state: its tracker collects the shared
  // values changed while this store processed an action, published when the send ends
  // (``endProcessing()``); a change from elsewhere re-checks this store's computed selections.

  /// Has the tracker join the shared values the initial state holds, so that it collects the
  /// changes this store's reducer makes to them; with a computed selection, this store checks
  /// its selections after every change of one.
  @usableFromInline
  func joinSharedValues() {
    sharedTracker.adopt(self, liveness: liveness, state: storage.value)
    observers.onFirstComputedSelection = { [sharedTracker] in sharedTracker.startRefreshing() }
  }

  /// Publishes the shared values changed in this send, and checks this store's selections if
  /// a change came while it was processing.
  @usableFromInline
  func publishSharedChanges() {
    sharedTracker.publish()
    if observers.hasComputedSelection { sharedValuesDidChange() }
  }

  // MARK: - Sends from effects

  /// A `Send` into this store for closures that may outlive it: once the store is gone, it
  /// does nothing. `cause` is the sequence number of the action whose effect sends through
  /// it, `nil` for a middleware's; `chain` says which async chain its actions join.
  func makeSend(group: EffectGroup?, cause: Int?, chain: SendChain<Action>) -> Send<Action> {
    // SAFETY: `self` is used only after `liveness.isAlive`, on the main actor, where the core
    // is destroyed and `liveness` ended first (see `deinit`), so it is never used once gone.
    Send(messages: { [liveness, unowned self] message in
      guard liveness.isAlive else { return }
      let action: Action
      let dismissing: EffectID?
      switch message {
      case .action(let sent): (action, dismissing) = (sent, nil)
      case .dismissal(let sent, let instance): (action, dismissing) = (sent, instance)
      case .dismiss: return self.configuration.diagnosticHandler(.dismissalIgnored(noPresenter))
      case .report(let diagnostic): return self.configuration.diagnosticHandler(diagnostic)
      }
      // The async loop guard.
      let origin: ChainOrigin<Action>?
      switch chain {
      case .none: origin = nil
      case .unwatched: origin = .effect(self.engine.asyncGuard.chainStarted(by: cause))
      case .watched(let step, let watch):
        if watch.takeHasWaited() {
          origin = nil
        } else {
          guard self.admit(action, sentAfter: step) else { return }
          origin = .step(step)
        }
      }
      _ = self.receive(
        action, group: group, cause: cause, origin: origin, dismissing: dismissing)
    })
  }

  /// Applies the async loop guard's decision for an action a watched effect of `step` sent
  /// without waiting (see ``AsyncLoopGuard/admit(_:sentAfter:limit:)``).
  ///
  /// - Returns: Whether to process the action.
  func admit(_ action: Action, sentAfter step: ChainStep<Action>) -> Bool {
    switch engine.asyncGuard.admit(
      action, sentAfter: step, limit: configuration.maximumEffectChainActions)
    {
    case .admitted:
      return true
    case .dropped:
      return false
    case .stopped(let cycle, let chainID):
      if let chainID { tasks.cancel(id: chainID) }
      configuration.diagnosticHandler(.effectCycle(cycle))
      return false
    }
  }

  // MARK: - Listeners

  /// The parts of the state read through a key path (`store.title`) since they last changed:
  /// only their readers are told when they change. The core's last stored property, so that
  /// the hot ones before it keep their places (see BENCHMARKS.md, *observation*).
  @usableFromInline let fields: TrackedFields<RootCore, State>

  /// The listeners of the actions this store processes, if any was added.
  var actionListeners: ActionListeners<State, Action>? { engine.actionListeners }

  /// Adds a listener of every action processed, called with the state after it.
  func listen(_ hear: @escaping @MainActor (Action, State) -> Void) -> ObservationToken {
    let listeners = engine.actionListeners ?? ActionListeners()
    engine.actionListeners = listeners
    return listeners.add(hear)
  }
}

extension RootCore: Observable {}

/// Why a dismissal that reached the root store was ignored.
let noPresenter =
  "the feature that asked is not presented (not a stack element, nor a child presented with a "
  + "PresentationAction case), so nothing can dismiss it"

extension RootCore: SharedHolder {
  /// Whether it is in the middle of an action.
  @usableFromInline
  var isProcessing: Bool { engine.phase.isProcessing }

  /// Whether its reducer is running.
  @usableFromInline
  var isReducing: Bool { engine.phase.isReducing }

  /// Whether a shared value changed in its reducer, or while it was processing: it publishes
  /// the change and checks its selections when its send ends.
  @usableFromInline
  var hasPendingSharedChange: Bool {
    get { engine.phase.hasPendingSharedChange }
    set { engine.phase.hasPendingSharedChange = newValue }
  }

  /// Checks the observed selections against the state after a shared value it may hold
  /// changed; an action an observer sends meanwhile is processed after the check, as a send's
  /// follow-ups are.
  @usableFromInline
  func sharedValuesDidChange() {
    guard engine.phase.beginProcessing() else {
      engine.phase.hasPendingSharedChange = true
      return
    }
    observers.update(storage)
    tellChangedParts()
    if !engine.queue.isEmpty { drainQueue(after: nil) }
    _ = endProcessing()
  }
}

/// Which async chain the actions sent through an effect's `Send` join.
enum SendChain<Action> {
  /// None: a middleware's send.
  case none
  /// An effect of an action outside any chain: the actions it sends start a chain, the same
  /// for the actions of one effect (see ``AsyncLoopGuard/chainStarted(by:)``).
  case unwatched
  /// A watched effect of a chain's step: an action it sends without waiting joins the chain.
  case watched(ChainStep<Action>, EffectWatch)
}
