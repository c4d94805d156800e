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
  /// and no other's. `dismissal` says what the child's ``Effect/dismiss`` and
  /// ``Send/dismiss()`` become.
  @inlinable
  func lift<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction,
    into namespace: @autoclosure () -> EffectNamespace,
    dismissal: Dismissal<NewAction> = .passUp
  ) -> Effect<NewAction> {
    if case .none = operation { return .none }
    return mapOperation(transform, namespace: namespace(), dismissal: dismissal)
  }

  @inlinable
  func mapOperation<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction, namespace: EffectNamespace?,
    dismissal: Dismissal<NewAction> = .passUp
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .run(let priority, let operation):
      return Effect<NewAction>(
        .run(priority: priority) { send in
          try await operation(
            Send<Action>(messages: { message in
              switch message {
              case .action(let action): send.deliver(.action(transform(action)))
              case .dismiss: send.deliver(dismissal.message())
              case .report(let diagnostic): send.deliver(.report(diagnostic))
              }
            }))
        })
    case .merge(let effects):
      return Effect<NewAction>(
        .merge(effects.map { $0.mapOperation(transform, namespace: namespace, dismissal: dismissal) }))
    case .concatenate(let effects):
      return Effect<NewAction>(
        .concatenate(
          effects.map { $0.mapOperation(transform, namespace: namespace, dismissal: dismissal) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<NewAction>(
        .cancellable(
          id.in(namespace), cancelInFlight: cancelInFlight,
          effect.mapOperation(transform, namespace: namespace, dismissal: dismissal)))
    case .cancel(let id):
      return Effect<NewAction>(.cancel(id.in(namespace)))
    case .throttle(let id, let effect):
      return Effect<NewAction>(
        .throttle(
          id.in(namespace), effect.mapOperation(transform, namespace: namespace, dismissal: dismissal)))
    case .dismiss:
      return dismissal.effect()
    case .report(let diagnostic):
      return Effect<NewAction>(.report(diagnostic))
    }
  }
}

/// What a child's request to be dismissed becomes in its parent.
@usableFromInline
enum Dismissal<Action>: Sendable {
  /// Passed on to the parent's own presenter: the child is part of its parent's screen (a
  /// plain scope, a row).
  case passUp
  /// The presenter's action that dismisses this child: `.popFrom(id:)` of a stack element,
  /// `.dismiss` of a presented child.
  case send(@Sendable () -> Action)
  /// The child is presented in a way that cannot dismiss it; the reason, for the diagnostic.
  case unsupported(String)

  /// The effect a child's ``Effect/dismiss`` becomes.
  @usableFromInline
  func effect() -> Effect<Action> {
    switch self {
    case .passUp: Effect(.dismiss)
    case .send(let action): .send(action())
    case .unsupported(let reason): Effect(.report(.dismissalIgnored(reason)))
    }
  }

  /// The message a child's ``Send/dismiss()`` becomes.
  @usableFromInline
  func message() -> SendMessage<Action> {
    switch self {
    case .passUp: .dismiss
    case .send(let action): .action(action())
    case .unsupported(let reason): .report(.dismissalIgnored(reason))
    }
  }
}
