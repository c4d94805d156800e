extension Reducer {
  /// Runs a child reducer on an optional part of the state while it is present, and cancels
  /// the child's effects when it is dismissed or replaced.
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
  /// The child's effects belong to the child presented now: setting the state to `nil`, or to
  /// a different child — another case of an enum state, another `id` of an `Identifiable`
  /// state — cancels them, and its cancellation identifiers are its own (see
  /// ``Effect/cancellable(id:cancelInFlight:)``).
  ///
  /// - Parameters:
  ///   - state: The optional child state.
  ///   - action: The case of this reducer's action carrying the child's actions.
  ///   - child: The child reducer.
  /// - Returns: A reducer running both.
  @inlinable
  public consuming func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ state: any WritableKeyPath<State, ChildState?> & Sendable,
    action: ActionCase<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> IfLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    IfLetReducer(
      parent: self, toChildState: state, toChildAction: action, child: child(),
      identify: PresentationIdentity.identify(ChildState.self),
      dismissal: .unsupported(plainCaseDismissal(Child.self)))
  }
}

/// A parent reducer with a child reducer on an optional part of its state; see
/// ``Reducer/ifLet(_:action:then:)-5kmwn``.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let toChildState: MutableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: ActionCase<Parent.Action, Child.Action>
  @usableFromInline let child: Child
  /// Which child is presented: its `id`, its enum case, or `nil` when there is no telling.
  @usableFromInline let identify: (Child.State) -> EffectID?
  /// Whether the child state is a class instance, which can change its identity in place.
  @usableFromInline let isChildAnObject: Bool
  /// What the child's request to be dismissed becomes.
  @usableFromInline let dismissal: Dismissal<Parent.Action>

  @inlinable
  init(
    parent: Parent, toChildState: any WritableKeyPath<Parent.State, Child.State?> & Sendable,
    toChildAction: ActionCase<Parent.Action, Child.Action>, child: Child,
    identify: @escaping (Child.State) -> EffectID?, dismissal: Dismissal<Parent.Action>
  ) {
    self.parent = parent
    self.toChildState = MutableKeyPath(toChildState)
    self.toChildAction = toChildAction
    self.child = child
    self.identify = identify
    self.isChildAnObject = Child.State.self is AnyObject.Type
    self.dismissal = dismissal
  }

  /// Runs the child (if present and the action is its case), then the parent; cancels the
  /// child's effects if the parent dismissed or replaced it, and starts the work of a child
  /// that appeared.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var childEffect = Effect<Parent.Action>.none
    // The child's identity, once read (for an enum child, by reflection, which costs
    // microseconds): it namespaces the child's effects, and tells whether the parent replaced
    // the child. It is read only when needed.
    var identity: EffectID??
    if let childAction = toChildAction.extract(action) {
      childEffect = toChildState.modify(&state) { childState in
        guard childState != nil else { return .none }
        let effect = child.reduce(into: &childState!, action: childAction)
        // Most child actions start no effect.
        if case .none = effect.operation { return .none }
        let childIdentity = identify(childState!)
        identity = .some(childIdentity)
        return lift(effect, of: childIdentity)
      }
    }
    // The child as the parent finds it, kept so that its identity can be read afterwards, if
    // the parent changed it at all.
    var childBefore = toChildState.modify(&state) { $0 }
    // A class instance can change its identity in place, under the parent: read it now.
    if isChildAnObject, identity == nil, let child = childBefore { identity = .some(identify(child)) }
    let parentEffect = parent.reduce(into: &state, action: action)
    let effect = childEffect.merge(with: parentEffect)
    guard childBefore != nil else {
      // Nothing was presented: the parent may have presented a child now.
      guard toChildState.modify(&state, { $0 != nil }) else { return effect }
      return appeared(after: effect, in: &state)
    }
    if !isChildAnObject, Self.isChild(of: &state, at: toChildState, identicalTo: &childBefore) {
      return effect
    }
    let before = identity ?? identify(childBefore!)
    let after = toChildState.modify(&state) { $0.map(identify) }
    guard after != before else { return effect }
    return replaced(before, isPresentedNow: after != nil, after: effect, in: &state)
  }

  /// `effect`, and the work of the child presented in `state` on its appearance.
  ///
  /// Apart, and never inlined, with ``replaced(_:isPresentedNow:after:in:)``: a presentation
  /// changes on few actions, and their code stays out of the path every action takes.
  @usableFromInline
  @inline(never)
  func appeared(after effect: Effect<Parent.Action>, in state: inout Parent.State) -> Effect<Parent.Action> {
    effect.merge(with: appear(in: &state))
  }

  /// `effect`, the cancellation of the child with identity `before`, and the work of the child
  /// that replaced it, if one did.
  @usableFromInline
  @inline(never)
  func replaced(
    _ before: EffectID?, isPresentedNow: Bool, after effect: Effect<Parent.Action>,
    in state: inout Parent.State
  ) -> Effect<Parent.Action> {
    let cancellation = Effect<Parent.Action>.cancel(id: toChildState.namespace(instance: before))
    guard isPresentedNow else { return effect.merge(with: cancellation) }
    return .merge(effect, cancellation, appear(in: &state))
  }

  /// The parent's appearance, then that of the child if it is presented.
  public func _appearance() -> Appearance<Parent.State, Parent.Action>? {
    let parentAppearance = parent._appearance()
    guard child._appearance() != nil else { return parentAppearance }
    return merged(parentAppearance) { state in appear(in: &state) }
  }

  /// Starts the work of the child presented in `state` on its appearance, as the child's own.
  @inlinable
  func appear(in state: inout Parent.State) -> Effect<Parent.Action> {
    guard let appearance = child._appearance() else { return .none }
    return toChildState.modify(&state) { childState in
      guard childState != nil else { return .none }
      let effect = appearance(&childState!)
      if case .none = effect.operation { return .none }
      return lift(effect, of: identify(childState!))
    }
  }

  /// A child's effect, as the parent's: its actions in the child's case, its cancellation
  /// identifiers in the namespace of the child with this identity, all of it cancelled when
  /// that child goes.
  @inlinable
  func lift(_ effect: Effect<Child.Action>, of identity: EffectID?) -> Effect<Parent.Action> {
    let namespace = toChildState.namespace(instance: identity)
    return effect.lift(toChildAction.embed, into: namespace, dismissal: dismissal)
      .cancellable(id: namespace)
  }

  /// Whether the child in `state` is `value`, bit for bit: then the parent left it alone, and
  /// it is the same child. Different bits say nothing (the parent may have written an equal
  /// value). Not for a child that is a class instance, which can change its identity in place.
  /// `value` is `inout` only so that its bytes are read where it is, without another copy.
  @inlinable
  static func isChild(
    of state: inout Parent.State, at path: MutableKeyPath<Parent.State, Child.State?>,
    identicalTo value: inout Child.State?
  ) -> Bool {
    path.modify(&state) { current in haveSameBytes(&current, &value) }
  }
}

/// Why a child presented over a plain action case cannot be dismissed from inside.
@usableFromInline
func plainCaseDismissal(_ child: Any.Type) -> String {
  "\(typeName(child)) is presented with ifLet over a plain action case; carry its actions in a "
    + "PresentationAction case to let it dismiss itself"
}
