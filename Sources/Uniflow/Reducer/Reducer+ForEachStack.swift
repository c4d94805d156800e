extension Reducer {
  /// Runs a destination reducer on each element of a navigation stack, addressed by its
  /// identifier, and binds each element's effects to it: popping an element cancels exactly
  /// its work.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .showDetail(let id):
  ///       state.path.append(.detail(Detail.State(id: id)))
  ///       return .none
  ///     case .path(.element(_, .detail(.delegate(.deleted)))):
  ///       state.path.removeAll()
  ///       return .none
  ///     case .path:
  ///       return .none
  ///     }
  ///   }
  ///   .forEach(\.path, action: Action.pathCase) {
  ///     Path()
  ///   }
  /// }
  /// ```
  ///
  /// **Order.** For ``StackAction/element(id:action:)``, the element runs first, then this
  /// reducer, which sees the element's changes (and can react to its delegate actions). For
  /// ``StackAction/push(_:)`` and ``StackAction/popFrom(id:)``, this reducer runs first and sees
  /// the stack as it was; then the element is pushed, or the elements are popped. For any other
  /// action, this reducer runs alone. After it ran, the effects of every element that is no
  /// longer on the stack — popped by any of these, removed by this reducer, or taken off by an
  /// undo or redo of a history tracking the stack (`.value(\.path)`) — are cancelled.
  ///
  /// **Each element is an instance.** An element's effects, and those of its own children, run
  /// under its identifier: their cancellation identifiers never reach another element's, and
  /// popping the element cancels them all. An element action or a pop for an identifier that
  /// is not on the stack (a late effect of a popped screen, a second pop) is dropped — this
  /// reducer does not run either — and reported as a ``StoreDiagnostic/stackElementMissing(_:)``
  /// naming the identifier and the action.
  ///
  /// **Dismissal.** An element ends itself with ``Effect/dismiss`` or ``Send/dismiss()``: the
  /// store processes a ``StackAction/popFrom(id:)`` of its identifier, through the funnel.
  ///
  /// **Identifiers.** Pushes made by this reducer's parent — `append`, or a whole new stack
  /// assigned to the state — draw identifiers that this stack has never handed out, so an old
  /// screen's store or effect can never address a new screen. Push and pop in this reducer
  /// (the one `forEach` modifies), not in a reducer around it, which the guarantee does not
  /// cover.
  ///
  /// - Parameters:
  ///   - stack: The stack.
  ///   - action: The case of this reducer's action carrying stack actions.
  ///   - destination: The reducer of one element.
  /// - Returns: A reducer running both.
  /// - Complexity: O(log n) to find the element of an action (O(1) for the top one), on top
  ///   of the element's reducer; after this reducer ran, O(1) plus O(k) for k pushed or popped
  ///   elements.
  public consuming func forEach<ElementState, ElementAction, Destination: Reducer>(
    _ stack: any WritableKeyPath<State, StackState<ElementState>> & Sendable,
    action: ActionCase<Action, StackAction<ElementState, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Destination
  ) -> StackReducer<Self, Destination>
  where ElementState == Destination.State, ElementAction == Destination.Action {
    StackReducer(parent: self, toStack: stack, toStackAction: action, destination: destination())
  }
}

/// A parent reducer with a destination reducer over a navigation stack in its state; see
/// ``Reducer/forEach(_:action:destination:)``.
public struct StackReducer<Parent: Reducer, Destination: Reducer>: Reducer {
  let parent: Parent
  let toStack: MutableKeyPath<Parent.State, StackState<Destination.State>>
  let toStackAction:
    ActionCase<Parent.Action, StackAction<Destination.State, Destination.Action>>
  let destination: Destination

  init(
    parent: Parent,
    toStack: any WritableKeyPath<Parent.State, StackState<Destination.State>> & Sendable,
    toStackAction: ActionCase<Parent.Action, StackAction<Destination.State, Destination.Action>>,
    destination: Destination
  ) {
    self.parent = parent
    self.toStack = MutableKeyPath(toStack)
    self.toStackAction = toStackAction
    self.destination = destination
  }

