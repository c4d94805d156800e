/// Delivers actions from an effect back into its store.
///
/// An effect's operation receives a `Send` and calls it like a function:
///
/// ```swift
/// return .run { send in
///   for await todos in repository.updates() {
///     await send(.todosChanged(todos))
///   }
/// }
/// ```
///
/// Sending is a no-op once the effect's task is cancelled or its store is gone, so an effect
/// that finishes late cannot write stale results into the state.
///
/// A presented feature (a stack element, a child presented with
/// ``Reducer/ifLet(_:action:then:)-9navc``) can also ask its presenter to end it, without
/// knowing who that is, with ``dismiss()``.
@MainActor
public struct Send<Action>: Sendable {
  @usableFromInline
  let deliver: @MainActor @Sendable (SendMessage<Action>) -> Void

  /// Creates a handle that delivers each action to `deliver`.
  ///
  /// Use it to adapt actions, or in tests to record what an effect sends. A ``dismiss()``
  /// through it does nothing.
  ///
  /// - Parameter deliver: Receives each action sent.
  public nonisolated init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = { message in
      if case .action(let action) = message { deliver(action) }
    }
  }

  /// Creates a handle that also carries dismissals and diagnostics.
  @usableFromInline
  nonisolated init(messages deliver: @escaping @MainActor @Sendable (SendMessage<Action>) -> Void) {
    self.deliver = deliver
  }

  /// Sends an action to the store, unless the current task is cancelled.
  ///
  /// - Parameter action: The action to send.
  @inlinable
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    deliver(.action(action))
  }

  /// Asks the presenter of this feature to dismiss it: the stack it is an element of pops it
  /// (and everything above it), the parent that presented it with a ``PresentationAction``
  /// case sets it to `nil`.
  ///
  /// ```swift
  /// case .saveTapped:
  ///   return .run { [note = state.note, repository] send in
  ///     try await repository.save(note)
  ///     await send.dismiss()
  ///   }
  /// ```
  ///
  /// The dismissal goes through the store's funnel as the presenter's action
  /// (`.popFrom(id:)`, `.dismiss`), so middleware and recordings see it, and it never waits:
  /// the caller's own task is cancelled with the rest of the feature's effects. Unlike
  /// ``callAsFunction(_:)``, it is delivered even from a cancelled task; a dismissal of a feature
  /// that is already gone (dismissed twice, or popped by its parent first) is ignored with a
  /// ``StoreDiagnostic/dismissalIgnored(_:)`` and no action, as is one from a feature that
  /// nothing presents.
  public func dismiss() {
    deliver(.dismiss)
  }
}

/// What an effect hands back to its store: through a ``Send`` from a task, or as an effect
/// (``Effect/send(_:)``, ``Effect/dismiss``) from a reducer.
@usableFromInline
enum SendMessage<Action> {
  /// An action to process.
  case action(Action)
  /// The feature asks its presenter to dismiss it; no presenter has taken the request yet.
  case dismiss
  /// The presenter's action that dismisses a feature, and the feature's instance (the
  /// namespace of its effects, which is its path from the root): the store processes the
  /// action only if that instance is still in its state when the action's turn comes. `nil`
  /// when the path is not known (lifted through a plain ``Effect/map(_:)``).
  case dismissal(Action, of: EffectID?)
  /// A problem to report to the store's diagnostic handler. Boxed: a diagnostic is large and
  /// costly to destroy, and an effect holds this message inline; unboxed, it makes every
  /// effect, `.none` included, destroyed through the runtime's value witnesses.
  indirect case report(StoreDiagnostic)
}
