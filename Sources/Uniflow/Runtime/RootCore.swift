import Observation

/// The engine of a root store: it owns the state, runs each action through the reducer, and
/// coordinates the named parts that do the rest.
///
/// * ``EngineBookkeeping``: what changes as it works, in one field: its ``EnginePhase``, its
///   ``ActionQueue`` with the synchronous and async loop guards, the current send's group.
/// * ``EffectInterpreter``: what the effects the reducer returns do (the core is the place
///   where they start), in ``EffectTasks`` and ``EffectGroup``s.
/// * ``ObserverRegistry``, ``TrackedFields`` and the ``ActionListeners``: who is told.
///
/// One action's path: ``Store/send(_:)`` → ``receive(_:group:cause:)`` (the phase; the queue if
/// another action is being processed) → ``process(_:group:cause:origin:)`` (the reducer, then
/// ``startEffects(_:group:cause:step:)``, the middleware, ``ObserverRegistry/update(_:)``, the
/// listeners) → ``drainQueue(first:)`` for the follow-ups.
@usableFromInline
@MainActor
final class RootCore<State, Action> {
  /// The state, in memory of its own: the reducer mutates it in place and observers read it in
  /// place through this pointer, so no action copies it.
  // SAFETY: `allocation` owns the memory and lives as long as the core; only the main actor
  // reaches it, and the reducer's `inout` access is never open while another read runs.
  @usableFromInline let storage: UnsafeMutablePointer<State>
  /// Owns ``storage`` and frees it after the core is gone.
  @usableFromInline let allocation: StateAllocation<State>
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @usableFromInline let middleware: [Middleware<State, Action>]
  @usableFromInline let configuration: StoreConfiguration
  @usableFromInline let registrar = ObservationRegistrar()
  @usableFromInline let observers = ObserverRegistry<State>()
  @usableFromInline let tasks = EffectTasks()
  let liveness = Liveness()
  /// `\.state`, made once: in generic code a key path literal is instantiated on every use.
  @usableFromInline let stateKeyPath: KeyPath<RootCore, State>
  /// ``receive(_:group:cause:)`` as a function made where the store's types are known, so that
  /// a scoped store, which does not know them, still runs the specialised code. It captures
  /// nothing (the caller passes the core), so a call costs no reference count.
  @usableFromInline let entry: @MainActor (RootCore, Action) -> StoreTask

  // SAFETY: `engine` is the engine's whole mutable bookkeeping (its phase, its queue, the
  // current send's group, what Observation and the listeners are owed), read and written on
  // every action, so its dynamic exclusivity checks are left out, in every build. That is
  // sound because no two accesses to it overlap: the core is main-actor isolated, so accesses
  // come from one thread, one at a time; and each access is a short read or write of a field,
  // or a call of a method of the values it holds (`EnginePhase`, `ActionQueue`), none of which
  // calls out of the engine, so no access is open while the reducer, an effect, a middleware,
  // an observer or a listener runs and sends (the queue is what makes such a send wait instead
  // of re-entering). Exercised by the suites that send from inside each of those:
  // `ReentrancyTests`, `LoopGuardTests`, `EffectOrderTests`, `ActionObservationTests`,
  // `SharedValueTests`, `ObservationStressTests`, and by the whole suite under the sanitizers.
  @exclusivity(unchecked) @usableFromInline var engine = EngineBookkeeping<State, Action>()

  @inlinable
  init(
    state: State, reducer: @escaping (inout State, Action) -> Effect<Action>,
    middleware: [Middleware<State, Action>], configuration: StoreConfiguration
  ) {
    allocation = StateAllocation(state)
    storage = allocation.pointer
    self.reducer = reducer
    self.middleware = middleware
    self.configuration = configuration
    self.stateKeyPath = \RootCore.state
    self.fields = TrackedFields(rootKeyPath: stateKeyPath)
    self.entry = { core, action in core.receive(action, group: nil, cause: nil) }
    registerWithSharedRuntime()
  }

  /// Lets the shared runtime find this store while its reducer changes a shared value, and
  /// have it check its computed selections after any change of one.
  @usableFromInline
  func registerWithSharedRuntime() {
    SharedRuntime.shared.register(self, liveness: liveness)
    // SAFETY: the closure is kept by `observers`, which the core owns: it cannot outlive
    // `self`, and the main actor, where the core is destroyed (see `deinit`), calls it.
    observers.onFirstComputedSelection = { [liveness, unowned self] in
      SharedRuntime.shared.registerRefresher(self, liveness: liveness)
    }
  }

  // SAFETY: the closures that outlive the core (an effect's or a middleware's `Send`, the
  // shared runtime's entries) hold it `unowned` and check `liveness` first, on the main actor.
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
  #if compiler(>=6.2)
    isolated deinit {
      liveness.end()
      tasks.close()
    }
  #else
    deinit {
      liveness.end()
      tasks.close()
    }
  #endif

