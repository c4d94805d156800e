extension Reducer {
  /// Runs a child reducer on an optional part of the state while it is presented, and lets
  /// the child dismiss itself.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .editTapped:
  ///       state.editor = Editor.State(title: state.title)
  ///       return .none
  ///     case .editor(.presented(.delegate(.saved(let title)))):
  ///       state.title = title
  ///       return .none
  ///     case .editor:
  ///       return .none
  ///     }
  ///   }
  ///   .ifLet(\.editor, action: Action.editorCase) {
  ///     Editor()  // returns .dismiss, or calls send.dismiss(), when it is done
  ///   }
  /// }
  /// ```
  ///
  /// Everything ``Reducer/ifLet(_:action:then:)-5kmwn`` does, and: a ``PresentationAction/dismiss``
  /// action (sent by the view, or by the child through ``Effect/dismiss`` or
  /// ``Send/dismiss()``) runs this reducer first, which sees the child still presented, then
  /// sets the child to `nil`, which cancels its effects. A dismissal is the child's that asked,
  /// by its identity (its case, or its `id`): while that child is not presented (dismissed
  /// twice, set to `nil` by this reducer first, or replaced by another case or `id` in the
  /// very action it asked in) the dismissal does nothing, its replacement stays, and it is
  /// reported as a ``StoreDiagnostic/dismissalIgnored(_:)``.
  ///
  /// - Parameters:
  ///   - state: The optional child state.
  ///   - action: The case of this reducer's action carrying the child's presentation actions.
  ///   - child: The child reducer.
  /// - Returns: A reducer running both.
  @inlinable
  public consuming func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ state: any WritableKeyPath<State, ChildState?> & Sendable,
    action: ActionCase<Action, PresentationAction<ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> IfLetReducer<DismissReducer<Self, ChildState>, Child>
  where ChildState == Child.State, ChildAction == Child.Action {
    IfLetReducer(
      parent: DismissReducer(parent: self, toChildState: state, isDismissal: action.isDismissal()),
      toChildState: state, toChildAction: action.presented(), child: child(),
      identify: PresentationIdentity.identify(ChildState.self),
      dismissal: .send(
        { action.embed(.dismiss) }, presence: Optional<ChildState>.presentedInstancePath))
  }
}

/// A parent reducer that, after it ran, sets a presented child to `nil` on
/// ``PresentationAction/dismiss``; see ``Reducer/ifLet(_:action:then:)-9navc``.
public struct DismissReducer<Parent: Reducer, ChildState>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let toChildState: MutableKeyPath<Parent.State, ChildState?>
  @usableFromInline let isDismissal: @Sendable (Parent.Action) -> Bool

  @inlinable
  init(
    parent: Parent, toChildState: any WritableKeyPath<Parent.State, ChildState?> & Sendable,
    isDismissal: @escaping @Sendable (Parent.Action) -> Bool
  ) {
    self.parent = parent
    self.toChildState = MutableKeyPath(toChildState)
    self.isDismissal = isDismissal
  }

  /// Runs the parent, then dismisses the child if the action is its dismissal.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let effect = parent.reduce(into: &state, action: action)
    guard isDismissal(action) else { return effect }
    let wasPresented = toChildState.modify(&state) { child in
      guard child != nil else { return false }
      child = nil
      return true
    }
    if wasPresented { return effect }
    return effect.merge(
      with: .report(
        .dismissalIgnored("\(typeName(ChildState.self)) is not presented (dismissed already?)")))
  }

  /// The parent's appearance.
  public func _appearance() -> Appearance<Parent.State, Parent.Action>? {
    parent._appearance()
  }
}

extension ActionCase {
  /// The case of a presented child's own actions, inside a presentation case: the parent's
  /// `.editor(.presented(action))`.
  ///
  /// A store scoped with it is the presented child's store, whose ``Store/observeActions(_:)``
  /// hears the child's actions — what a child view model's events need:
  ///
  /// ```swift
  /// if let editor = store.scope(state: \.editor, action: Action.editorCase.presented()) {
  ///   let token = editor.observeActions { action, _ in print(action) }  // the editor's own
  /// }
  /// ```
  ///
  /// - Returns: The case embedding a child action as `.presented(action)` in this case, and
  ///   extracting it from there; a dismissal is not one of the child's actions.
  @inlinable
  public func presented<ChildAction>() -> ActionCase<Parent, ChildAction>
  where Child == PresentationAction<ChildAction> {
    let (embed, extract) = (self.embed, self.extract)
    return ActionCase<Parent, ChildAction>(
      embed: { (action: consuming ChildAction) in embed(.presented(action)) },
      extract: { if case .presented(let action)? = extract($0) { action } else { nil } })
  }

  /// The case of a grandchild's actions: this case, then `child` inside it.
  ///
  /// ```swift
  /// let editorCase = Action.destinationCase.presented().appending(Destination.Action.editorCase)
  /// editorCase.embed(.titleChanged("Milk"))  // .destination(.presented(.editor(.titleChanged("Milk"))))
  /// ```
  ///
  /// - Parameter child: A case of this case's child action type.
  /// - Returns: The case of the grandchild's actions in the parent's.
  @inlinable
  public func appending<Grandchild>(
    _ child: ActionCase<Child, Grandchild>
  ) -> ActionCase<Parent, Grandchild> {
    let (embed, extract) = (self.embed, self.extract)
    return ActionCase<Parent, Grandchild>(
      embed: { (action: consuming Grandchild) in embed(child.embed(action)) },
      extract: { extract($0).flatMap(child.extract) })
  }

  /// Whether an action is the dismissal of a presentation case.
  @inlinable
  func isDismissal<ChildAction>() -> @Sendable (Parent) -> Bool
  where Child == PresentationAction<ChildAction> {
    let extract = self.extract
    return { if case .dismiss? = extract($0) { true } else { false } }
  }
}
