/// The core of a store scoped to an optional part of its parent's state while it is present:
/// a presented child, `scope(state: \.detail, action: …)`.
///
/// It keeps the last state it read, so that once the child is dismissed the store (and every
/// store scoped from it) answers with that state, and its sends do nothing.
@usableFromInline
final class OptionalScopedCore<ParentState, ParentAction, State, Action>:
  VanishingScopedCore<ParentState, ParentAction, State, Action>
{
  @usableFromInline let toState: KeyPath<ParentState, State?>

  @inlinable
  init(
    parent: StoreCore<ParentState, ParentAction>, state: KeyPath<ParentState, State?>,
    initialState: State, embed: @escaping (consuming Action) -> ParentAction,
    extract: ((ParentAction) -> Action?)?
  ) {
    self.toState = state
    super.init(
      parent: parent, initialState: initialState, embed: embed,
      find: { parent.current(tracked: false)?[keyPath: state] ?? nil },
      extract: extract, locate: { $0[keyPath: state] })
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
}
