extension Store {
  /// Calls `onAction` with every action of this store that the root store processes, and this
  /// store's state after it.
  ///
  /// ```swift
  /// let profile = appStore.scope(state: \.profile, action: App.Action.profileCase)
  /// let token = profile.observeActions { action, state in
  ///   if case .saveFailed = action { banner.show(state.errorMessage) }
  /// }
  /// ```
  ///
  /// It is the way for a part of an app that holds only a store (a view model on a child's
  /// store) to hear what happened: a root store's listener hears every action, like a
  /// middleware installed later; a scoped store's hears its own actions, typed as its own,
  /// however they reached the root — sent through this store, chained by `.send`, or sent back
  /// by an effect (the child feature's effects included, which reach the root embedded). A row's
  /// store hears its own row's actions only.
  ///
  /// Each action is heard once, after the reducer, the middleware and the store's observers:
  /// an output updated by an observer already shows the state after the action. An action
  /// sent from `onAction` is queued and processed after the current one. An action after which
  /// a scoped store's part is gone (a row that deleted itself, a dismissed child) is not heard,
  /// as that store's observers are not called.
  ///
  /// **Which stores can hear their actions.** A root store, and a store scoped with an
  /// ``ActionCase`` (`scope(state:action:)`, for a part or an optional part,
  /// `scope(id:in:action:)`, `scope(forEach:action:)`) from one that can. A store scoped with
  /// an embedding function alone (`App.Action.profile`) cannot: an embedding cannot be
  /// reversed, and an effect's action reaches the root as the parent's, indistinguishable from
  /// a sibling's, so such a store could hear only some of its actions. Rather than an observer
  /// that fires for some actions and silently not for others, calling this on it stops the
  /// program with a message naming the fix, in every build.
  ///
  /// **Lifetime.** The listener hangs off the root store, like an observer, so the token keeps
  /// it even after a scoped store itself is released. Once the token is cancelled or released
  /// the listener is never called again, and the store releases its closure before it offers
  /// the next action.
  ///
  /// - Parameter onAction: Receives each of this store's actions and its state after it.
  /// - Returns: A token that keeps the listener registered; release or cancel it to remove it.
  /// - Complexity: Each action the root processes costs one call per listener, plus, for a
  ///   scoped store's, one extraction per level of scope. A store with no listener pays one
  ///   check per action.
  public func observeActions(
    _ onAction: @escaping @MainActor (_ action: Action, _ state: State) -> Void
  ) -> ObservationToken {
    core.listen(onAction)
  }

  /// The number of action listeners registered on the root store whose tokens are kept; for
  /// tests and diagnostics.
  public var actionListenerCount: Int {
    core.engine.listeners.count
  }
}
