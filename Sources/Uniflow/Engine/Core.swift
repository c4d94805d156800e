import Observation

// The engine behind every store, in the order a reader meets it:
//
// 1. `StoreCore`: what a `Store` holds, a root core or a scoped core, and the one place that
//    tells the two apart (a send, a read, an observer, a listener, a scope).
// 2. `RootEngine` and `RootCore`: the root core owns the state and runs everything that
//    happens to it through one method, `run(_:)`: it begins, processes what came in (an action,
//    appearance work, a shared value's change), drains the actions that follow, and ends.
// 3. `ScopedCore` and `Part`: a scoped store's core holds its root's engine directly and the
//    part of the root's state it is scoped to.
//
// Beside this file: `Observers.swift` (who is told, and when), `TrackedFields.swift` (Observation, field by field),
// `InstancePath.swift` (whether a dismissed feature is still there) and `Memory.swift` (the
// one file that reaches memory directly). The effects a reducer returns are started by
// `Effects/RootCore+Effects.swift`.

// MARK: - What a store holds

/// The engine behind a ``Store``: the root core of a store made with `init`, or the scoped
/// core of a store made with `scope`.
///
/// Everything a store does goes through here, once: each member says what a root store does
/// and what a scoped store does, side by side.
@usableFromInline
@MainActor
enum StoreCore<State, Action> {
  /// The core of a root store.
  case root(RootCore<State, Action>)
  /// The core of a store scoped from another.
  case scoped(ScopedCore<State, Action>)

  /// The root's engine: its observers, listeners and effects, for the root store and every
  /// store scoped from it.
  @usableFromInline
  var engine: RootEngine {
    switch self {
    case .root(let root): root
    case .scoped(let scoped): scoped.root
    }
  }

  // MARK: Sending

  /// Sends an action to the root; a scoped store whose part is gone, or whose root store was
  /// released, does nothing.
  @inlinable
  func send(_ action: Action) -> StoreTask {
    switch self {
    case .root(let root): root.run(.action(QueuedAction(action: action)))
    case .scoped(let scoped): scoped.send(action)
    }
  }

  // MARK: Reading

  /// The current state, tracked by Observation; for a scoped core whose part of the state is
  /// gone, the last state it read.
  ///
  /// A root store's read is told of every action (it is not compared: comparing the whole
  /// state would cost what the state costs); a scoped store's, when its part changed.
  @inlinable
  var state: State {
    switch self {
    case .root(let root):
      root.checkNotReducing()
      root.engine.observedReads.formUnion(.state)
      root.registrar.access(root, keyPath: root.stateKeyPath)
      return root.storage.value
    case .scoped(let scoped):
      scoped.track()
      return scoped.latestState
    }
  }

  /// The part of the current state at `keyPath`, tracked by Observation as that part alone;
  /// `isDuplicate` makes the part's comparison if the part is not tracked yet.
  @inlinable
  func read<Value>(
    _ keyPath: KeyPath<State, Value>, isDuplicate: () -> (Value, Value) -> Bool
  ) -> Value {
    switch self {
    case .root(let root):
      root.checkNotReducing()
      root.engine.observedReads.formUnion(.parts)
      return root.fields.access(
        keyPath, in: root.storage, of: root, registrar: root.registrar, isDuplicate: isDuplicate)
    case .scoped(let scoped):
      let part = withPlace(of: scoped.latestState) {
        scoped.fields.access(
          keyPath, in: $0, of: scoped, registrar: scoped.registrar, isDuplicate: isDuplicate)
      }
      scoped.armWatcher()
      return part
    }
  }

  /// The current state, untracked; `nil` when the part of a scoped store (or a part above it)
  /// is gone, or its root store was released.
  @inlinable
  func current() -> State? {
    switch self {
    case .root(let root):
      root.checkNotReducing()
      return root.storage.value
    case .scoped(let scoped):
      return scoped.current()
    }
  }

  /// The current state, untracked; for a scoped core whose part is gone, the last state it read.
  @inlinable
  var latestState: State {
    switch self {
    case .root(let root):
      root.checkNotReducing()
      return root.storage.value
    case .scoped(let scoped):
      return scoped.latestState
    }
  }

  // MARK: Observing

