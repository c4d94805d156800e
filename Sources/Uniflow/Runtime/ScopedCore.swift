import Observation

/// The engine of a scoped store: what every kind of scoped core shares, around the kind that
/// reaches its part.
///
/// A scoped core holds no state. Its kind (``ScopedCoreKind``) reads its part through its
/// parent and hangs its observers on the root's registry with their selections lifted through
/// each level, so that neither an observer nor its token depends on the scoped store object: a
/// token outlives the store it was made from. The core itself sends, and tells Observation of
/// the reads of its store.
///
/// The kinds: ``PlainScopedCore`` for a part that is always there, made by
/// `scope(state:action:)` with a key path to a non-optional part; ``OptionalScopedCore`` for an
/// optional part (a presented child), made by `scope(state:action:)` with a key path to an
/// optional part; ``ElementScopedCore`` for one element of a collection (a row, a screen of a
/// stack), made by `scope(id:in:action:)` and `scope(forEach:action:)`. The last two are one
/// kind, ``VanishingScopedCore``, that finds its part in two ways. A part can also vanish
/// because a part above it did (a plain child of a dismissed child): ``current(tracked:)`` is
/// then `nil` at every level below, and ``state`` answers with the last state read.
///
/// **Observation.** A scoped core is `Observable` on its own: a tracked read registers with its
/// own registrar, never the root's, and starts a watcher, an observer of the core's whole state
/// in the root's registry. When that state changed (by `==` for an `Equatable` state; after
/// every action otherwise) the watcher tells the readers of the whole state, and those of each
/// part read through a key path (``read(_:isDuplicate:)``) whose part changed, as
/// ``TrackedFields`` does for a root store; it ends once no read is left to tell, as tracking
/// does. A view that reads a child store is then told of that child's changes only, and a view
/// that reads one of its fields, of that field's.
///
/// A send does not go up the cores one by one: each core keeps ``forward``, a closure made
/// when it is scoped, where its types are known, that embeds the action and calls its parent's
/// closure directly (the root's ``RootCore/entry`` at the top). A send through a store scoped
/// ten times is then ten embeddings and closure calls, with no dynamic dispatch on the way; the
/// kind is not on that path. Each passes the action on consumed: an action nested ten deep is
/// an enum whose copy (and destruction) walks its nesting, and copying it at every level made
/// such a send cost the square of its depth.
@usableFromInline
@MainActor
final class ScopedCore<State, Action> {
  /// Embeds an action into the parent's and sends it on towards the root; a core whose part
  /// can go away first checks that it is there.
  @usableFromInline let forward: @MainActor (consuming Action) -> StoreTask
  /// How this core reaches its part and the root.
  @usableFromInline let kind: any ScopedCoreKind<State, Action>
  @usableFromInline let registrar = ObservationRegistrar()
  /// `\.state`, made on the first tracked read; see ``stateKeyPath``.
  @usableFromInline var stateKeyPathStorage: KeyPath<ScopedCore, State>?
  /// The watcher of the state for the reads tracked since its last change; `nil` if none.
  @usableFromInline var watcher: ObservationToken?
  /// Whether the whole state was read since the registrar was last told of its change.
  @usableFromInline var isStateAccessed = false
  /// The parts read through a key path since they last changed; made on the first such read.
  @usableFromInline var fieldsStorage: TrackedFields<ScopedCore, State>?
  /// Whether two states are the same; made on the first tracked read, see ``isDuplicate``.
  @usableFromInline var isDuplicateStorage: ((State, State) -> Bool)?

  /// - Parameters:
  ///   - kind: How the core reaches its part and the root.
  ///   - forward: Sends an action on towards the root; see ``forwarding(to:embed:)``.
  @inlinable
  init(
    kind: some ScopedCoreKind<State, Action>,
    forward: @escaping @MainActor (consuming Action) -> StoreTask
  ) {
    self.kind = kind
    self.forward = forward
  }

