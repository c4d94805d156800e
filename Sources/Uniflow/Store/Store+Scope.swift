extension Store {
  /// A store for a part of this store's state and a child action type.
  ///
  /// ```swift
  /// let counter = appStore.scope(state: \.counter, action: ActionCase(AppAction.counter))
  /// counter.send(.increment)  // reaches the root as .counter(.increment)
  /// ```
  ///
  /// The child store shares the root's state: it holds no copy, its sends go through the
  /// root's reducer, middleware and effects, and its observers run only when its part of the
  /// state changed. Scope as often as needed: a child store is two small objects, whatever the
  /// size of the state. Its observers hang off the root store, so a token keeps its
  /// subscription alive even after the child store itself is released. It does not keep the
  /// root store alive: once the root store is released, the child store answers with the state
  /// the root store left, and its sends do nothing.
  ///
  /// - Parameters:
  ///   - state: The child's part of the state.
  ///   - action: Embeds a child action into this store's action type, usually a case of it.
  ///     It takes the child action (`consuming`), so that a case passes it on without a copy:
  ///     a send through a store scoped many times then copies no nested action on its way.
  /// - Returns: The child store. An embedding function cannot be reversed, so the child store's actions cannot be observed
  ///   (``observeActions(_:)``): scope with an ``ActionCase`` for that.
  /// - Complexity: O(1) to create. A send through it costs one embedding per level of scope
  ///   on top of the root's send.
  @available(*, deprecated, message: "Scope with the case's ActionCase, whose store hears its own actions: scope(state: \\.counter, action: ActionCase(Action.counter)), or a static ActionCase declared beside the enum")
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (consuming ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      scoped: core.scope(
        step: { $0[keyPath: state] }, keyPath: state, component: state, embed: action,
        extract: nil)!)
  }

  /// A store for a part of this store's state and a child action type, given as an
  /// ``ActionCase``.
  ///
  /// Unlike a store scoped with an embedding function, it can tell its own actions among the
  /// root's, so ``observeActions(_:)`` hears them, however they reach the root.
  ///
  /// - Parameters:
  ///   - state: The child's part of the state.
  ///   - action: The case of this store's action type that carries the child's actions.
  /// - Returns: The child store.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: ActionCase<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      scoped: core.scope(
        step: { $0[keyPath: state] }, keyPath: state, component: state, embed: action.embed,
        extract: action.extract)!)
  }

  /// A store for an optional part of this store's state, while it is present.
  ///
  /// ```swift
  /// if let detail = appStore.scope(state: \.detail, action: ActionCase(AppAction.detail)) {
  ///   showDetail(detail)
  /// }
  /// ```
  ///
  /// Once the part becomes `nil` (the child was dismissed, or a part above it went away), the
  /// child store, and every store scoped from it, keeps answering with the last state it read,
  /// its sends do nothing and its observers are not called. The store is bound to the place in
  /// the state, not to one presentation: if a child is presented there again, it follows it.
  ///
  /// Read in a tracked scope (a SwiftUI view's body), it tracks whether the child is there: the
  /// view is told when the child is presented or dismissed, not when it changes.
  ///
  /// - Parameters:
  ///   - state: The optional child state.
  ///   - action: Embeds a child action into this store's action type.
  /// - Returns: The child store, or `nil` if the child state is `nil` now.
  @available(*, deprecated, message: "Scope with the case's ActionCase, whose store hears its own actions: scope(state: \\.detail, action: ActionCase(Action.detail)), or a static ActionCase declared beside the enum")
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: @escaping (consuming ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    // Tracked: whether the child is there, not what it holds.
    _ = self[state.appending(path: \.isPresent)]
    guard
      let scoped = core.scope(
        step: { $0[keyPath: state] }, keyPath: nil, component: state, embed: action, extract: nil)
    else { return nil }
    return Store<ChildState, ChildAction>(scoped: scoped)
  }

  /// A store for an optional part of this store's state, while it is present, with the
  /// child's case given as an ``ActionCase``.
  ///
  /// It is the store of `scope(state:action:)` for an optional part, and it can also tell its
  /// own actions among the root's, so ``observeActions(_:)`` hears them, however they reach
  /// the root, while the child is presented.
  ///
  /// - Parameters:
  ///   - state: The optional child state.
  ///   - action: The case of this store's action type that carries the child's actions.
  /// - Returns: The child store, or `nil` if the child state is `nil` now.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: ActionCase<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    _ = self[state.appending(path: \.isPresent)]
    guard
      let scoped = core.scope(
        step: { $0[keyPath: state] }, keyPath: nil, component: state, embed: action.embed,
        extract: action.extract)
    else { return nil }
    return Store<ChildState, ChildAction>(scoped: scoped)
  }

  /// A store for one element of a collection in this store's state: a row of a list.
  ///
  /// ```swift
  /// if let row = store.scope(id: todo.id, in: \.todos, action: ActionCase(AppAction.todos)) {
  ///   row.send(.toggle)  // reaches the root as .todos(.element(id: todo.id, action: .toggle))
  /// }
  /// ```
  ///
  /// For the stores of every row, use `scope(forEach:action:)`, which tracks the rows'
  /// identifiers once rather than each row's presence.
  ///
  /// If the element is removed (or a part above it goes away), the row's store, and every
  /// store scoped from it, keeps answering with the last state it read, and its sends do
  /// nothing; the row's effects are cancelled by ``Reducer/forEach(_:action:element:)``.
  ///
  /// Called in a tracked scope (a SwiftUI view's body), it tracks whether that row is there,
  /// and nothing else: the view is told when the row goes or comes back, not when other rows
  /// or the row's own fields change (the row's view, reading the row's store, is told of
  /// those).
  ///
  /// - Parameters:
  ///   - id: The element's identifier.
  ///   - elements: The collection.
  ///   - action: Embeds an element action, with the element's identifier, into this store's
  ///     action type.
  /// - Returns: The row's store, or `nil` if no element has that identifier now. Its actions
  ///   cannot be observed (``observeActions(_:)``): scope with an ``ActionCase`` for that.
  /// - Complexity: O(1) to create, and O(1) per send and per state read (a lookup by id). The
  ///   row's presence, once read, is compared after each action (a lookup by id) until it
  ///   changes.
  @available(*, deprecated, message: "Scope with the collection's ActionCase, whose row store hears its own actions: scope(id:in:action:) with ActionCase(Action.rows)")
  @inlinable
  public func scope<Element: Identifiable, ElementAction>(
    id: Element.ID,
    in elements: KeyPath<State, IdentifiedArray<Element>>,
    action: @escaping (consuming IdentifiedAction<Element.ID, ElementAction>) -> Action
  ) -> Store<Element, ElementAction>? {
    scope(id: id, in: elements, action: action, extract: nil, tracked: true)
  }

  /// A store for one element of a collection in this store's state, with the collection's
  /// case given as an ``ActionCase``.
  ///
  /// Its ``observeActions(_:)`` hears the actions of its own row only, however they reach the
  /// root. Called in a tracked scope, it tracks whether that row is there, and nothing else.
  ///
  /// - Parameters:
  ///   - id: The element's identifier.
  ///   - elements: The collection.
  ///   - action: The case of this store's action type that carries element actions.
  /// - Returns: The row's store, or `nil` if no element has that identifier now.
  /// - Complexity: O(1) to create, and O(1) per send and per state read (a lookup by id).
  @inlinable
  public func scope<Element: Identifiable, ElementAction>(
    id: Element.ID,
    in elements: KeyPath<State, IdentifiedArray<Element>>,
    action: ActionCase<Action, IdentifiedAction<Element.ID, ElementAction>>
  ) -> Store<Element, ElementAction>? {
    scope(id: id, in: elements, action: action.embed, extract: action.extract, tracked: true)
  }

  /// A row's store; `extract` finds the element actions in this store's, if they can be told;
  /// `tracked` says whether Observation is told of the read: of the row's presence only, which
  /// is what the reader of one row's store depends on (the row's store tracks its contents).
  @inlinable
  package func scope<Element: Identifiable, ElementAction>(
    id: Element.ID,
    in elements: KeyPath<State, IdentifiedArray<Element>>,
    action: @escaping (consuming IdentifiedAction<Element.ID, ElementAction>) -> Action,
    extract: ((Action) -> IdentifiedAction<Element.ID, ElementAction>?)?,
    tracked: Bool
  ) -> Store<Element, ElementAction>? {
    if tracked { _ = self[elements.appending(path: \.[id: id].isPresent)] }
    guard
      let scoped = core.scope(
        step: { $0[keyPath: elements][id: id] }, keyPath: nil,
        component: ElementKey(elements: elements, id: id),
        embed: { (elementAction: consuming ElementAction) in
          action(.element(id: id, action: elementAction))
        },
        extract: extract.map { extract in
          { action in
            guard let element = extract(action), element.id == id else { return nil }
            return element.action
          }
        })
    else { return nil }
    return Store<Element, ElementAction>(scoped: scoped)
  }

  /// The stores of every element of a collection, in order.
  ///
  /// Read in a tracked scope (a SwiftUI view's body), it tracks the elements' identifiers only:
  /// the view is told when elements are added, removed or moved, and each row, reading its own
  /// store, when its own fields change.
  ///
  /// - Parameters:
  ///   - elements: The collection.
  ///   - action: Embeds an element action, with the element's identifier, into this store's
  ///     action type.
  /// - Returns: One store per element. Their actions cannot be observed
  ///   (``observeActions(_:)``): scope with an ``ActionCase`` for that.
  /// - Complexity: O(n) for n elements.
  @available(*, deprecated, message: "Scope with the collection's ActionCase, whose row stores hear their own actions: scope(forEach:action:) with ActionCase(Action.todos)")
  @inlinable
  public func scope<Element: Identifiable, ElementAction>(
    forEach elements: KeyPath<State, IdentifiedArray<Element>>,
    action: @escaping (consuming IdentifiedAction<Element.ID, ElementAction>) -> Action
  ) -> [Store<Element, ElementAction>] {
    self[elements.appending(path: \.ids)].compactMap {
      scope(id: $0, in: elements, action: action, extract: nil, tracked: false)
    }
  }

  /// The stores of every element of a collection, in order, with the collection's case given
  /// as an ``ActionCase``: each store's ``observeActions(_:)`` hears its own row's actions.
  ///
  /// - Parameters:
  ///   - elements: The collection.
  ///   - action: The case of this store's action type that carries element actions.
  /// - Returns: One store per element.
  /// - Complexity: O(n) for n elements.
  @inlinable
  public func scope<Element: Identifiable, ElementAction>(
    forEach elements: KeyPath<State, IdentifiedArray<Element>>,
    action: ActionCase<Action, IdentifiedAction<Element.ID, ElementAction>>
  ) -> [Store<Element, ElementAction>] {
    self[elements.appending(path: \.ids)].compactMap {
      scope(id: $0, in: elements, action: action.embed, extract: action.extract, tracked: false)
    }
  }
}