  /// Subscribes `onChange` to the `Equatable` part of the state at `keyPath`: a stored property
  /// at a fixed place in the root state joins the batch of its type, checked in one loop with
  /// the other stored properties of that type; any other part shares the selection of its key.
  @inlinable
  func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    if let offset = rootOffset(of: keyPath) {
      return engine.registry.observeStored(
        at: offset, initial: latestState[keyPath: keyPath], checkAll: { $0.checkSlots($1) },
        onChange: onChange)
    }
    return engine.registry.observe(
      selection(keyPath), key: key(keyPath), initial: latestState[keyPath: keyPath],
      update: selection(keyPath).update(comparing: { $0 == $1 }), onChange: onChange)
  }

  /// Subscribes `onChange` to a selection of the state, compared with `isDuplicate`; observers
  /// of an equal `key` share it.
  @inlinable
  func observe<Value>(
    _ selection: Selection<Value>, key: ObservationKey?, initial: Value,
    isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    engine.registry.observe(
      selection, key: key, initial: initial, update: selection.update(comparing: isDuplicate),
      onChange: onChange)
  }

  /// The selection of the part of this store's state at `keyPath`, read from the root's state.
  @inlinable
  func selection<Value>(_ keyPath: KeyPath<State, Value>) -> Selection<Value> {
    switch self {
    case .root: return Selection(keyPath, of: State.self)
    case .scoped(let scoped):
      if let offset = rootOffset(of: keyPath) { return .offset(offset) }
      let locate = scoped.part.locate
      return .compute { locate($0)?[keyPath: keyPath] }
    }
  }

  /// The selection of what `select` computes from this store's state, read from the root's.
  @inlinable
  func selection<Value>(_ select: @escaping (State) -> Value) -> Selection<Value> {
    switch self {
    case .root: return .compute { select($0.typed(as: State.self).value) }
    case .scoped(let scoped):
      let locate = scoped.part.locate
      return .compute { locate($0).map(select) }
    }
  }

  /// The key that observers of `keyPath` of this store share: the path to the store's part,
  /// then the key path.
  @inlinable
  func key<Value>(_ keyPath: KeyPath<State, Value>) -> ObservationKey {
    switch self {
    case .root: ObservationKey([keyPath])
    case .scoped(let scoped): ObservationKey(scoped.part.path + [keyPath])
    }
  }

  /// Where the stored part at `keyPath` sits in the root state, in bytes from its start, if it
  /// sits at a fixed place: the root's own stored properties, or those of a part that always
  /// is where it is.
  @inlinable
  func rootOffset<Value>(of keyPath: KeyPath<State, Value>) -> Int? {
    let base: Int?
    switch self {
    case .root: base = 0
    case .scoped(let scoped): base = scoped.part.offset
    }
    guard let base, MemoryLayout<State>.size > 0,
      let offset = MemoryLayout<State>.offset(of: keyPath)
    else { return nil }
    return base + offset
  }

  // MARK: Listening

  /// Adds a listener of every action of this store that the root processes, with this store's
  /// state after it.
  ///
  /// Stops the program for a store scoped with an embedding function alone: see
  /// ``ScopedCore/reportActionsCannotBeTold()``.
  func listen(_ hear: @escaping @MainActor (Action, State) -> Void) -> ObservationToken {
    switch self {
    case .root(let root):
      return root.listeners.add { action, state in
        hear(action.typed(as: Action.self).value, state.typed(as: State.self).value)
      }
    case .scoped(let scoped):
      guard let extract = scoped.extract else { scoped.reportActionsCannotBeTold() }
      let locate = scoped.part.locate
      // An action after which the part is gone (a row that deleted itself) is not heard, as
      // the observers of a part that is gone are not called.
      return scoped.root.listeners.add { action, state in
        guard let action = extract(action), let state = locate(state) else { return }
        hear(action, state)
      }
    }
  }

  // MARK: Scoping

  /// The core of a store scoped to a part of this store's state.
  ///
  /// - Parameters:
  ///   - step: Finds the part in this store's state; `nil` when it is gone.
  ///   - keyPath: The part's key path, when it is always there while this store's state is.
  ///   - component: Identifies the part among this store's, for observation keys.
  ///   - embed: Embeds the scoped store's action into this store's.
  ///   - extract: Extracts the scoped store's action from this store's, if it can be told.
  /// - Returns: The core, or `nil` when the part is not there now.
  @inlinable
  func scope<ChildState, ChildAction>(
    step: @escaping (State) -> ChildState?, keyPath: KeyPath<State, ChildState>?,
    component: AnyHashable,
    embed: @escaping (consuming ChildAction) -> Action,
    extract: ((Action) -> ChildAction?)?
  ) -> ScopedCore<ChildState, ChildAction>? {
    let part: Part<ChildState>
    let forward: (consuming ChildAction) -> StoreTask
    let extractFromRoot: ((RawStatePlace) -> ChildAction?)?
    switch self {
    case .root(let root):
      part = Part(root: State.self).appending(step, keyPath: keyPath, component: component)
      forward = { root.run(.action(QueuedAction(action: embed($0)))) }
      extractFromRoot = extract.map { extract in { extract($0.typed(as: Action.self).value) } }
    case .scoped(let scoped):
      part = scoped.part.appending(step, keyPath: keyPath, component: component)
      let parentForward = scoped.forward
      forward = { parentForward(embed($0)) }
      extractFromRoot = extract.flatMap { extract in
        scoped.extract.map { parentExtract in { parentExtract($0).flatMap(extract) } }
      }
    }
    guard let initialState = part.locate(engine.statePlace) else { return nil }
    return ScopedCore(
      root: engine, part: part, initialState: initialState, forward: forward,
      extract: extractFromRoot)
  }
}

