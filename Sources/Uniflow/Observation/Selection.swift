/// How to read an observed part out of a state in place, without copying the state.
///
/// A selection is applied to a pointer to the root store's state for the duration of one
/// notification, so that checking whether a part changed costs what the part costs, whatever
/// the size of the rest of the state.
@usableFromInline
enum Selection<State, Value> {
  /// The value is a stored property (or a chain of them) at a fixed byte offset in the state:
  /// it is loaded from there.
  case offset(Int)
  /// The value is computed from the state; `nil` when the part it reads is gone (a dismissed
  /// child, a removed row).
  /// Computed from the state's place, valid for the call only: no selection keeps it.
  case compute((StatePlace<State>) -> Value?)

  /// The selection of the value at `keyPath`.
  @inlinable
  init(_ keyPath: KeyPath<State, Value>) {
    if MemoryLayout<State>.size > 0, let offset = MemoryLayout<State>.offset(of: keyPath) {
      self = .offset(offset)
    } else {
      self = .compute { $0.value[keyPath: keyPath] }
    }
  }

  /// The selection of what `select` computes.
  @inlinable
  init(_ select: @escaping (State) -> Value) {
    self = .compute { select($0.value) }
  }

  /// Reads the selected value from the state at `state`, or `nil` if its part is gone.
  @inlinable
  func read(_ state: StatePlace<State>) -> Value? {
    switch self {
    case .offset(let offset):
      // `.offset` is made only from `MemoryLayout<State>.offset(of:)` of a `Value` key path (or
      // such offsets added along a chain of stored properties), so a `Value` is there.
      state.raw.load(at: offset, as: Value.self)
    case .compute(let compute):
      compute(state)
    }
  }

  /// Reads the selected value from `state`.
  @inlinable
  func read(from state: State) -> Value? {
    withPlace(of: state) { read($0) }
  }

  /// This selection, read from a parent state that holds this one at `keyPath`.
  @inlinable
  func lifted<Parent>(through keyPath: KeyPath<Parent, State>) -> Selection<Parent, Value> {
    if MemoryLayout<Parent>.size > 0, let base = MemoryLayout<Parent>.offset(of: keyPath) {
      switch self {
      case .offset(let offset):
        return .offset(base + offset)
      case .compute(let compute):
        // `base` is the offset of the stored `State` at `keyPath` in `Parent`.
        return .compute { parent in compute(parent.part(at: base, as: State.self)) }
      }
    }
    return .compute { parent in read(from: parent.value[keyPath: keyPath]) }
  }

  /// This selection, read from a parent state through `project`, which returns `nil` when the
  /// part is gone.
  @inlinable
  func lifted<Parent>(
    through project: @escaping (StatePlace<Parent>) -> State?
  ) -> Selection<Parent, Value> {
    .compute { parent in project(parent).flatMap { read(from: $0) } }
  }
}

/// Identifies a selection across stores: the path from the root store's state to the part a
/// store is scoped to, then the key path observed in it. Observers with equal keys share one
/// selection.
@usableFromInline
struct ObservationKey: Hashable {
  @usableFromInline var components: [AnyHashable]

  @inlinable
  init(_ component: AnyHashable) {
    self.components = [component]
  }

  /// This key, read through the parent step `component`.
  @inlinable
  func lifted(through component: AnyHashable) -> ObservationKey {
    var key = self
    key.components.insert(component, at: 0)
    return key
  }

  /// The key of a scoped store's watcher of its whole state, which tells Observation of its
  /// changes; not counted as an observed selection.
  @inlinable
  static var watcher: ObservationKey { ObservationKey(WatcherMark()) }

  /// Whether this is a watcher's key, at any depth.
  @usableFromInline
  var isWatcher: Bool {
    components.last?.base is WatcherMark
  }

  /// Ends a watcher's key.
  @usableFromInline
  struct WatcherMark: Hashable {
    @inlinable
    init() {}
  }
}