  /// Runs the element (for an element action), then the parent, then pushes or pops, and
  /// cancels the effects of the elements that left the stack.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    let stackAction = toStackAction.extract(action)
    var elementEffect = Effect<Parent.Action>.none
    if case .element(let id, let elementAction)? = stackAction {
      let effect = toStack.modify(&state) { stack in
        stack.modify(id: id) { destination.reduce(into: &$0, action: elementAction) }
      }
      guard let effect else {
        return .report(missing(id, "element(id: \(id), action: \(actionSummary(elementAction)))"))
      }
      elementEffect = lift(effect, of: id)
    }
    if case .popFrom(let id)? = stackAction,
      !toStack.modify(&state, { $0.contains(id: id) })
    {
      return .report(missing(id, "popFrom(id: \(id))"))
    }
    // The trail, not the identifiers: holding the array would make the parent's next push
    // copy it.
    let (trailBefore, settled, nextBefore) = toStack.modify(&state) {
      ($0._trail, $0._settled, $0.nextGeneration)
    }
    let parentEffect = StackGenerations.withFloor(nextBefore) {
      parent.reduce(into: &state, action: action)
    }
    let trailAfter = toStack.modify(&state) { stack in
      // A stack the parent made anew continues this one's numbering.
      if stack.nextGeneration < nextBefore { stack.nextGeneration = nextBefore }
      switch stackAction {
      case .push(let element)?:
        stack.append(element)
      case .popFrom(let id)?:
        // The parent may have popped it already; then there is nothing left to do.
        stack.pop(from: id)
      case .element?, nil:
        break
      }
      stack._settled = stack._trail
      return stack._trail
    }
    let effect = elementEffect.merge(with: parentEffect)
    var removed =
      trailBefore === trailAfter ? [] : StackTrail.removed(before: trailBefore, after: trailAfter)
    if settled !== trailBefore {
      // The stack changed since this reducer last left it (undo put an older one back): the
      // screens that left then have their work cancelled now.
      let removedBefore = StackTrail.removed(before: settled, after: trailAfter)
      removed = Set(removed).union(removedBefore).sorted()
    }
    var effects = removed.map { Effect<Parent.Action>.cancel(id: toStack.namespace(instance: EffectID($0))) }
    // The work of each pushed element, if the destination feature has any.
    if trailBefore !== trailAfter, let appearance = destination._appearance() {
      for id in StackTrail.added(before: trailBefore, after: trailAfter) {
        effects.append(appear(id, in: &state, appearance))
      }
    }
    guard !effects.isEmpty else { return effect }
    return .merge([effect] + effects)
  }

  /// The parent's appearance, then that of every element, bottom first.
  public func _appearance() -> Appearance<Parent.State, Parent.Action>? {
    let parentAppearance = parent._appearance()
    guard let appearance = destination._appearance() else { return parentAppearance }
    return merged(parentAppearance) { state in
      let ids = toStack.modify(&state) { $0.ids }
      return .merge(ids.map { appear($0, in: &state, appearance) })
    }
  }

  /// Starts the work of an element on its appearance, as the element's own.
  func appear(
    _ id: StackElementID, in state: inout Parent.State,
    _ appearance: Appearance<Destination.State, Destination.Action>
  ) -> Effect<Parent.Action> {
    let effect = toStack.modify(&state) { stack in stack.modify(id: id) { appearance(&$0) } }
    guard let effect else { return .none }
    return lift(effect, of: id)
  }

  /// An element's effect, as the parent's: its actions addressed to the element, its
  /// cancellation identifiers in the element's namespace, its dismissal a pop of the element.
  func lift(_ effect: Effect<Destination.Action>, of id: StackElementID) -> Effect<Parent.Action> {
    if case .none = effect.operation { return .none }
    let embed = toStackAction.embed
    let namespace = toStack.namespace(instance: EffectID(id))
    return effect.lift(
      { embed(.element(id: id, action: $0)) }, into: namespace,
      dismissal: .send({ embed(.popFrom(id: id)) })
    ).cancellable(id: namespace)
  }

  /// The report of a dropped action for an element that is not on the stack.
  func missing(_ id: StackElementID, _ action: String) -> StoreDiagnostic {
    .stackElementMissing(
      StackElementMissing(id: id, action: action, stack: typeName(Destination.State.self)))
  }
}
