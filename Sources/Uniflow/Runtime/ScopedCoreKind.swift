/// What a kind of scoped core supplies: how it reaches its part of its parent's state, and how
/// it reaches the root through its parent.
///
/// A ``ScopedCore`` holds one kind and does the rest itself: sending, Observation tracking and
/// the watcher are the same for every kind. The kinds: ``PlainScopedCore`` for a part that is
/// always there, and ``VanishingScopedCore`` for a part that can go away — an optional part
/// (``OptionalScopedCore``) or an element of a collection (``ElementScopedCore``).
///
/// A kind holds its parent's core, with the parent's types; the protocol hides them from the
/// scoped store, which knows its own state and action types only.
@usableFromInline
@MainActor
protocol ScopedCoreKind<State, Action>: AnyObject {
  /// The state of the scoped store.
  associatedtype State
  /// The action of the scoped store.
  associatedtype Action

  /// The current state, or the last state read if the part (or a part above it) is gone;
  /// untracked.
  var latestState: State { get }

  /// The current state, or `nil` if the part (or a part above it) is gone; untracked.
  func present() -> State?

  /// Adds an observer of a selection of the part to the root's registry: the selection and
  /// its key lifted through this level, then through the parent's.
  func observe<Value>(
    _ selection: Selection<State, Value>, key: ObservationKey?, initial: Value,
    isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void
  ) -> ObservationToken

  /// Adds a listener of the actions of the scoped store to the root's listeners: of each root
  /// action this kind, and every core above it, extracts one of its own actions from, with its
  /// part of the state after it.
  ///
  /// Stops the program if this core, or one above it, was scoped with an embedding function
  /// alone: see ``reportActionsCannotBeTold()``.
  func listen(_ hear: @escaping @MainActor (Action, State) -> Void) -> ObservationToken

  /// The number of effect tasks running in the root store.
  var runningEffectCount: Int { get }

  /// The number of action listeners registered on the root store.
  var actionListenerCount: Int { get }

  /// The root's registry of observers.
  var registry: any SelectionRegistry { get }

  /// Where the part sits in the root state, if at a fixed place; see
  /// ``StoreCore/rootOffset``.
  var rootOffset: Int? { get }
}

extension ScopedCoreKind {
  /// Stops the program: a store scoped with an embedding function alone cannot tell its own
  /// actions from the others once they are embedded (an effect's action reaches the root as
  /// the parent's), so it could only hear some of them. The same in every build: an event that
  /// fires for some of its actions and silently not for others would be a bug found late.
  @usableFromInline
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
