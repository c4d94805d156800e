extension Store {
  /// A store for one element of a navigation stack in this store's state: one screen.
  ///
  /// ```swift
  /// for id in store.path.ids {
  ///   let screen = store.scope(id: id, in: \.path, action: ActionCase(Action.path))!
  ///   screen.send(.detail(.noteChanged("Oat milk")))  // .path(.element(id: id, action: …))
  /// }
  /// ```
  ///
  /// The store follows its element by identifier. Once the element is popped (or a part above
  /// the stack goes away), the store, and every store scoped from it, keeps answering with the
  /// last state it read, its sends do nothing and its observers are not called; identifiers
  /// are never reused, so it never follows another element. The element's effects are
  /// cancelled by ``Reducer/forEach(_:action:destination:)``.
  ///
  /// Called in a tracked scope (a SwiftUI view's body), it tracks whether that screen is on
  /// the stack, and nothing else.
  ///
  /// - Parameters:
  ///   - id: The element's identifier.
  ///   - stack: The stack.
  ///   - action: Embeds a stack action into this store's action type, usually its case.
  /// - Returns: The element's store, or `nil` if no element has that identifier now.
  /// - Complexity: O(1) to create; O(log n) per send and per state read (O(1) for the top
  ///   element).
  @available(*, deprecated, message: "Scope with the stack's ActionCase, whose screen store hears its own actions: scope(id:in:action:) with ActionCase(Action.path)")
  @inlinable
  public func scope<Element, ElementAction>(
    id: StackElementID,
    in stack: KeyPath<State, StackState<Element>>,
    action: @escaping (consuming StackAction<Element, ElementAction>) -> Action
  ) -> Store<Element, ElementAction>? {
    scope(id: id, in: stack, action: action, extract: nil, tracked: true)
  }

  /// A screen's store; `extract` finds the stack actions in this store's, if they can be told;
  /// `tracked` says whether Observation is told of the read: of the screen's presence only,
  /// which is what the reader of one screen's store depends on.
  @inlinable
  package func scope<Element, ElementAction>(
    id: StackElementID,
    in stack: KeyPath<State, StackState<Element>>,
    action: @escaping (consuming StackAction<Element, ElementAction>) -> Action,
    extract: ((Action) -> StackAction<Element, ElementAction>?)?,
    tracked: Bool
  ) -> Store<Element, ElementAction>? {
    if tracked { _ = self[stack.appending(path: \.[id: id].isPresent)] }
    guard
      let scoped = core.scope(
        step: { $0[keyPath: stack][id: id] }, keyPath: nil,
        component: ElementKey(elements: stack, id: id),
        embed: { (elementAction: consuming ElementAction) in
          action(.element(id: id, action: elementAction))
        },
        extract: extract.map { extract in
          { action in
            guard case .element(id, let elementAction)? = extract(action) else { return nil }
            return elementAction
          }
        })
    else { return nil }
    return Store<Element, ElementAction>(scoped: scoped)
  }

  /// A store for one element of a navigation stack, with the stack's case given as an
  /// ``ActionCase``.
  ///
  /// Its ``observeActions(_:)`` hears the actions of its own screen only.
  ///
  /// - Parameters:
  ///   - id: The element's identifier.
  ///   - stack: The stack.
  ///   - action: The case of this store's action type that carries stack actions.
  /// - Returns: The element's store, or `nil` if no element has that identifier now.
  @inlinable
  public func scope<Element, ElementAction>(
    id: StackElementID,
    in stack: KeyPath<State, StackState<Element>>,
    action: ActionCase<Action, StackAction<Element, ElementAction>>
  ) -> Store<Element, ElementAction>? {
    scope(id: id, in: stack, action: action.embed, extract: action.extract, tracked: true)
  }

  /// The stores of every element of a navigation stack, bottom first: what a view draws.
  ///
  /// Read in a tracked scope (a SwiftUI view's body), it tracks the elements' identifiers only:
  /// the view is told when screens are pushed or popped, and each screen, reading its own
  /// store, when its own fields change.
  ///
  /// - Parameters:
  ///   - stack: The stack.
  ///   - action: Embeds a stack action into this store's action type.
  /// - Returns: One store per element.
  /// - Complexity: O(n) for n elements.
  @available(*, deprecated, message: "Scope with the stack's ActionCase, whose screen stores hear their own actions: scope(forEach:action:) with ActionCase(Action.path)")
  @inlinable
  public func scope<Element, ElementAction>(
    forEach stack: KeyPath<State, StackState<Element>>,
    action: @escaping (consuming StackAction<Element, ElementAction>) -> Action
  ) -> [Store<Element, ElementAction>] {
    self[stack.appending(path: \.ids)].compactMap {
      scope(id: $0, in: stack, action: action, extract: nil, tracked: false)
    }
  }

  /// The stores of every element of a navigation stack, bottom first, with the stack's case
  /// given as an ``ActionCase``: what a view draws, each screen's store hearing its own
  /// screen's actions (``observeActions(_:)``).
  ///
  /// ```swift
  /// for screen in store.scope(forEach: \.path, action: Action.pathCase) {
  ///   draw(screen)
  /// }
  /// ```
  ///
  /// Read in a tracked scope (a SwiftUI view's body), it tracks the elements' identifiers only:
  /// the view is told when screens are pushed or popped, and each screen, reading its own
  /// store, when its own fields change.
  ///
  /// - Parameters:
  ///   - stack: The stack.
  ///   - action: The case of this store's action type that carries stack actions.
  /// - Returns: One store per element.
  /// - Complexity: O(n) for n elements.
  public func scope<Element, ElementAction>(
    forEach stack: KeyPath<State, StackState<Element>>,
    action: ActionCase<Action, StackAction<Element, ElementAction>>
  ) -> [Store<Element, ElementAction>] {
    self[stack.appending(path: \.ids)].compactMap {
      scope(id: $0, in: stack, action: action.embed, extract: action.extract, tracked: false)
    }
  }
}