  /// A `Send` into this store for closures that may outlive it: once the store is gone, it
  /// does nothing. `cause` is the sequence number of the action whose effect sends through
  /// it, `nil` for a middleware's; `chain` says which async chain its actions join.
  func makeSend(group: EffectGroup?, cause: Int?, chain: SendChain<Action>) -> Send<Action> {
    // SAFETY: `self` is used only after `liveness.isAlive`, on the main actor, where the core
    // is destroyed and `liveness` ended first (see `deinit`), so it is never used once gone.
    Send(messages: { [liveness, unowned self] message in
      guard liveness.isAlive else { return }
      switch message {
      case .action(let action):
        let origin: ChainOrigin<Action>?
        switch chain {
        case .none: origin = nil
        case .unwatched: origin = .effect(self.engine.queue.chainStarted(by: cause))
        case .watched(let step, let watch):
          if watch.takeHasWaited() {
            origin = nil
          } else {
            guard self.admit(action, sentAfter: step) else { return }
            origin = .step(step)
          }
        }
        self.receive(action, group: group, cause: cause, origin: origin)
      case .dismiss: self.configuration.diagnosticHandler(.dismissalIgnored(noPresenter))
      case .report(let diagnostic): self.configuration.diagnosticHandler(diagnostic)
      }
    })
  }