// MARK: - The root core

/// What a root core is to the stores scoped from it, whatever its state and action types: the
/// place of its state, its observers, its listeners, its effects, and whether it still runs.
@usableFromInline
@MainActor
class RootEngine {
  /// The observers of the state, for the root store and every store scoped from it.
  @usableFromInline final let registry = ObserverRegistry()
  /// The listeners of the actions, for the root store and every store scoped from it.
  @usableFromInline final let listeners = ActionListeners()
  /// The tasks of the running effects.
  @usableFromInline final let tasks = EffectTasks()
  /// Whether the root store is still there: an effect's send, a scoped store's send and the
  /// shared values' trackers check it first.
  final let liveness = Liveness()
  /// Whether the root store is still there.
  @usableFromInline final var isAlive: Bool { liveness.isAlive }
  /// The place of the root state, its type forgotten: what a scoped store reads its part from.
  @usableFromInline final let statePlace: RawStatePlace

  @usableFromInline
  init(statePlace: RawStatePlace) {
    self.statePlace = statePlace
  }

  /// Stops the engine, once its root store is released: the running effects are cancelled,
  /// their later sends and those of scoped stores do nothing, and the observers and listeners
  /// are dropped with what they captured, never to be called again. A scoped store answers with
  /// the state the root store left from then on.
  ///
  /// The engine stops with the root store, not when the last reference to it goes, so that an
  /// observer or listener whose closure holds a scoped store (and through it the engine) cannot
  /// keep the effects running after the root store is gone.
  func stop() {
    guard liveness.isAlive else { return }
    liveness.end()
    tasks.close()
    registry.removeAll()
    listeners.removeAll()
  }
}

/// The engine of a root store: it owns the state, and runs everything that happens to it
/// through one method, ``run(_:)``.
///
/// What comes in: an action (sent to the store, sent back by an effect or a middleware),
/// appearance work (what the features present in the initial state start), or a shared
/// value's change (the observers' computed selections are checked again). ``run(_:)`` begins,
/// processes it, drains the actions that followed it within the synchronous loop guard, and
/// ends: back to idle, the shared values changed meanwhile published. A send while the core is
/// processing waits in the ``ActionQueue`` and is processed before the outermost `run` returns.
///
/// One action's processing (``process(_:group:cause:origin:)``): the reducer runs on the state in
/// place, its effects are handed to `startEffects` (which queues follow-ups and starts tasks),
/// then the middleware, the observers (``ObserverRegistry``), the readers under Observation
/// (``TrackedFields``) and the listeners of actions are told.
@usableFromInline
@MainActor
final class RootCore<State, Action>: RootEngine {
  /// The state, in memory of its own: the reducer mutates it in place and observers read it in
  /// place, so no action copies it.
  @usableFromInline let storage: StatePlace<State>
  /// Owns ``storage`` and frees it after the core is gone.
  let allocation: StateAllocation<State>
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @usableFromInline let middleware: [Middleware<State, Action>]
  @usableFromInline let configuration: StoreConfiguration
  @usableFromInline let registrar = ObservationRegistrar()
  /// Collects the shared values this store's actions change, and publishes them when a send
  /// ends.
  let sharedTracker: SharedChangeTracker
  /// `\.state`, made once: in generic code a key path literal is instantiated on every use.
  @usableFromInline let stateKeyPath: KeyPath<RootCore, State>
  /// What the engine changes as it works, in memory of its own like the state: read and written
  /// in place on every action, with no exclusivity check (see `Memory.swift`).
  @usableFromInline let bookkeeping: StatePlace<Bookkeeping<Action>>
  /// Owns ``bookkeeping``.
  let bookkeepingAllocation: StateAllocation<Bookkeeping<Action>>
  /// The parts of the state read through a key path (`store.title`) since they last changed:
  /// only their readers are told when they change.
  @usableFromInline let fields: TrackedFields<RootCore, State>

