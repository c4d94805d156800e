extension OutputEvent {
  /// An event that fires with the value `extract` finds in each action the store processes.
  ///
  /// ```swift
  /// let showDetail = OutputEvent.extracting(in: store) { action in
  ///   if case .select(let item) = action { item } else { nil }
  /// }
  /// ```
  ///
  /// The store is the one the view model is given, a root store or a scoped one: the event
  /// hears that store's actions, typed as its own, however they reached the root (a view
  /// model's input, a `.send` follow-up, an effect's action, the child feature's own effects
  /// included); a row's store hears its own row's. It fires once per action it extracts a
  /// value from, after the reducer, the middleware and the store's observers, so the view
  /// model's outputs already show the state after the action. A scoped store must be scoped
  /// with an `ActionCase` (see `Store/observeActions(_:)` for why, and for what a store
  /// scoped otherwise does).
  ///
  /// - Parameters:
  ///   - store: The store whose actions make the event.
  ///   - extract: Returns the event's value for the actions that make the event, and `nil`
  ///     for the others.
  /// - Returns: The event. It keeps its listener on the store, and the store; the store does
  ///   not keep the event: once the event is released, the store releases `extract` before
  ///   the next action.
  /// - Complexity: One call of `extract` per action of the store.
  public static func extracting<State, Action>(
    in store: Store<State, Action>, _ extract: @escaping (_ action: Action) -> Value?
  ) -> OutputEvent<Value> {
    extracting(in: store) { action, _ in extract(action) }
  }

  /// An event that fires with the value `extract` finds in each action the store processes
  /// and the store's state after it.
  ///
  /// ```swift
  /// let failed = OutputEvent.extracting(in: store) { action, state in
  ///   if case .loadFailed = action { state.errorMessage } else { nil }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - store: The store whose actions make the event, a root store or one scoped with an
  ///     `ActionCase`.
  ///   - extract: Returns the event's value for the actions that make the event, and `nil`
  ///     for the others.
  /// - Returns: The event; the store does not keep it.
  /// - Complexity: One call of `extract` per action of the store.
  public static func extracting<State, Action>(
    in store: Store<State, Action>,
    _ extract: @escaping (_ action: Action, _ state: State) -> Value?
  ) -> OutputEvent<Value> {
    let event = OutputEvent<Value>()
    let token = store.observeActions { [weak event] action, state in
      guard let event, let value = extract(action, state) else { return }
      event.emit(value)
    }
    event.retain(source: SourceBox(token: token, upstream: store))
    return event
  }
}