  /// The closure that sends a child's action through `parent`: the child's embedding, then
  /// the parent's own forwarding, without going through the parent core's methods.
  @inlinable
  static func forwarding<ParentState, ParentAction>(
    to parent: StoreCore<ParentState, ParentAction>,
    embed: @escaping (consuming Action) -> ParentAction
  ) -> @MainActor (consuming Action) -> StoreTask {
    switch parent {
    case .root(let root):
      return { (action: consuming Action) in root.entry(root, embed(action)) }
    case .scoped(let scoped):
      let forward = scoped.forward
      return { (action: consuming Action) in forward(embed(action)) }
    }
  }

  /// The current state, tracked by Observation, or the last state read if the part is gone.
  @inlinable
  var state: State {
    track()
    return latestState
  }

  /// The current state, or the last state read if the part is gone; untracked.
  @inlinable
  var latestState: State { kind.latestState }

  /// The current state, or `nil` if the part (or a part above it) is gone; `tracked` says
  /// whether Observation is told of the read.
  @inlinable
  func current(tracked: Bool) -> State? {
    if tracked { track() }
    return kind.present()
  }

  /// The part of the state at `keyPath`, tracked by Observation as that part alone; for a part
  /// that is gone, read from the last state.
  ///
  /// - Parameter isDuplicate: Makes the part's comparison, if the part is not tracked yet.
  @inlinable
  func read<Value>(
    _ keyPath: KeyPath<State, Value>, isDuplicate: () -> (Value, Value) -> Bool
  ) -> Value {
    let state = latestState
    let part = withPlace(of: state) {
      fields.access(keyPath, in: $0, of: self, registrar: registrar, isDuplicate: isDuplicate)
    }
    armWatcher()
    return part
  }

  /// `\.state`, made on the first use: in generic code a key path literal is instantiated on
  /// every use. (Kept by hand, not in a `lazy var`: the compiler inlines the getter of a
  /// `@usableFromInline lazy var` of a final class into client code, where it cannot reach the
  /// storage, and fails to build it.)
  @usableFromInline
  var stateKeyPath: KeyPath<ScopedCore, State> {
    if let keyPath = stateKeyPathStorage { return keyPath }
    let keyPath = \ScopedCore.state
    stateKeyPathStorage = keyPath
    return keyPath
  }

  /// The parts read through a key path since they last changed.
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
    guard watcher == nil else { return }
    watcher = observe(
      Selection(\State.self), key: .watcher, initial: latestState,
      isDuplicate: isDuplicate,
      onChange: { [weak self] _ in self?.stateDidChange() })
  }

  /// Tells the readers tracked since the last change that the state, or the part they read,
  /// changed; ends the watcher if no read is left to tell, so that the next tracked read starts
  /// another.
  ///
  /// A reader told here may read the store again at once: its read counts for the next change.
  @usableFromInline
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

  /// Whether two states are the same: `==` if `State` is `Equatable`, otherwise never (the
  /// watcher cannot tell, so it reports every action). Made on the first tracked read, once:
  /// the watcher is armed again after every change it reports.
  @usableFromInline
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

  /// Sends an action through the parent; does nothing if the part is gone.
  @inlinable
  func send(_ action: Action) -> StoreTask { forward(action) }

  /// Adds an observer of a selection of this core's state to the root's registry.
  @inlinable
  func observe<Value>(
    _ selection: Selection<State, Value>, key: ObservationKey?, initial: Value,
    isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    kind.observe(
      selection, key: key, initial: initial, isDuplicate: isDuplicate, onChange: onChange)
  }

  /// Adds a listener of the actions of this core's store to the root's listeners; see
  /// ``ScopedCoreKind/listen(_:)``.
  @inlinable
  func listen(_ hear: @escaping @MainActor (Action, State) -> Void) -> ObservationToken {
    kind.listen(hear)
  }

  /// The number of effect tasks running in the root store.
  @inlinable
  var runningEffectCount: Int { kind.runningEffectCount }

  /// The number of action listeners registered on the root store.
  @inlinable
  var actionListenerCount: Int { kind.actionListenerCount }

  /// The root's registry of observers.
  @inlinable
  var registry: any SelectionRegistry { kind.registry }

  /// Where this core's state sits in the root state, if at a fixed place; see
  /// ``StoreCore/rootOffset``.
  @inlinable
  var rootOffset: Int? { kind.rootOffset }
}

extension ScopedCore: Observable {}
