import Observation

/// The engine of a root store: it owns the state, runs each action through the reducer, keeps
/// the action queue and its loop guard, starts effects, and tells middleware and observers.
///
/// One action's path: ``Store/send(_:)`` → ``receive(_:group:)`` (queue, loop guard) →
/// ``process(_:group:)`` (reducer, then ``start(_:ids:group:)`` in `RootCore+Effects.swift`,
/// middleware, then ``ObserverRegistry/update(_:)``, then the ``ActionListeners``).
@usableFromInline
@MainActor
final class RootCore<State, Action> {
  /// The state, in memory of its own: the reducer mutates it in place and observers read it in
  /// place through this pointer, so no action copies it.
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

  // The engine's own flags and queue. They are main-actor isolated and the queue rules out
  // re-entrant processing, so no two accesses overlap: they are left unchecked on the hot path,
  // in every build. (The state itself is not a stored property: it sits behind `storage`.)
  @exclusivity(unchecked) @usableFromInline var isProcessing = false
  /// Whether the reducer is running: reading the state now would see it half-reduced.
  @exclusivity(unchecked) @usableFromInline var isReducing = false
  @exclusivity(unchecked) @usableFromInline var queue: [QueuedAction] = []
  @exclusivity(unchecked) @usableFromInline var drainGroup: EffectGroup?
  /// The number of actions processed so far: the sequence number of the last one.
  @exclusivity(unchecked) @usableFromInline var processedCount = 0
  /// What was read since the registrar was last told of a change: the whole ``state``, parts
  /// of it through a key path (``read(_:isDuplicate:)``), or both. Observation tracking is
  /// one-shot and starts with a read, so a change that follows no read has no tracker to tell,
  /// and the registrar is skipped: one check per action.
  @exclusivity(unchecked) @usableFromInline var observedReads: ObservedReads = []
  /// Whether a shared value changed in this store's reducer, or a change must be checked
  /// once this store has finished its action: its send then publishes it.
  // SAFETY: like the flags above, main-actor isolated and never accessed re-entrantly.
  @exclusivity(unchecked) @usableFromInline var hasPendingSharedChange = false
  /// The async chain that the actions sent by the unwatched effects of one action start, and
  /// that action's sequence number; see ``chainStarted(by:)``.
  var lastStartedChain: (cause: Int, chain: EffectChain)?

  @usableFromInline
  struct QueuedAction {
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
    observers.onFirstComputedSelection = { [liveness, unowned self] in
      SharedRuntime.shared.registerRefresher(self, liveness: liveness)
    }
  }

  deinit {
    liveness.end()
    tasks.close()
  }