  /// The engine's bookkeeping, in place.
  @inlinable
  var engine: Bookkeeping<Action> {
    _read { yield bookkeeping.value }
    _modify { yield &bookkeeping.value }
  }

  @usableFromInline
  init(
    state: State, reducer: @escaping (inout State, Action) -> Effect<Action>,
    middleware: [Middleware<State, Action>], configuration: StoreConfiguration
  ) {
    allocation = StateAllocation(state)
    storage = allocation.place
    bookkeepingAllocation = StateAllocation(Bookkeeping())
    bookkeeping = bookkeepingAllocation.place
    self.reducer = reducer
    self.middleware = middleware
    self.configuration = configuration
    let stateKeyPath = \RootCore.state
    self.stateKeyPath = stateKeyPath
    self.fields = TrackedFields(rootKeyPath: stateKeyPath)
    self.sharedTracker = configuration.sharedChangeTracker ?? SharedChangeTracker()
    super.init(statePlace: allocation.place.raw)
    joinSharedValues()
  }

  // SAFETY: the closures that outlive the core (an effect's or a middleware's `Send`, the
  // shared values' trackers) hold it `unowned` and check `liveness` first, on the main actor.
  // An `unowned` load of an object whose deinitialisation has begun traps, so this is sound
  // only if no main-actor code can run between the last release of the core and the end of
  // `liveness`. The root store ends it when it is released (`stop()`), before the core can go,
  // and this `deinit`, isolated to the main actor, ends it again first thing. Exercised by
  // `StoreReleaseOffMainActorTests` and `LifetimeTests`, under the sanitizers.
  isolated deinit {
    stop()
  }

  /// The state, for the key path Observation files a read of the whole state under.
  @usableFromInline
  var state: State { storage.value }

  // MARK: - The one way in

  /// What makes a root core work: everything goes through ``run(_:)``.
  @usableFromInline
  enum Entry {
    /// An action: sent to the store, sent back by an effect or a middleware, or a presenter's
    /// action that dismisses a feature.
    case action(QueuedAction<Action>)
    /// The work the features present in the initial state start as the store is made.
    case appearance(Effect<Action>)
    /// Shared values the state holds changed: the observers' computed selections, and the
    /// readers under Observation, are checked again.
    case sharedValuesChanged
  }

  /// Processes `entry` and every action it leads to, before returning; or, while the core is
  /// processing something else, has it wait its turn.
  ///
  /// 1. Begin: one thing at a time. An action sent while the core processes (by a reducer's
  ///    effect, a middleware, an observer, a listener) waits in the queue.
  /// 2. Process the entry: an action (a dismissal only if its feature is still there), the
  ///    appearance work, or the check of the observers after a shared value's change.
  /// 3. Drain: the follow-ups and the actions sent meanwhile, in order, within the loop guard.
  /// 4. End: back to idle; the shared values changed meanwhile are published.
  ///
  /// - Returns: The task of the send: it finishes when every effect the send started has.
  @inlinable
  func run(_ entry: Entry) -> StoreTask {
    guard engine.phase.beginProcessing() else { return wait(entry) }
    var first: Action?
    switch entry {
    case .action(let queued):
      // Written only when there is a group: a send with no effects and no follow-ups touches
      // no reference count here.
      if let group = queued.group { engine.drainGroup = group }
      if queued.dismissing == nil || isStillPresent(queued.dismissing!) {
        process(queued.action, group: nil, cause: queued.cause, origin: queued.origin)
      }
      if !engine.queue.isEmpty { first = queued.action }
    case .appearance(let work):
      startEffects(work, group: nil, cause: engine.processedCount, step: nil)
    case .sharedValuesChanged:
      registry.update(statePlace)
      tellChangedParts()
    }
    if !engine.queue.isEmpty { drainQueue(after: first) }
    return endProcessing()
  }

  /// Has an entry that came while the core processes wait: an action joins the queue, in a
  /// group of its own unless it has one; a shared value's change is checked once processing
  /// ends.
  @usableFromInline
  func wait(_ entry: Entry) -> StoreTask {
    switch entry {
    case .action(let queued):
      let group = queued.group ?? EffectGroup(tasks: tasks)
      engine.queue.append(
        QueuedAction(
          action: queued.action, group: group, cause: queued.cause, origin: queued.origin,
          dismissing: queued.dismissing))
      return StoreTask(group: group)
    case .appearance:
      preconditionFailure("Uniflow: a store's appearance started while it processed an action")
    case .sharedValuesChanged:
      engine.phase.hasPendingSharedChange = true
      return StoreTask(group: nil)
    }
  }

