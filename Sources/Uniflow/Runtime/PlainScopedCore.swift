/// The core of a store scoped to a part of its parent's state that is always there while the
/// parent is: `scope(state: \.settings, action: …)`.
@usableFromInline
final class PlainScopedCore<ParentState, ParentAction, State, Action>: ScopedCore<State, Action> {
  @usableFromInline let parent: StoreCore<ParentState, ParentAction>
  @usableFromInline let toState: KeyPath<ParentState, State>

  @inlinable
  init(
    parent: StoreCore<ParentState, ParentAction>, state: KeyPath<ParentState, State>,
    embed: @escaping (Action) -> ParentAction
  ) {
    self.parent = parent
    self.toState = state
    super.init(forward: Self.forwarding(to: parent, embed: embed))
  }

  @usableFromInline
  override var state: State { parent.state[keyPath: toState] }

  @usableFromInline
  override func current(tracked: Bool) -> State? {
    parent.current(tracked: tracked)?[keyPath: toState]
  }

  @usableFromInline
  override func observe<Value>(
    _ selection: Selection<State, Value>, key: ObservationKey?, initial: Value,
    isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    parent.observe(
      selection.lifted(through: toState), key: key?.lifted(through: toState), initial: initial,
      isDuplicate: isDuplicate, onChange: onChange)
  }

  @usableFromInline
  override var runningEffectCount: Int { parent.runningEffectCount }

  override var registry: any SelectionCounting { parent.registry }
}
