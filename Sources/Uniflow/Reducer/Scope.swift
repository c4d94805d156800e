/// Runs a child reducer on a part of the parent's state, for the parent actions of one case.
///
/// ```swift
/// struct App: Reducer {
///   var body: some Reducer<State, Action> {
///     Scope(state: \.counter, action: Action.counterCase) {
///       Counter()
///     }
///     Reduce { state, action in … }  // the parent's own logic
///   }
/// }
/// ```
///
/// The child's effects are lifted into the parent's action type with the case's embedding,
/// and their cancellation identifiers into the child's namespace: two scopes of one feature
/// (two tabs) never cancel each other's work.
///
/// - Complexity: One extraction per action; the child reducer runs in place on its part of
///   the state, without copying it.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline let toChildState: MutableKeyPath<ParentState, Child.State>
  @usableFromInline let toChildAction: ActionCase<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Creates a scope.
  ///
  /// - Parameters:
  ///   - state: The child's part of the parent state.
  ///   - action: The parent case carrying the child's actions.
  ///   - child: The child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state: any WritableKeyPath<ParentState, ChildState> & Sendable,
    action: ActionCase<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = MutableKeyPath(state)
    self.toChildAction = action
    self.child = child()
  }

  /// Runs the child reducer if the action is the child's case.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    return toChildState.modify(&state) { child.reduce(into: &$0, action: childAction) }
      .lift(toChildAction.embed, into: toChildState.namespace())
  }
}