  /// Processes the queued actions, in order, within the synchronous loop guard's bound, and
  /// reports the cycle when the guard stops them. `first` is the action the run started with.
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

  /// Ends a run: back to idle, shared values published, the run's group handed out.
  @inlinable
  func endProcessing() -> StoreTask {
    // Shared values changed in this run: their holders are told now.
    if engine.phase.endProcessing() { publishSharedChanges() }
    guard engine.drainGroup != nil else { return StoreTask(group: nil) }
    let finished = engine.drainGroup
    engine.drainGroup = nil
    return StoreTask(group: finished)
  }

  /// Processes one action: the reducer, the hand-off of its effects (which queues its
  /// follow-ups), the middleware, the observers, the readers, the listeners.
  ///
  /// - Parameters:
  ///   - group: The effect group its effects join; `nil` for the run's.
  ///   - cause: The sequence number of the action whose effect sent it; `nil` from outside.
  ///   - origin: The async chain it joins, if any.
  ///
  /// Never inlined, so that ``run(_:)`` stays small enough to be inlined into the caller's
  /// send: there the compiler sees that a send without effects returns a task with no group,
  /// and releases nothing.
  @inlinable @inline(never)
  func process(_ action: Action, group: EffectGroup?, cause: Int?, origin: ChainOrigin<Action>?) {
    engine.processedCount &+= 1
    // The reducer; around it, Observation's readers of the whole state, if any read it.
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
    registry.update(statePlace)
    if !listeners.isEmpty { offerToListeners(action) }
  }

  @inlinable
  func reduce(_ action: Action) -> Effect<Action> {
    engine.phase.beginReducing()
    defer { engine.phase.endReducing() }
    return reducer(&storage.value, action)
  }

  /// Reduces an action after reads under Observation: tells the readers of the whole state,
  /// and those of the parts that changed.
  @usableFromInline
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
  @usableFromInline
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
    withPlace(of: action) { listeners.offer($0.raw, statePlace) }
  }

  /// Stops the program: a reducer read its own store's state, which is half-reduced while the
  /// reducer runs. The same in every build: a silent read of a half-reduced state would be a
  /// bug that shows only sometimes.
  @inlinable
  func checkNotReducing() {
    if engine.phase.isReducing { reportReadDuringReduction() }
  }

  @usableFromInline
  func reportReadDuringReduction() -> Never {
    fatalError(
      """
      Uniflow: the state of a Store<\(typeName(State.self)), \(typeName(Action.self))> was read while its reducer \
      was running. A reducer must read and change only the state it is given (inout); read the \
      store from a view, an observer or an effect instead.
      """)
  }

  // MARK: - Shared values

  // The root core's one meeting point with shared state: its tracker collects the shared
  // values changed while this store processed something, published when the run ends
  // (``endProcessing()``); a change from elsewhere checks this store's computed selections
  // again, through ``run(_:)``.

  /// Has the tracker join the shared values the initial state holds, so that it collects the
  /// changes this store's reducer makes to them; with a computed selection, this store checks
  /// its selections after every change of one.
  func joinSharedValues() {
    sharedTracker.adopt(self, liveness: liveness, state: storage.value)
    registry.onFirstComputedSelection = { [sharedTracker] in sharedTracker.startRefreshing() }
  }

  /// Publishes the shared values changed in this run, and checks this store's selections if
  /// a change came while it was processing.
  @usableFromInline
  func publishSharedChanges() {
    sharedTracker.publish()
    if registry.hasComputedSelection { _ = run(.sharedValuesChanged) }
  }
}

extension Reducer {
  /// Runs ``reduce(into:action:)``: the call of a reducer by the root core, made once per
  /// store.
  @inlinable
  public func _storeReduction() -> (inout State, Action) -> Effect<Action> {
    { self.reduce(into: &$0, action: $1) }
  }
}

extension RootCore: Observable {}

extension RootCore: SharedHolder {
  /// Whether it is in the middle of something.
  var isProcessing: Bool { engine.phase.isProcessing }

  /// Whether its reducer is running.
  var isReducing: Bool { engine.phase.isReducing }

  /// Whether a shared value changed in its reducer, or while it was processing: it publishes
  /// the change and checks its selections when its run ends.
  var hasPendingSharedChange: Bool {
    get { engine.phase.hasPendingSharedChange }
    set { engine.phase.hasPendingSharedChange = newValue }
  }

