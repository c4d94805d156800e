/// The engine behind a ``Store``: the root core of a store made with `init`, or the scoped
/// core of a store made with `scope`.
///
/// A store forwards everything to its core. The root core owns the state and runs actions;
/// a scoped core reads its part of its parent's state through its kind (``PlainScopedCore``,
/// ``OptionalScopedCore``, ``ElementScopedCore``) and embeds its actions into its parent's.
@usableFromInline
@MainActor
enum StoreCore<State, Action> {
  /// The core of a root store.
  case root(RootCore<State, Action>)
  /// The core of a store scoped from another.
  case scoped(ScopedCore<State, Action>)

  /// The current state, tracked by Observation; for a scoped core whose part of the state is
  /// gone, the last state it read.
  @inlinable
  var state: State {
    switch self {
    case .root(let root): root.state
    case .scoped(let scoped): scoped.state
    }
  }

  /// The part of the current state at `keyPath`, tracked by Observation as that part alone;
  /// `isDuplicate` makes the part's comparison if the part is not tracked yet.
  @inlinable
  func read<Value>(
    _ keyPath: KeyPath<State, Value>, isDuplicate: () -> (Value, Value) -> Bool
  ) -> Value {
    switch self {
    case .root(let root): root.read(keyPath, isDuplicate: isDuplicate)
    case .scoped(let scoped): scoped.read(keyPath, isDuplicate: isDuplicate)
    }
  }

  /// The current state, untracked; for a scoped core whose part of the state is gone, the last
  /// state it read.
  @inlinable
  var latestState: State {
    switch self {
    case .root(let root): root.currentState
    case .scoped(let scoped): scoped.latestState
    }
  }

  /// The current state, or `nil` if this part of the state is gone; `tracked` says whether
  /// Observation is told of the read.
  @inlinable
  func current(tracked: Bool) -> State? {
    switch self {
    case .root(let root): tracked ? root.state : root.currentState
    case .scoped(let scoped): scoped.current(tracked: tracked)
    }
  }

  /// Sends an action through this core to the root.
  @inlinable
  func send(_ action: Action) -> StoreTask {
    switch self {
    case .root(let root): root.entry(root, action)
    case .scoped(let scoped): scoped.send(action)
    }
  }

  /// Adds an observer of a selection of this core's state to the root's registry.
  ///
  /// - Parameters:
  ///   - selection: What to select from this core's state.
  ///   - key: Identifies the selection, so that observers of the same one share it; `nil` for
  ///     a selection of its own.
  @inlinable
  func observe<Value>(
    _ selection: Selection<State, Value>, key: ObservationKey?, initial: Value,
    isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    switch self {
    case .root(let root):
      root.observers.observe(
        selection, key: key, initial: initial, isDuplicate: isDuplicate, onChange: onChange)
    case .scoped(let scoped):
      scoped.observe(
        selection, key: key, initial: initial, isDuplicate: isDuplicate, onChange: onChange)
    }
  }

  /// Adds a listener of the actions of this core's store, with its state after each, to the
  /// root's listeners.
  func listen(_ hear: @escaping @MainActor (Action, State) -> Void) -> ObservationToken {
    switch self {
    case .root(let root): root.listen(hear)
    case .scoped(let scoped): scoped.listen(hear)
    }
  }

  /// The number of action listeners registered on the root store.
  var actionListenerCount: Int {
    switch self {
    case .root(let root): root.actionListeners?.count ?? 0
    case .scoped(let scoped): scoped.actionListenerCount
    }
  }

  /// The number of effect tasks running in the root store.
  var runningEffectCount: Int {
    switch self {
    case .root(let root): root.tasks.count
    case .scoped(let scoped): scoped.runningEffectCount
    }
  }

  /// Where this core's state sits in the root state, in bytes from its start, if it sits at a
  /// fixed place: a root's, or a plain child's of one that does. A part that can go away (an
  /// optional child, a row) has none.
  @inlinable
  var rootOffset: Int? {
    switch self {
    case .root: MemoryLayout<State>.size > 0 ? 0 : nil
    case .scoped(let scoped): scoped.rootOffset
    }
  }

  /// The number of parts of this core's state tracked through a key path.
  var trackedPartCount: Int {
    switch self {
    case .root(let root): root.fields.count
    case .scoped(let scoped): scoped.fieldsStorage?.count ?? 0
    }
  }

  /// The root's registry of observers.
  @inlinable
  var registry: any SelectionRegistry {
    switch self {
    case .root(let root): root.observers
    case .scoped(let scoped): scoped.registry
    }
  }
}
