/// A reducer built from a closure, for logic that does not need a type of its own.
///
/// ```swift
/// let counter = Reduce<Int, CounterAction> { count, action in
///   switch action {
///   case .increment: count += 1
///   case .decrement: count -= 1
///   }
///   return .none
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline
  let reduce: (inout State, Action) -> Effect<Action>
  /// The appearance of the reducer this one wraps, if any.
  @usableFromInline
  let appearance: Appearance<State, Action>?

  /// Creates a reducer from a closure that evolves the state and returns the next effect.
  ///
  /// - Parameter reduce: The reducing closure.
  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
    self.appearance = nil
  }

  /// Erases another reducer of the same state and action to a `Reduce`.
  ///
  /// - Parameter reducer: The reducer to wrap.
  @inlinable
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.reduce = { reducer.reduce(into: &$0, action: $1) }
    self.appearance = reducer._appearance()
  }

  /// Calls the closure.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }

  /// The wrapped reducer's appearance, for a `Reduce` made from a reducer.
  public func _appearance() -> Appearance<State, Action>? {
    appearance
  }
}