  /// Checks the observed selections against the state after a shared value it may hold
  /// changed.
  func sharedValuesDidChange() {
    _ = run(.sharedValuesChanged)
  }
}

/// What a root core changes as it works, in one value: its phase, its queue of actions with
/// the synchronous loop guard, the async loop guard, the effect group of the current run, and
/// what it must tell Observation and middleware.
///
/// The root core keeps it in memory of its own, read and written in place on every action. The
/// methods of the values it holds never call out of the engine, so no access to it is open
/// while the reducer, an effect, a middleware or an observer runs (and may send).
@usableFromInline
struct Bookkeeping<Action> {
  @usableFromInline var phase = Phase()
  /// The effect group of the outermost run being processed, once one of its actions started
  /// an effect or the run came with a group.
  @usableFromInline var drainGroup: EffectGroup?
  /// The number of actions processed so far: the sequence number of the last one.
  @usableFromInline var processedCount = 0
  /// What was read under Observation since the registrar was last told of a change: the whole
  /// state, parts of it through a key path, or both. Observation tracking is one-shot and
  /// starts with a read, so a change that follows no read has no tracker to tell, and the
  /// registrar is skipped: one check per action.
  @usableFromInline var observedReads: ObservedReads = []
  @usableFromInline var queue = ActionQueue<Action>()
  var asyncGuard = AsyncLoopGuard<Action>()
  /// The `send` handed to middleware, made on first use.
  var middlewareSend: Send<Action>?

  @usableFromInline
  init() {}
}

/// Where a root core is in its work: idle, processing (an action, its queue, its effects, its
/// middleware and observers), or running its reducer; and whether a shared value changed
/// meanwhile.
///
/// ```
/// idle ──beginProcessing──▶ processing ──beginReducing──▶ reducing
///   ▲                          │   ▲                          │
///   └──────endProcessing───────┘   └───────endReducing────────┘
/// ```
///
/// A run that finds the core processing has its entry wait; a read of the state while it is
/// reducing stops the program (the state is half-reduced); a shared value changed while it is
/// processing is published when processing ends.
@usableFromInline
struct Phase {
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

  @usableFromInline
  init() {}

  /// Whether something is being processed: a send now waits.
  @inlinable
  var isProcessing: Bool { activity != .idle }

  /// Whether the reducer is running: reading the state now would see it half-reduced.
  @inlinable
  var isReducing: Bool { activity == .reducing }

  /// Starts processing, unless something is being processed already.
  ///
  /// - Returns: Whether it started; `false` means the entry must wait.
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

// MARK: - The queue of a send

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

// MARK: - The scoped core

/// The engine of a scoped store: its root's engine, held directly, and the part of the root's
/// state the store is scoped to.
///
/// A scoped core holds no state. It reads its part from the root's state through its ``Part``
/// (a fixed path, or one that can vanish), sends its actions to the root through ``forward``,
/// made where the root's types are known, and hangs its observers and listeners on the root's,
/// so that neither an observer nor its token depends on the scoped store object: a token
/// outlives the store it was made from. Whatever the depth, there is no walk up the parents: a
/// deep store's cost is its path (one embedding per level, one step of the part per level).
///
/// When the part is gone (a dismissed child, a removed row, another case, or a part above one
/// of those), the store answers with the last state it read, its sends do nothing, and its
/// observers are not called; once the root store was released, it answers with the state the
/// root store left, and its sends do nothing. The store is bound to the place of
/// the part, not to one value of it: an optional child presented there again is followed (an
/// element's identifier is never reused, so an element store never follows another element).
///
/// **Observation.** A scoped core is `Observable` on its own: a tracked read registers with its
/// own registrar, never the root's, and starts a watcher, an observer of the part in the root's
/// registry. When the part changed (by `==` for an `Equatable` state; after every action
/// otherwise) the watcher tells the readers of the whole state, and those of each field read
/// through a key path whose value changed; it ends once no read is left to tell, as tracking
/// does.
@usableFromInline
@MainActor
final class ScopedCore<State, Action> {
  /// The root's engine.
  @usableFromInline let root: RootEngine
  /// Where the state is in the root's.
  @usableFromInline let part: Part<State>
  /// Embeds an action into the root's, level by level, and runs it there.
  @usableFromInline let forward: (consuming Action) -> StoreTask
  /// Extracts this store's action from the root's action at a place; `nil` when the store was
  /// scoped with an embedding function alone, which cannot be reversed.
  @usableFromInline let extract: ((RawStatePlace) -> Action?)?
  /// The last state read, for a part that can vanish: what the store answers once it is gone.
  /// A copy, which makes the root copy the part's storage on its next mutation of it; a fixed
  /// part keeps none, and reads the root's state, which stays readable as long as this core.
  var lastKnown: State?
  @usableFromInline let registrar = ObservationRegistrar()
  /// The watcher of the state for the reads tracked since its last change; `nil` if none.
  var watcher: ObservationToken?
  /// Whether the whole state was read since the registrar was last told of its change.
  var isStateAccessed = false
  /// The fields read through a key path since they last changed; made on the first such read.
  var fieldsStorage: TrackedFields<ScopedCore, State>?
  /// `\.latestState`, made on the first tracked read: in generic code a key path literal is
  /// instantiated on every use.
  var stateKeyPathStorage: KeyPath<ScopedCore, State>?
  /// Whether two states are the same, made on the first tracked read; see ``isDuplicate``.
  var isDuplicateStorage: ((State, State) -> Bool)?

