/// Runs several reducers over the same state, in the order they are written.
///
/// ```swift
/// let app = CombineReducers {
///   Validation()
///   Counter()
///   Reduce { state, action in /* … */ .none }
/// }
/// ```
///
/// The effects of all the reducers are merged.
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  @usableFromInline
  let reducers: Reducers

  /// Combines the reducers built by `build`.
  ///
  /// - Parameter build: A ``ReducerBuilder`` block listing the reducers.
  @inlinable
  public init(
    @ReducerBuilder<State, Action> _ build: () -> Reducers
  ) {
    self.reducers = build()
  }

  /// Runs every combined reducer in order and merges their effects.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }

  /// The reducers' appearances, in order.
  public func _appearance() -> Appearance<State, Action>? {
    reducers._appearance()
  }
}
