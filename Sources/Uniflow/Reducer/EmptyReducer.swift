/// A reducer that does nothing: it leaves the state unchanged and returns ``Effect/none``.
///
/// Useful as a placeholder and as the result of an empty ``ReducerBuilder`` block.
public struct EmptyReducer<State, Action>: Reducer {
  /// Creates a reducer that does nothing.
  @inlinable
  public init() {}

  /// Returns ``Effect/none`` without touching the state.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}
