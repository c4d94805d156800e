extension Reducer {
  /// Runs an element reducer on one element of a collection, addressed by identifier, and
  /// cancels an element's effects when it is removed.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .removeDone: state.todos.removeAll(where: \.isDone)
  ///     case .todos: break
  ///     }
  ///     return .none
  ///   }
  ///   .forEach(\.todos, action: Action.todosCase) {
  ///     TodoRow()
  ///   }
  /// }
  /// ```
  ///
  /// The element runs before this reducer. An action for an identifier that is not in the
  /// collection (an effect finishing after its row was removed) is ignored. Each element's
  /// effects are its own: their cancellation identifiers never reach another element's
  /// (see ``Effect/cancellable(id:cancelInFlight:)``), and removing an element cancels them.
  ///
  /// An element reducer must not change its element's `id`: its actions, effects and child
  /// stores are addressed by it. The program stops with a message naming both identifiers, in
  /// every build; to replace an element, remove it and insert another from the parent.
  ///
  /// - Parameters:
  ///   - elements: The collection.
  ///   - action: The case of this reducer's action carrying element actions.
  ///   - element: The element reducer.
  /// - Returns: A reducer running both.
  /// - Complexity: O(1) per element action on top of the element reducer. After the parent
  ///   ran, one comparison of the identifiers, O(1) unless they changed.
  @inlinable
  public consuming func forEach<ElementState, ElementAction, Element: Reducer>(
    _ elements: any WritableKeyPath<State, IdentifiedArray<ElementState>> & Sendable,
    action: ActionCase<Action, IdentifiedAction<ElementState.ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> ForEachReducer<Self, Element>
  where ElementState == Element.State, ElementAction == Element.Action, ElementState.ID: Sendable {
    ForEachReducer(parent: self, toElements: elements, toElementAction: action, element: element())
  }
}

/// A parent reducer with an element reducer over a collection of its state; see
/// ``Reducer/forEach(_:action:element:)``.
public struct ForEachReducer<Parent: Reducer, Element: Reducer>: Reducer
where Element.State: Identifiable, Element.State.ID: Sendable {
  @usableFromInline let parent: Parent
  @usableFromInline let toElements: MutableKeyPath<Parent.State, IdentifiedArray<Element.State>>
  @usableFromInline let toElementAction:
    ActionCase<Parent.Action, IdentifiedAction<Element.State.ID, Element.Action>>
  @usableFromInline let element: Element

  @inlinable
  init(
    parent: Parent,
    toElements: any WritableKeyPath<Parent.State, IdentifiedArray<Element.State>> & Sendable,
    toElementAction: ActionCase<Parent.Action, IdentifiedAction<Element.State.ID, Element.Action>>,
    element: Element
  ) {
    self.parent = parent
    self.toElements = MutableKeyPath(toElements)
    self.toElementAction = toElementAction
    self.element = element
  }

  /// Runs the element's reducer (if the action is for a present element), then the parent,
  /// and cancels the effects of the elements the parent removed.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var elementEffect = Effect<Parent.Action>.none
    if let identified = toElementAction.extract(action) {
      let id = identified.id
      let effect = toElements.modify(&state) { elements in
        elements.modify(id: id) { row in
          let effect = element.reduce(into: &row, action: identified.action)
          if row.id != id { reportIDChange(from: id, to: row.id) }
          return effect
        }
      }
      if let effect { elementEffect = lift(effect, of: id) }
    }
    // Read in place: copying the collection out would retain all its storage for the call.
    let idsBefore = toElements.modify(&state) { $0.ids }
    let parentEffect = parent.reduce(into: &state, action: action)
    let idsAfter = toElements.modify(&state) { $0.ids }
    guard idsBefore != idsAfter else { return elementEffect.merge(with: parentEffect) }
    var effects = [elementEffect, parentEffect]
    // One cancellation per removed element, in the collection's order, merged at once.
    if !idsBefore.isEmpty {
      let remaining = Set(idsAfter)
      effects.reserveCapacity(2 + max(0, idsBefore.count - idsAfter.count))
      for id in idsBefore where !remaining.contains(id) {
        effects.append(.cancel(id: toElements.namespace(instance: EffectID(id))))
      }
    }
    // The work of each inserted element, if the element feature has any.
    if let appearance = element._appearance() {
      let existing = Set(idsBefore)
      for id in idsAfter where !existing.contains(id) {
        effects.append(appear(id, in: &state, appearance))
      }
    }
    return .merge(effects)
  }

  /// The parent's appearance, then that of every element.
  public func _appearance() -> Appearance<Parent.State, Parent.Action>? {
    let parentAppearance = parent._appearance()
    guard let appearance = element._appearance() else { return parentAppearance }
    return merged(parentAppearance) { state in
      let ids = toElements.modify(&state) { $0.ids }
      return .merge(ids.map { appear($0, in: &state, appearance) })
    }
  }

  /// Starts the work of an element on its appearance, as the element's own.
  @inlinable
  func appear(
    _ id: Element.State.ID, in state: inout Parent.State,
    _ appearance: Appearance<Element.State, Element.Action>
  ) -> Effect<Parent.Action> {
    let effect = toElements.modify(&state) { elements in
      elements.modify(id: id) { row in appearance(&row) }
    }
    guard let effect else { return .none }
    return lift(effect, of: id)
  }

  /// An element's effect, as the parent's: its actions addressed to the element, its
  /// cancellation identifiers in the element's namespace, all of it cancelled when the element
  /// is removed.
  @inlinable
  func lift(_ effect: Effect<Element.Action>, of id: Element.State.ID) -> Effect<Parent.Action> {
    if case .none = effect.operation { return .none }
    let embed = toElementAction.embed
    let namespace = toElements.namespace(instance: EffectID(id))
    return effect.lift({ embed(.element(id: id, action: $0)) }, into: namespace)
      .cancellable(id: namespace)
  }

  /// Stops the program: an element changed its own identifier in its reducer. Its actions,
  /// its effects and its child stores are all addressed by that identifier, so the change
  /// would leave them pointing at nothing. The same in every build.
  @usableFromInline
  func reportIDChange(from old: Element.State.ID, to new: Element.State.ID) -> Never {
    fatalError(
      """
      Uniflow: the forEach element reducer \(typeName(Element.self)) changed its element's id from \
      \(old) to \(new). An element keeps its id: its actions, effects and child stores are \
      addressed by it. To replace an element, remove it and insert a new one from the parent.
      """)
  }
}
