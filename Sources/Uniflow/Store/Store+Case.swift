extension Store {
  /// A store for one case of this store's enum state, while the state is that case: the
  /// screen a destination shows now.
  ///
  /// ```swift
  /// let destination = store.scope(state: \.destination, action: Action.destinationCase.presented())
  /// if let editor = destination?.scope(
  ///   state: Destination.State.editorCase, action: Destination.Action.editorCase)
  /// {
  ///   showEditor(editor)
  /// }
  /// ```
  ///
  /// Once the state is another case (or a part above it went away), the child store, and every
  /// store scoped from it, keeps answering with the last state it read, its sends do nothing and
  /// its observers are not called. If the case is shown there again, the store follows it.
  ///
  /// Read in a tracked scope (a SwiftUI view's body), it tracks this store's whole state. For
  /// an optional enum in the parent's state (a presented destination), scope from the parent
  /// with a key path to the case (`\.destination[case: …]`) instead: that tracks whether the case
  /// is shown, not what it holds.
  ///
  /// - Parameters:
  ///   - state: The case of this store's state that holds the child state.
  ///   - action: The case of this store's action type that carries the child's actions.
  /// - Returns: The child store, or `nil` if the state is another case now.
  /// - Complexity: O(1) to create; a send or a read costs one extraction on top of this
  ///   store's.
  @available(*, deprecated, message: "Scope from the parent with a key path to the case, which tracks whether the case is shown: scope(state: \\.destination[case: Destination.State.editorCase], action: Action.destinationCase.presented().appending(Destination.Action.editorCase))")
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: StateCase<State, ChildState>,
    action: ActionCase<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    _ = core.state
    guard
      let scoped = core.scope(
        step: state.extract, keyPath: nil, component: state, embed: action.embed,
        extract: action.extract)
    else { return nil }
    return Store<ChildState, ChildAction>(scoped: scoped)
  }
}

extension Optional {
  /// The child state if this optional enum holds the case, otherwise `nil`: a key path to a
  /// case, for a store scoped to it.
  ///
  /// ```swift
  /// let editor = store.scope(
  ///   state: \.destination[case: Destination.State.editorCase],
  ///   action: Action.destinationCase.presented().appending(Destination.Action.editorCase))
  /// ```
  ///
  /// - Parameter stateCase: The case of the wrapped enum.
  public subscript<Child>(case stateCase: StateCase<Wrapped, Child>) -> Child? {
    flatMap(stateCase.extract)
  }
}
