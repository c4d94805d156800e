extension Reducer {
  /// Runs a child reducer on an optional part of the state while it is present, and cancels
  /// the child's effects when it becomes `nil`.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .showDetail: state.detail = Detail.State()
  ///     case .closeDetail: state.detail = nil  // the detail's running effects are cancelled
  ///     case .detail: break
  ///     }
  ///     return .none
  ///   }
  ///   .ifLet(\.detail, action: Action.detailCase) {
  ///     Detail()
  ///   }
  /// }
  /// ```
  ///
  /// The child runs before this reducer, so the parent sees the child's changes. A child
  /// action that arrives while the child state is `nil` (an effect finishing after a dismissal)
  /// is ignored.
  ///
  /// - Parameters:
  ///   - state: The optional child state.
  ///   - action: The case of this reducer's action carrying the child's actions.
  ///   - child: The child reducer.
  /// - Returns: A reducer running both.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ state: WritableKeyPath<State, ChildState?>,
    action: ActionCase<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> IfLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    IfLetReducer(parent: self, toChildState: state, toChildAction: action, child: child())
  }
}

/// A parent reducer with a child reducer on an optional part of its state; see
/// ``Reducer/ifLet(_:action:then:)``.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let toChildState: MutableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: ActionCase<Parent.Action, Child.Action>
  @usableFromInline let child: Child

  @inlinable
  init(
    parent: Parent, toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: ActionCase<Parent.Action, Child.Action>, child: Child
  ) {
    self.parent = parent
    self.toChildState = MutableKeyPath(toChildState)
    self.toChildAction = toChildAction
    self.child = child
  }

  /// Identifies the child's effects, to cancel them on dismissal.
  @usableFromInline
  struct ChildID: Hashable, Sendable {
    @usableFromInline let path: ObjectIdentifier

    @inlinable
    init(path: ObjectIdentifier) {
      self.path = path
    }
  }

  /// Runs the child (if present and the action is its case), then the parent, and cancels the
  /// child's effects if the parent dismissed it.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let childID = ChildID(path: toChildState.identity)
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(action) {
      childEffect = toChildState.modify(&state) { childState in
        guard childState != nil else { return .none }
        return child.reduce(into: &childState!, action: childAction)
          .map(toChildAction.embed)
          .cancellable(id: childID)
      }
    }
    let wasPresent = toChildState.modify(&state) { $0 != nil }
    let parentEffect = parent.reduce(into: &state, action: action)
    let dismissed = wasPresent && toChildState.modify(&state) { $0 == nil }
    return childEffect.merge(with: parentEffect)
      .merge(with: dismissed ? .cancel(id: childID) : .none)
  }
}