  @usableFromInline
  init(
    root: RootEngine, part: Part<State>, initialState: State,
    forward: @escaping (consuming Action) -> StoreTask, extract: ((RawStatePlace) -> Action?)?
  ) {
    self.root = root
    self.part = part
    self.lastKnown = part.canVanish ? initialState : nil
    self.forward = forward
    self.extract = extract
  }

  /// Sends an action to the root; does nothing if the part is gone or the root store was
  /// released.
  @inlinable
  func send(_ action: Action) -> StoreTask {
    guard root.isAlive, !part.canVanish || part.locate(root.statePlace) != nil else {
      return StoreTask(group: nil)
    }
    return forward(action)
  }

  /// The current state, or `nil` if the part (or a part above it) is gone; untracked. Once the
  /// root store was released, the state it left.
  @usableFromInline
  func current() -> State? {
    guard let state = part.locate(root.statePlace) else { return nil }
    if part.canVanish { lastKnown = state }
    return state
  }

  /// The current state, or the last state read if the part is gone; untracked.
  @usableFromInline
  var latestState: State {
    // A part is gone only if it can vanish, and then it kept the last state it read.
    current() ?? lastKnown!
  }

  /// `\.latestState`, under which Observation files a read of the whole state.
  var stateKeyPath: KeyPath<ScopedCore, State> {
    if let keyPath = stateKeyPathStorage { return keyPath }
    let keyPath = \ScopedCore.latestState
    stateKeyPathStorage = keyPath
    return keyPath
  }

  /// Whether two states are the same: `==` if `State` is `Equatable`, otherwise never (the
  /// watcher cannot tell, so it reports every action).
  var isDuplicate: (State, State) -> Bool {
    if let isDuplicate = isDuplicateStorage { return isDuplicate }
    let isDuplicate: (State, State) -> Bool
    if let equatable = State.self as? any Equatable.Type {
      isDuplicate = equatable.equality(as: State.self)
    } else {
      isDuplicate = { _, _ in false }
    }
    isDuplicateStorage = isDuplicate
    return isDuplicate
  }

  /// The fields read through a key path since they last changed.
  @usableFromInline
  var fields: TrackedFields<ScopedCore, State> {
    if let fields = fieldsStorage { return fields }
    let fields = TrackedFields<ScopedCore, State>(rootKeyPath: stateKeyPath)
    fieldsStorage = fields
    return fields
  }

  /// Tells Observation of a read of the whole state, and makes sure its next change is
  /// reported.
  @usableFromInline
  func track() {
    registrar.access(self, keyPath: stateKeyPath)
    isStateAccessed = true
    armWatcher()
  }

  /// Starts the watcher of the state, unless it runs.
  @usableFromInline
  func armWatcher() {
    guard watcher == nil, root.liveness.isAlive else { return }
    let locate = part.locate
    let selection = Selection.compute(locate)
    watcher = root.registry.observe(
      selection, key: .watcher(at: part.path), initial: latestState,
      update: selection.update(comparing: isDuplicate), onChange: { [weak self] _ in self?.stateDidChange() })
  }

  /// Tells the readers tracked since the last change that the state, or the field they read,
  /// changed; ends the watcher if no read is left to tell, so that the next tracked read starts
  /// another.
  ///
  /// A reader told here may read the store again at once: its read counts for the next change.
  func stateDidChange() {
    if isStateAccessed {
      isStateAccessed = false
      registrar.willSet(self, keyPath: stateKeyPath)
      registrar.didSet(self, keyPath: stateKeyPath)
    }
    if let fields = fieldsStorage, !fields.isEmpty {
      withPlace(of: latestState) { fields.update($0, of: self, registrar: registrar) }
    }
    if !isStateAccessed, fieldsStorage?.isEmpty ?? true { watcher = nil }
  }

