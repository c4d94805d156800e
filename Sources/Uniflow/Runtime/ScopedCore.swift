/// The engine of a scoped store: what every kind of child core does, each in its own way.
///
/// A scoped core holds no state. It reads its part through its parent, embeds its actions
/// into its parent's, and hangs its observers on the root's registry with their selections
/// lifted through each level, so that neither an observer nor its token depends on the
/// scoped store object: a token outlives the store it was made from.
///
/// The kinds: ``PlainScopedCore`` for a part that is always there, ``OptionalScopedCore`` for
/// an optional part (a presented child), ``RowScopedCore`` for one element of a collection;
/// the last two share what a part that can go away needs in ``VanishingScopedCore``. A
/// part can also vanish because a part above it did (a plain child of a dismissed child):
/// ``current(tracked:)`` is then `nil` at every level below, and ``state`` answers with the last state
/// read.
///
/// A send does not go up the cores one by one: each core keeps ``forward``, a closure made
/// when it is scoped, where its types are known, that embeds the action and calls its parent's
/// closure directly (the root's ``RootCore/entry`` at the top). A send through a store scoped
/// ten times is then ten embeddings and closure calls, with no dynamic dispatch on the way.
@usableFromInline
@MainActor
class ScopedCore<State, Action> {
  /// Embeds an action into the parent's and sends it on towards the root; a core whose part
  /// can go away first checks that it is there.
  @usableFromInline let forward: @MainActor (Action) -> StoreTask

  @usableFromInline
  init(forward: @escaping @MainActor (Action) -> StoreTask) {
    self.forward = forward
  }

  /// The closure that sends a child's action through `parent`: the child's embedding, then
  /// the parent's own forwarding, without going through the parent core's methods.
  @inlinable
  static func forwarding<ParentState, ParentAction>(
    to parent: StoreCore<ParentState, ParentAction>, embed: @escaping (Action) -> ParentAction
  ) -> @MainActor (Action) -> StoreTask {
    switch parent {
    case .root(let root):
      return { root.entry(embed($0)) }
    case .scoped(let scoped):
      let forward = scoped.forward
      return { forward(embed($0)) }
    }
  }

  /// The current state, tracked by Observation, or the last state read if the part is gone.
  @usableFromInline
  var state: State { fatalError("subclass responsibility") }

  /// The current state, or `nil` if the part (or a part above it) is gone; `tracked` says
  /// whether Observation is told of the read.
  @usableFromInline
  func current(tracked: Bool) -> State? { fatalError("subclass responsibility") }

  /// Sends an action through the parent; does nothing if the part is gone.
  @inlinable
  final func send(_ action: Action) -> StoreTask { forward(action) }

  /// Adds an observer of a selection of this core's state to the root's registry.
  @usableFromInline
  func observe<Value>(
    _ selection: Selection<State, Value>, key: ObservationKey?, initial: Value,
    isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void
  ) -> ObservationToken { fatalError("subclass responsibility") }

  /// The number of effect tasks running in the root store.
  @usableFromInline
  var runningEffectCount: Int { fatalError("subclass responsibility") }

  /// The root's registry of observers.
  var registry: any SelectionCounting { fatalError("subclass responsibility") }
}