  /// Applies the async loop guard's decision for an action a watched effect of `step` sent
  /// without waiting (see ``ActionQueue/admit(_:sentAfter:limit:)``).
  ///
  /// - Returns: Whether to process the action.
  func admit(_ action: Action, sentAfter step: ChainStep<Action>) -> Bool {
    switch engine.queue.admit(
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

  /// The state, tracked by Observation.
  @inlinable
  var state: State {
    if engine.phase.isReducing { reportReadDuringReduction() }
    engine.observedReads.formUnion(.state)
    registrar.access(self, keyPath: stateKeyPath)
    return storage.pointee
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
    return storage.pointee
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

  @inlinable
  func receive(_ action: Action, group: EffectGroup?, cause: Int?) -> StoreTask {
    guard engine.phase.beginProcessing() else {
      return enqueue(action, group: group, cause: cause, origin: nil)
    }
    // `drainGroup` is only written when there is a group: a send with no effects and no
    // follow-ups touches no reference count here.
    if let group { engine.drainGroup = group }
    observers.dropCancelled()
    process(action, group: nil, cause: cause, origin: nil)
    if !engine.queue.isEmpty { drainQueue(first: action) }
    // A shared value changed in this send: its holders are told now.
    if engine.phase.endProcessing() { publishSharedChanges() }
    guard engine.drainGroup != nil else { return StoreTask(group: nil) }
    let finished = engine.drainGroup
    engine.drainGroup = nil
    return StoreTask(group: finished)
  }

  /// Processes an action that an effect sent into an async chain, as
  /// ``receive(_:group:cause:)`` does, carrying the chain it joins.
  ///
  /// Apart, so that a send from outside, which joins no chain, keeps the code it had: with the
  /// chain as one more argument there, the compiler stopped inlining it into the caller's send.
  func receive(_ action: Action, group: EffectGroup?, cause: Int?, origin: ChainOrigin<Action>?) {
    guard engine.phase.beginProcessing() else {
      enqueue(action, group: group, cause: cause, origin: origin)
      return
    }
    if let group { engine.drainGroup = group }
    observers.dropCancelled()
    process(action, group: nil, cause: cause, origin: origin)
    if !engine.queue.isEmpty { drainQueue(first: action) }
    if engine.phase.endProcessing() { publishSharedChanges() }
    engine.drainGroup = nil
  }

  /// Queues an action sent while another is processed, in a group of its own unless it has one.
  ///
  /// Not inlined: re-entrant sends are the rare case, and their code in
  /// ``receive(_:group:cause:)`` kept the compiler from inlining that into the caller's send.
  @usableFromInline
  @inline(never)
  @discardableResult
  func enqueue(
    _ action: Action, group: EffectGroup?, cause: Int?, origin: ChainOrigin<Action>?
  ) -> StoreTask {
    let group = group ?? EffectGroup(tasks: tasks)
    engine.queue.append(QueuedAction(action: action, group: group, cause: cause, origin: origin))
    return StoreTask(group: group)
  }

  /// Reduces one action, starts its effects (queueing its follow-ups), then tells middleware
  /// and observers. `origin` is the async chain the action joins, if any.
  @inlinable
  func process(_ action: Action, group: EffectGroup?, cause: Int?, origin: ChainOrigin<Action>?) {
    engine.processedCount &+= 1
    let effect: Effect<Action>
    if engine.observedReads.isEmpty {
      effect = reduce(action)
    } else {
      effect = reduceTellingObservation(action)
    }
    // Ended in each branch: where it is known to be `.none` the compiler destroys nothing;
    // ended once after both, it called the effect's destroy on every action.
    if case .none = effect.operation {
      _ = consume effect
    } else {
      // An action of an async chain becomes a step of it only when it starts effects.
      let step = origin.map { ChainStep(action: action, origin: $0) }
      startEffects(consume effect, group: group, cause: engine.processedCount, step: step)
    }
    if !middleware.isEmpty {
      runMiddleware(
        action, context: ActionContext(sequenceNumber: engine.processedCount, cause: cause))
    }
    observers.update(storage)
    if engine.actionListeners != nil { offerToListeners(action) }
  }

  /// Offers an action to the listeners of actions, after its observers were told.
  ///
  /// Not inlined: a store without listeners must not pay for their code, and with it inlined
  /// the compiler stopped inlining the observers' update into the caller's send.
  @usableFromInline
  @inline(never)
  func offerToListeners(_ action: Action) {
    // Taken out first: a listener may add another, which writes the bookkeeping.
    guard let listeners = engine.actionListeners else { return }
    listeners.offer(action, storage)
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

  @inlinable
  func reduce(_ action: Action) -> Effect<Action> {
    engine.phase.beginReducing()
    defer { engine.phase.endReducing() }
    return reducer(&storage.pointee, action)
  }

  /// The parts of the state read through a key path (`store.title`) since they last changed:
  /// only their readers are told when they change. (After the engine's bookkeeping, which
  /// keeps its place.)
  @usableFromInline let fields: TrackedFields<RootCore, State>

  /// The listeners of the actions this store processes, if any was added.
  var actionListeners: ActionListeners<State, Action>? { engine.actionListeners }

  /// Adds a listener of every action processed, called with the state after it.
  func listen(_ hear: @escaping @MainActor (Action, State) -> Void) -> ObservationToken {
    let listeners = engine.actionListeners ?? ActionListeners()
    engine.actionListeners = listeners
    return listeners.add(hear)
  }

  /// The `send` handed to middleware, made on first use.
  ///
  /// Not a `lazy var`: its hidden storage is private to this file, and a client's optimiser,
  /// inlining ``runMiddleware(_:context:)`` across modules, referred to that storage and
  /// could not link it (the compiler stopped with "Global is external, but doesn't have
  /// external or weak linkage").
  @usableFromInline
  var middlewareSend: Send<Action> {
    if let send = engine.middlewareSend { return send }
    let send = makeSend(group: nil, cause: nil, chain: .none)
    engine.middlewareSend = send
    return send
  }

  @usableFromInline
  func runMiddleware(_ action: Action, context: ActionContext) {
    let send = middlewareSend
    for middleware in middleware {
      middleware.body(action, storage.pointee, context, send)
    }
  }

  /// Processes the queued actions, within the synchronous loop guard's bound, and reports the
  /// cycle when the guard stops them.
  @usableFromInline
  func drainQueue(first: Action) {
    var drain = ActionQueue<Action>.Drain(
      after: first, limit: configuration.maximumSynchronousActions)
    while let entry = engine.queue.next(in: &drain) {
      process(entry.action, group: entry.group, cause: entry.cause, origin: entry.origin)
    }
    if let cycle = drain.cycle { configuration.diagnosticHandler(.actionCycle(cycle)) }
    engine.queue.endDrain()
  }

  /// Publishes the shared values changed in this send, and checks this store's selections if
  /// a change came while it was processing.
  @usableFromInline
  func publishSharedChanges() {
    SharedRuntime.shared.publish()
    if observers.hasComputedSelection { sharedValuesDidChange() }
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

  /// Whether a shared value changed while it was processing: it publishes the change when its
  /// send ends.
  @usableFromInline
  var hasPendingSharedChange: Bool {
    get { engine.phase.hasPendingSharedChange }
    set { engine.phase.hasPendingSharedChange = newValue }
  }

  /// Checks the observed selections against the state after a shared value it may hold
  /// changed; an action an observer sends meanwhile is processed after the check.
  @usableFromInline
  func sharedValuesDidChange() {
    guard engine.phase.beginProcessing() else {
      engine.phase.hasPendingSharedChange = true
      return
    }
    observers.dropCancelled()
    observers.update(storage)
    tellChangedParts()
    if !engine.queue.isEmpty {
      let first = engine.queue.removeFirst()
      process(first.action, group: first.group, cause: first.cause, origin: first.origin)
      if !engine.queue.isEmpty { drainQueue(first: first.action) }
    }
    if engine.phase.endProcessing() { publishSharedChanges() }
  }
}

/// Which async chain the actions sent through an effect's `Send` join.
enum SendChain<Action> {
  /// None: a middleware's send.
  case none
  /// An effect of an action outside any chain: the actions it sends start a chain, the same
  /// for the actions of one effect (see ``RootCore/chainStarted(by:)``).
  case unwatched
  /// A watched effect of a chain's step: an action it sends without waiting joins the chain.
  case watched(ChainStep<Action>, EffectWatch)
}

/// The memory of a root store's state, freed when the last reference goes.
@usableFromInline
final class StateAllocation<State> {
  // SAFETY: allocated and initialised once here, deinitialised and freed once in `deinit`.
  @usableFromInline let pointer: UnsafeMutablePointer<State>

  @usableFromInline
  init(_ state: State) {
    pointer = .allocate(capacity: 1)
    pointer.initialize(to: state)
  }

  deinit {
    pointer.deinitialize(count: 1)
    pointer.deallocate()
  }
}