  /// Stops the program: a store scoped with an embedding function alone cannot tell its own
  /// actions from the others once they are embedded (an effect's action reaches the root as
  /// the parent's), so it could only hear some of them. The same in every build: an event that
  /// fires for some of its actions and silently not for others would be a bug found late.
  func reportActionsCannotBeTold() -> Never {
    fatalError(
      """
      Uniflow: the actions of a Store<\(typeName(State.self)), \(typeName(Action.self))> cannot be observed: it was \
      scoped with an embedding function, which cannot tell its actions from the others once \
      embedded. Scope it with an ActionCase (scope(state:action:), scope(id:in:action:) or \
      scope(forEach:action:) given the case's ActionCase) to observe its actions.
      """)
  }
}

extension ScopedCore: Observable {}

/// Where a scoped store's state is in its root's: a fixed path, or one that can vanish.
///
/// A path is made of steps from the root state, one per scope: a key path to a part that is
/// always there (`scope(state: \.settings, …)`), or a step that finds a part that can go away —
/// an optional child, an element of a collection by its identifier, a case of an enum. A path
/// of key paths alone is fixed: its part is there as long as the root is, and when each key
/// path names stored properties, at a fixed offset in the root state. A path with any other
/// step can vanish: its part is found anew on each read, and is `nil` when gone.
@usableFromInline
struct Part<State> {
  /// Finds the part in the root state at a place; `nil` when it is gone. Made where the root's
  /// and the part's types are known.
  @usableFromInline let locate: (RawStatePlace) -> State?
  /// Where the part sits in the root state, in bytes from its start, when its path is fixed and
  /// names stored properties all the way.
  @usableFromInline let offset: Int?
  /// Whether a step of the path can find nothing.
  @usableFromInline let canVanish: Bool
  /// The path's components from the root (key paths, element keys, cases): what identifies the
  /// part in an observation key, so that observers of the same part share a selection.
  @usableFromInline let path: [AnyHashable]

  @usableFromInline
  init(
    locate: @escaping (RawStatePlace) -> State?, offset: Int?, canVanish: Bool,
    path: [AnyHashable]
  ) {
    self.locate = locate
    self.offset = offset
    self.canVanish = canVanish
    self.path = path
  }

  /// The whole root state: the path of no step, from which a root store's scopes start.
  @inlinable
  init(root _: State.Type) {
    self.init(
      locate: { $0.typed(as: State.self).value },
      offset: MemoryLayout<State>.size > 0 ? 0 : nil, canVanish: false, path: [])
  }

  /// This path, then one more step.
  ///
  /// - Parameters:
  ///   - step: Finds the child part in this part; `nil` when it is gone.
  ///   - keyPath: The child's key path, when the step is one to a part that is always there.
  ///   - component: Identifies the step, for observation keys.
  @inlinable
  func appending<Child>(
    _ step: @escaping (State) -> Child?, keyPath: KeyPath<State, Child>?, component: AnyHashable
  ) -> Part<Child> {
    let path = self.path + [component]
    // A key path of stored properties from a part at a fixed offset: the child is read at its
    // own offset, in place, without a copy of the part.
    if let keyPath, let base = offset, MemoryLayout<State>.size > 0,
      let offset = MemoryLayout<State>.offset(of: keyPath)
    {
      let childOffset = base + offset
      return Part<Child>(
        locate: { $0.part(at: childOffset, as: Child.self).value }, offset: childOffset,
        canVanish: false, path: path)
    }
    if let base = offset {
      return Part<Child>(
        locate: { step($0.part(at: base, as: State.self).value) }, offset: nil,
        canVanish: keyPath == nil, path: path)
    }
    let locate = self.locate
    return Part<Child>(
      locate: { locate($0).flatMap(step) }, offset: nil, canVanish: canVanish || keyPath == nil,
      path: path)
  }
}

/// The component of an element's step in an observation key: its collection and its
/// identifier.
@usableFromInline
struct ElementKey: Hashable {
  @usableFromInline let elements: AnyKeyPath
  @usableFromInline let id: AnyHashable

  @inlinable
  init(elements: AnyKeyPath, id: AnyHashable) {
    self.elements = elements
    self.id = id
  }
}
