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
    case .send(let message):
      return Effect<NewAction>(.send(message.lifted(transform, into: namespace, dismissal: dismissal)))
    case .run(let priority, let operation):
      return Effect<NewAction>(
        .run(priority: priority) { send in
          try await operation(
            Send<Action>(messages: { message in
              send.deliver(message.lifted(transform, into: namespace, dismissal: dismissal))
            }))
        })
    case .combined(let effects, let combination):
      return Effect<NewAction>(
        .combined(
          effects.map { $0.mapOperation(transform, namespace: namespace, dismissal: dismissal) },
          combination))
    case .cancellable(let id, let policy, let effect):
      return Effect<NewAction>(
        .cancellable(
          id.in(namespace), policy,
          effect.mapOperation(transform, namespace: namespace, dismissal: dismissal)))
    }
  }
}

extension SendMessage {
  /// The message as the parent's: its action transformed, a dismissal taken by `dismissal` or
  /// passed on, the dismissed instance put into `namespace`.
  @usableFromInline
  func lifted<NewAction>(
    _ transform: (Action) -> NewAction, into namespace: EffectNamespace?,
    dismissal: Dismissal<NewAction>
  ) -> SendMessage<NewAction> {
    switch self {
    case .action(let action): .action(transform(action))
    case .dismiss: dismissal.message(in: namespace)
    case .dismissal(let action, let instance): .dismissal(transform(action), of: instance?.in(namespace))
    case .report(let diagnostic): .report(diagnostic)
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
  /// `.dismiss` of a presented child. `presence` is the last step of the dismissal's path, if
  /// the presenter's key path alone cannot tell whether the child that asked is still there (a
  /// presented child, which another can replace in place; see `PresentedInstance`).
  case send(@Sendable () -> Action, presence: (any AnyKeyPath & Sendable)? = nil)
  /// The child is presented in a way that cannot dismiss it; the reason, for the diagnostic.
  case unsupported(String)

  /// The message a child's ``Effect/dismiss`` or ``Send/dismiss()`` becomes; `namespace` is
  /// the child's instance, which the presenter's action dismisses.
  @usableFromInline
  func message(in namespace: EffectNamespace?) -> SendMessage<Action> {
    switch self {
    case .passUp: .dismiss
    case .send(let action, let presence):
      .dismissal(
        action(),
        of: namespace.map { namespace in
          guard let presence else { return EffectID(namespace) }
          // The child's identity, checked in the child found at the presenter's key path.
          return EffectID(EffectNamespace(path: presence, instance: namespace.instance)).in(namespace)
        })
    case .unsupported(let reason): .report(.dismissalIgnored(reason))
    }
  }
}
