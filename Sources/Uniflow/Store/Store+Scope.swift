extension Store {
  /// A store for a part of this store's state and a child action type.
  ///
  /// ```swift
  /// let counter = appStore.scope(state: \.counter, action: AppAction.counter)
  /// counter.send(.increment)  // reaches the root as .counter(.increment)
  /// ```
  ///
  /// The child store shares the root's state: it holds no copy, its sends go through the
  /// root's reducer, middleware and effects, and its observers run only when its part of the
  /// state changed. Scope as often as needed: a child store is two small objects, whatever the
  /// size of the state, and releasing it releases everything it hung on its parent.
  ///
  /// - Parameters:
  ///   - state: The child's part of the state.
  ///   - action: Embeds a child action into this store's action type, usually a case of it.
  /// - Returns: The child store; it keeps this store alive.
  /// - Complexity: O(1) to create. A send through it costs one embedding per level of scope
  ///   on top of the root's send.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    makeScope(initialState: nil, project: selector(for: state), embed: action)
  }

  /// A store for a part of this store's state and a child action type, given as an
  /// ``ActionCase``.
  ///
  /// - Parameters:
  ///   - state: The child's part of the state.
  ///   - action: The case of this store's action type that carries the child's actions.
  /// - Returns: The child store; it keeps this store alive.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: ActionCase<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    scope(state: state, action: action.embed)
  }

  /// A store for an optional part of this store's state, while it is present.
  ///
  /// ```swift
  /// if let detail = appStore.scope(state: \.detail, action: AppAction.detail) {
  ///   showDetail(detail)
  /// }
  /// ```
  ///
  /// Once the part becomes `nil` (the child was dismissed), the child store keeps answering
  /// with the last state it read and its sends do nothing.
  ///
  /// - Parameters:
  ///   - state: The optional child state.
  ///   - action: Embeds a child action into this store's action type.
  /// - Returns: The child store, or `nil` if the child state is `nil` now.
  @inlinable
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    guard let initialState = self.state[keyPath: state] else { return nil }
    return makeScope(initialState: initialState, project: selector(for: state), embed: action)
  }

  /// A store for one element of a collection in this store's state: a row of a list.
  ///
  /// ```swift
  /// for todo in store.todos {
  ///   let row = store.scope(id: todo.id, in: \.todos, action: AppAction.todos)!
  ///   row.send(.toggle)  // reaches the root as .todos(.element(id: todo.id, action: .toggle))
  /// }
  /// ```
  ///
  /// If the element is removed, the row's store keeps answering with the last state it read
  /// and its sends do nothing; the row's effects are cancelled by
  /// ``Reducer/forEach(_:action:element:)``.
  ///
  /// - Parameters:
  ///   - id: The element's identifier.
  ///   - elements: The collection.
  ///   - action: Embeds an element action, with the element's identifier, into this store's
  ///     action type.
  /// - Returns: The row's store, or `nil` if no element has that identifier now.
  /// - Complexity: O(1) to create, and O(1) per send and per state read (a lookup by id).
  @inlinable
  public func scope<Element: Identifiable, ElementAction>(
    id: Element.ID,
    in elements: KeyPath<State, IdentifiedArray<Element>>,
    action: @escaping (IdentifiedAction<Element.ID, ElementAction>) -> Action
  ) -> Store<Element, ElementAction>? {
    guard let initialState = self.state[keyPath: elements][id: id] else { return nil }
    let collection = selector(for: elements)
    return makeScope(
      initialState: initialState, project: { collection($0)[id: id] },
      embed: { action(.element(id: id, action: $0)) })
  }

  /// The stores of every element of a collection, in order.
  ///
  /// - Parameters:
  ///   - elements: The collection.
  ///   - action: Embeds an element action, with the element's identifier, into this store's
  ///     action type.
  /// - Returns: One store per element.
  /// - Complexity: O(n) for n elements.
  @inlinable
  public func scope<Element: Identifiable, ElementAction>(
    forEach elements: KeyPath<State, IdentifiedArray<Element>>,
    action: @escaping (IdentifiedAction<Element.ID, ElementAction>) -> Action
  ) -> [Store<Element, ElementAction>] {
    state[keyPath: elements].ids.compactMap { scope(id: $0, in: elements, action: action) }
  }

  /// Makes a scoped store. `initialState` is `nil` for a part of the state that is always
  /// there, and the part's current value for one that can disappear (then the scoped store
  /// keeps the last value it read, and drops sends once the part is gone).
  @inlinable
  func makeScope<ChildState, ChildAction>(
    initialState: ChildState?,
    project: @escaping (State) -> ChildState?,
    embed: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    // The child talks to the root (or to its parent's bridge) directly, not through this
    // store's methods: a send through a deep scope then costs one call per level, not several.
    let parentRead: @MainActor () -> State?
    let parentPeek: @MainActor () -> State?
    let parentSend: @MainActor (Action) -> StoreTask
    let parentAddForwarder: ScopeBridge<State, Action>.AddForwarder
    if let root {
      let rootGroups = groups
      parentRead = { root.state }
      parentPeek = { root._state }
      parentSend = { root.receive($0, group: nil) }
      parentAddForwarder = { rootGroups.addForwarder(update: $0, compact: $1) }
    } else {
      let bridge = bridge.unsafelyUnwrapped
      parentRead = bridge.read
      parentPeek = bridge.peek
      parentSend = bridge.forward
      parentAddForwarder = bridge.addForwarder
    }
    let forward: @MainActor (ChildAction) -> StoreTask
    if initialState != nil {
      forward = { childAction in
        guard parentPeek().flatMap(project) != nil else { return StoreTask(group: nil) }
        return parentSend(embed(childAction))
      }
    } else {
      forward = { childAction in parentSend(embed(childAction)) }
    }
    let bridge = ScopeBridge(
      initialState: initialState,
      read: { parentRead().flatMap(project) },
      peek: { parentPeek().flatMap(project) },
      forward: forward,
      // Observers hang off the root's groups directly, through the projections of every level
      // composed: a change then costs one call per level, not a pass over each level's groups.
      addForwarder: { update, compact in
        parentAddForwarder(
          { state in
            guard let childState = project(state) else { return }
            update(childState)
          }, compact)
      },
      ledger: groups.ledger,
      runningEffectCount: { [self] in runningEffectCount })
    return Store<ChildState, ChildAction>(bridge: bridge, ledger: groups.ledger)
  }
}
