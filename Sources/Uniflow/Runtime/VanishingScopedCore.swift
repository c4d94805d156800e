/// What the cores of parts that can go away share: ``OptionalScopedCore`` (a presented child)
/// and ``ElementScopedCore`` (an element of a collection).
///
/// Such a core keeps the last state it read, so that once its part is gone the store (and every
/// store scoped from it) answers with that state; and it sends only while its part is there.
/// A subclass says how to find its part in its parent's state (`find`) and how to
/// lift its observers' selections.
@usableFromInline
class VanishingScopedCore<ParentState, ParentAction, State, Action>: ScopedCore<State, Action> {
  @usableFromInline let parent: StoreCore<ParentState, ParentAction>
  /// The last state read: a copy, which makes the root copy the part's storage on its next
  /// mutation of it.
  @exclusivity(unchecked) @usableFromInline var lastKnown: State

  /// Finds the part in the parent's state, untracked; `nil` when it is gone.
  @usableFromInline let find: @MainActor () -> State?
  /// Extracts this core's action from its parent's; `nil` if scoped with an embedding alone.
  @usableFromInline let extract: ((ParentAction) -> Action?)?
  /// Finds the part in a given state of the parent; `nil` when it is gone.
  @usableFromInline let locate: (ParentState) -> State?

  /// - Parameters:
  ///   - find: Finds the part in the parent's state, untracked; `nil` when it is gone. A send
  ///     while it is gone does nothing.
  ///   - extract: Extracts this core's action from its parent's, if it can be told.
  ///   - locate: Finds the part in a given state of the parent.
  @inlinable
  init(
    parent: StoreCore<ParentState, ParentAction>, initialState: State,
    embed: @escaping (consuming Action) -> ParentAction, find: @escaping @MainActor () -> State?,
    extract: ((ParentAction) -> Action?)?, locate: @escaping (ParentState) -> State?
  ) {
    self.parent = parent
    self.lastKnown = initialState
    self.find = find
    self.extract = extract
    self.locate = locate
    let forward = Self.forwarding(to: parent, embed: embed)
    super.init { (action: consuming Action) in
      guard find() != nil else { return StoreTask(group: nil) }
      return forward(action)
    }
  }

  @usableFromInline
  override final func present() -> State? { find() }

  @usableFromInline
  override final var latestState: State {
    guard let state = present() else { return lastKnown }
    lastKnown = state
    return state
  }

  /// A listener hears the actions extracted while the part is there after them: an action
  /// after which the part is gone (a row that deleted itself) is not heard, as the observers
  /// of a part that is gone are not called.
  @usableFromInline
  override final func listen(
    _ hear: @escaping @MainActor (Action, State) -> Void
  ) -> ObservationToken {
    guard let extract else { reportActionsCannotBeTold() }
    let locate = self.locate
    return parent.listen { parentAction, parentState in
      guard let action = extract(parentAction), let state = locate(parentState) else { return }
      hear(action, state)
    }
  }

  @usableFromInline
  override final var runningEffectCount: Int { parent.runningEffectCount }

  @usableFromInline
  override final var actionListenerCount: Int { parent.actionListenerCount }

  @usableFromInline
  override final var registry: any SelectionRegistry { parent.registry }
}
