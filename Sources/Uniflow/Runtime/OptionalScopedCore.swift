/// The core of a store scoped to an optional part of its parent's state while it is present:
/// a presented child, `scope(state: \.detail, action: …)`.
///
/// It keeps the last state it read, so that once the child is dismissed the store (and every
/// store scoped from it) answers with that state, and its sends do nothing.
@usableFromInline
final class OptionalScopedCore<ParentState, ParentAction, State, Action>:
  ScopedCore<State, Action>
{
  @usableFromInline let parent: StoreCore<ParentState, ParentAction>
  @usableFromInline let toState: KeyPath<ParentState, State?>
  @usableFromInline let embed: (Action) -> ParentAction
  /// The last state read: a copy, which makes the root copy the child's storage on its next
  /// mutation of it.
  @exclusivity(unchecked) @usableFromInline var lastKnown: State

  @inlinable
  init(
    parent: StoreCore<ParentState, ParentAction>, state: KeyPath<ParentState, State?>,
    initialState: State, embed: @escaping (Action) -> ParentAction
  ) {
    self.parent = parent
    self.toState = state
    self.lastKnown = initialState
    self.embed = embed
  }

  @usableFromInline
  override var state: State {
    guard let state = current(tracked: true) else { return lastKnown }
    lastKnown = state
    return state
  }

  @usableFromInline
  override func current(tracked: Bool) -> State? {
    parent.current(tracked: tracked)?[keyPath: toState] ?? nil
  }

  @usableFromInline
  override func send(_ action: Action) -> StoreTask {
    guard current(tracked: false) != nil else { return StoreTask(group: nil) }
    return parent.send(embed(action))
  }

  @usableFromInline
  override func observe<Value>(
    _ selection: Selection<State, Value>, key: ObservationKey?, initial: Value,
    isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let toState = self.toState
    return parent.observe(
      selection.lifted(through: { $0.pointee[keyPath: toState] }),
      key: key?.lifted(through: toState), initial: initial, isDuplicate: isDuplicate,
      onChange: onChange)
  }

  @usableFromInline
  override var runningEffectCount: Int { parent.runningEffectCount }

  override var registry: any SelectionCounting { parent.registry }
}