  /// A `Send` into this store for closures that may outlive it: once the store is gone, it
  /// does nothing. `cause` is the sequence number of the action whose effect sends through
  /// it, `nil` for a middleware's; `chain` says which async chain its actions join.
  func makeSend(group: EffectGroup?, cause: Int?, chain: SendChain<Action>) -> Send<Action> {
    Send(messages: { [liveness, unowned self] message in
      guard liveness.isAlive else { return }
      switch message {
      case .action(let action):
        let origin: ChainOrigin<Action>?
        switch chain {
        case .none: origin = nil
        case .unwatched: origin = .effect(self.chainStarted(by: cause))
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

  /// The state, tracked by Observation.
  @inlinable
  var state: State {
    if isReducing { reportReadDuringReduction() }
    observedReads.formUnion(.state)
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
    if isReducing { reportReadDuringReduction() }
    observedReads.formUnion(.parts)
    return fields.access(
      keyPath, in: storage, of: self, registrar: registrar, isDuplicate: isDuplicate)
  }

  /// The state, without telling Observation.
  @inlinable
  var currentState: State {
    if isReducing { reportReadDuringReduction() }
    return storage.pointee
  }

  /// Stops the program: a reducer read its own store's state, which is half-reduced while the
  /// reducer runs. The same in every build: a silent read of a half-reduced state would be a
  /// bug that shows only sometimes.
  @usableFromInline
  func reportReadDuringReduction() -> Never {
    fatalError(
      """
      Uniflow: the state of a Store<\(State.self), \(Action.self)> was read while its reducer \
      was running. A reducer must read and change only the state it is given (inout); read the \
      store from a view, an observer or an effect instead.
      """)
  }

  @inlinable
  func receive(_ action: Action, group: EffectGroup?, cause: Int?) -> StoreTask {
    guard !isProcessing else { return enqueue(action, group: group, cause: cause, origin: nil) }
    isProcessing = true
    // `drainGroup` is only written when there is a group: a send with no effects and no
    // follow-ups touches no reference count here.
    if let group { drainGroup = group }
    observers.dropCancelled()
    process(action, group: nil, cause: cause, origin: nil)
    if !queue.isEmpty { drainQueue(first: action) }
    isProcessing = false
    // A shared value changed in this send: its holders are told now.
    if hasPendingSharedChange { publishSharedChanges() }
    guard drainGroup != nil else { return StoreTask(group: nil) }
    let finished = drainGroup
    drainGroup = nil
    return StoreTask(group: finished)
  }

  /// Processes an action that an effect sent into an async chain, as
  /// ``receive(_:group:cause:)`` does, carrying the chain it joins.
  ///
  /// Apart, so that a send from outside, which joins no chain, keeps the code it had: with the
  /// chain as one more argument there, the compiler stopped inlining it into the caller's send.
  func receive(_ action: Action, group: EffectGroup?, cause: Int?, origin: ChainOrigin<Action>?) {
    guard !isProcessing else {
      enqueue(action, group: group, cause: cause, origin: origin)
      return
    }
    isProcessing = true
    if let group { drainGroup = group }
    observers.dropCancelled()
    process(action, group: nil, cause: cause, origin: origin)
    if !queue.isEmpty { drainQueue(first: action) }
    isProcessing = false
    if hasPendingSharedChange { publishSharedChanges() }
    drainGroup = nil
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
    queue.append(QueuedAction(action: action, group: group, cause: cause, origin: origin))
    return StoreTask(group: group)
  }

  /// Reduces one action, starts its effects (queueing its follow-ups), then tells middleware
  /// and observers. `origin` is the async chain the action joins, if any.
  @inlinable
  func process(_ action: Action, group: EffectGroup?, cause: Int?, origin: ChainOrigin<Action>?) {
    processedCount &+= 1
    let effect: Effect<Action>
    if observedReads.isEmpty {
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
      start(consume effect, ids: [], group: group, cause: processedCount, step: step)
    }
    if !middleware.isEmpty {
      runMiddleware(action, context: ActionContext(sequenceNumber: processedCount, cause: cause))
    }
    observers.update(storage)
    if actionListeners != nil { offerToListeners(action) }
  }

  /// Offers an action to the listeners of actions, after its observers were told.
  ///
  /// Not inlined: a store without listeners must not pay for their code, and with it inlined
  /// the compiler stopped inlining the observers' update into the caller's send.
  @usableFromInline
  @inline(never)
  func offerToListeners(_ action: Action) {
    actionListeners?.offer(action, storage)
  }

  /// Reduces an action after reads under Observation: tells the readers of the whole state,
  /// and those of the parts that changed.
  @inlinable
  func reduceTellingObservation(_ action: Action) -> Effect<Action> {
    let isStateRead = observedReads.contains(.state)
    // Cleared before telling: a reader told may read again, for the next change.
    observedReads = []
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
    if !fields.isEmpty { observedReads.formUnion(.parts) }
  }

  @inlinable
  func reduce(_ action: Action) -> Effect<Action> {
    isReducing = true
    defer { isReducing = false }
    return reducer(&storage.pointee, action)
  }

  /// The `send` handed to middleware, made on first use.
  ///
  /// Not a `lazy var`: its hidden storage is private to this file, and a client's optimiser,
  /// inlining ``runMiddleware(_:context:)`` across modules, referred to that storage and
  /// could not link it (the compiler stopped with "Global is external, but doesn't have
  /// external or weak linkage").
  @usableFromInline var middlewareSendStorage: Send<Action>?

  /// The parts of the state read through a key path (`store.title`) since they last changed:
  /// only their readers are told when they change. (After the engine's hot fields, which keep
  /// their places.)
  @usableFromInline let fields: TrackedFields<RootCore, State>

  /// The listeners of the actions this store processes (`observeActions(_:)`), made with the
  /// first one: a store without any pays one check per action.
  // SAFETY: read on every action, so unchecked like the flags above: main-actor isolated, and
  // only ever written by `listen`, outside any access to it.
  @exclusivity(unchecked) @usableFromInline var actionListeners: ActionListeners<State, Action>?

  /// Adds a listener of every action processed, called with the state after it.
  func listen(_ hear: @escaping @MainActor (Action, State) -> Void) -> ObservationToken {
    let listeners = actionListeners ?? ActionListeners()
    actionListeners = listeners
    return listeners.add(hear)
  }

  @usableFromInline
  var middlewareSend: Send<Action> {
    if let send = middlewareSendStorage { return send }
    let send = makeSend(group: nil, cause: nil, chain: .none)
    middlewareSendStorage = send
    return send
  }

  @usableFromInline
  func runMiddleware(_ action: Action, context: ActionContext) {
    let send = middlewareSend
    for middleware in middleware {
      middleware.body(action, storage.pointee, context, send)
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
      process(entry.action, group: entry.group, cause: entry.cause, origin: entry.origin)
    }
    queue.removeAll(keepingCapacity: queue.count <= 64)
  }

  /// Publishes the shared values changed in this send, and checks this store's selections if
  /// a change came while it was processing.
  @usableFromInline
  func publishSharedChanges() {
    hasPendingSharedChange = false
    SharedRuntime.shared.publish()
    if observers.hasComputedSelection { sharedValuesDidChange() }
  }

  func reportCycle(_ tail: [Action], first: Action, firstPosition: Int) {
    let cycle = actionCycle(
      tail: tail, first: first, firstPosition: firstPosition,
      limit: configuration.maximumSynchronousActions)
    configuration.diagnosticHandler(.actionCycle(cycle))
  }
}

extension RootCore: Observable {}

/// Why a dismissal that reached the root store was ignored.
let noPresenter =
  "the feature that asked is not presented (not a stack element, nor a child presented with a "
  + "PresentationAction case), so nothing can dismiss it"

extension RootCore: SharedHolder {
  /// Checks the observed selections against the state after a shared value it may hold
  /// changed; an action an observer sends meanwhile is processed after the check.
  ///
  @usableFromInline
  func sharedValuesDidChange() {
    guard !isProcessing else {
      hasPendingSharedChange = true
      return
    }
    isProcessing = true
    observers.dropCancelled()
    observers.update(storage)
    tellChangedParts()
    if !queue.isEmpty {
      let first = queue.removeFirst()
      process(first.action, group: first.group, cause: first.cause, origin: first.origin)
      if !queue.isEmpty { drainQueue(first: first.action) }
    }
    isProcessing = false
    if hasPendingSharedChange { publishSharedChanges() }
  }
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
