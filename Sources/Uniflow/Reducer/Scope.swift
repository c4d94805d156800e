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
/// A scope needs both directions of the case — embedding the child's actions and extracting
/// them — so it takes an ``ActionCase``, where `store.scope(state:action:)` also takes the case
/// itself. Passing the case itself is refused with a message that shows the fix:
///
/// ```swift
/// Scope(state: \.counter, action: Action.counter) { Counter() }
/// // error: 'init(state:action:child:)' is unavailable: Scope extracts the child's actions
/// // too: pass an ActionCase, declared once next to the action enum: static let counterCase =
/// // ActionCase(Action.counter)
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

  /// Creates a scope on one case of an enum state: the child runs while the parent state is
  /// that case, for the parent actions of the action case.
  ///
  /// ```swift
  /// struct Destination: Reducer {
  ///   enum State { case editor(Editor.State), history(History.State) … }
  ///   enum Action { case editor(Editor.Action), history(History.Action) … }
  ///
  ///   var body: some Reducer<State, Action> {
  ///     Scope(state: State.editorCase, action: Action.editorCase) { Editor() }
  ///     Scope(state: State.historyCase, action: Action.historyCase) { History() }
  ///   }
  /// }
  /// ```
  ///
  /// A child action that arrives while the state is another case (an effect of a screen that
  /// was replaced) is ignored. The child's state is changed in place (see
  /// ``StateCase/modify(_:_:)``), and its effects run in the case's namespace.
  ///
  /// - Parameters:
  ///   - state: The case of the parent state that holds the child's state.
  ///   - action: The parent case carrying the child's actions.
  ///   - child: The child reducer.
  @inlinable
  public init<ChildState, ChildAction, Case: Reducer>(
    state: StateCase<ParentState, ChildState>,
    action: ActionCase<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Case
  ) where Child == CaseReducer<ParentState, Case>, ChildState == Case.State, ChildAction == Case.Action {
    // The whole parent state is the part: the case reducer finds the case in it.
    self.toChildState = state.whole
    self.toChildAction = action
    self.child = CaseReducer(toCase: state, child: child())
  }

  /// Refused: a scope must extract the child's actions too, which a case alone cannot do.
  ///
  /// - Parameters:
  ///   - state: The child's part of the parent state.
  ///   - action: The parent case itself, `Action.counter`.
  ///   - child: The child reducer.
  @available(
    *, unavailable,
    message:
      "Scope extracts the child's actions too: pass an ActionCase, declared once next to the action enum: static let counterCase = ActionCase(Action.counter)"
  )
  public init<ChildState, ChildAction>(
    state: any WritableKeyPath<ParentState, ChildState> & Sendable,
    action: @escaping (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    fatalError("unavailable")
  }

  /// Runs the child reducer if the action is the child's case.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    return toChildState.modify(&state) { child.reduce(into: &$0, action: childAction) }
      .lift(toChildAction.embed, into: toChildState.namespace())
  }

  /// The child's appearance, on its part.
  public func _appearance() -> Appearance<ParentState, ParentAction>? {
    guard let appearance = child._appearance() else { return nil }
    let (toChildState, embed) = (self.toChildState, toChildAction.embed)
    return { state in
      toChildState.modify(&state, appearance).lift(embed, into: toChildState.namespace())
    }
  }
}

/// A child reducer on one case of an enum state, which a ``Scope`` over a ``StateCase`` runs
/// on the whole enum: what `Scope(state:action:child:)` makes of a case.
public struct CaseReducer<ParentState, Child: Reducer>: Reducer {
  @usableFromInline let toCase: StateCase<ParentState, Child.State>
  @usableFromInline let child: Child

  @inlinable
  init(toCase: StateCase<ParentState, Child.State>, child: Child) {
    self.toCase = toCase
    self.child = child
  }

  /// Runs the child on its case, if the state is that case.
  @inlinable
  public func reduce(into state: inout ParentState, action: Child.Action) -> Effect<Child.Action> {
    guard let effect = toCase.modify(&state, { child.reduce(into: &$0, action: action) }) else {
      return .none
    }
    return effect.lift({ $0 }, into: toCase.namespace)
  }

  /// The child's appearance, while the state is its case.
  public func _appearance() -> Appearance<ParentState, Child.Action>? {
    guard let appearance = child._appearance() else { return nil }
    let toCase = self.toCase
    return { state in toCase.modify(&state, appearance)?.lift({ $0 }, into: toCase.namespace) ?? .none }
  }
}

extension StateCase {
  /// The namespace of the effects of the child feature in this case.
  @usableFromInline
  var namespace: EffectNamespace {
    EffectNamespace(path: \StateCase.self, instance: EffectID(self))
  }
}
