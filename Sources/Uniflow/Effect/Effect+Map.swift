extension Effect {
  /// Transforms the actions this effect sends, to lift a child feature's effect into its
  /// parent's action type.
  ///
  /// ```swift
  /// case .counter(let action):
  ///   return Counter().reduce(into: &state.counter, action: action).map(AppAction.counter)
  /// ```
  ///
  /// - Parameter transform: Turns each action of this effect into an action of the parent.
  /// - Returns: An effect that does the same work and sends transformed actions.
  @inlinable
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    // Most reductions return `.none`: decide that where `map` is called (a scope, for every
    // action at every level), without a call.
    if case .none = operation { return .none }
    return mapOperation(transform, namespace: nil)
  }

  /// Lifts a child feature's effect into its parent: transforms its actions, and puts its
  /// cancellation identifiers into the child's namespace, so that they name this child's work
  /// and no other's.
  @inlinable
  func lift<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction,
    into namespace: @autoclosure () -> EffectNamespace
  ) -> Effect<NewAction> {
    if case .none = operation { return .none }
    return mapOperation(transform, namespace: namespace())
  }

  @inlinable
  func mapOperation<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction, namespace: EffectNamespace?
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let priority, let operation):
      return Effect<NewAction>(
        .run(priority: priority) { send in
          try await operation(Send<Action> { send(transform($0)) })
        })
    case .merge(let effects):
      return Effect<NewAction>(.merge(effects.map { $0.mapOperation(transform, namespace: namespace) }))
    case .concatenate(let effects):
      return Effect<NewAction>(
        .concatenate(effects.map { $0.mapOperation(transform, namespace: namespace) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<NewAction>(
        .cancellable(
          id.in(namespace), cancelInFlight: cancelInFlight,
          effect.mapOperation(transform, namespace: namespace)))
    case .cancel(let id):
      return Effect<NewAction>(.cancel(id.in(namespace)))
    case .throttle(let id, let effect):
      return Effect<NewAction>(
        .throttle(id.in(namespace), effect.mapOperation(transform, namespace: namespace)))
    }
  }
}
