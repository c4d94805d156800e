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
@MainActor
public struct Send<Action>: Sendable {
  @usableFromInline
  let deliver: @MainActor @Sendable (Action) -> Void

  /// Creates a handle that delivers each action to `deliver`.
  ///
  /// Use it to adapt actions, or in tests to record what an effect sends.
  ///
  /// - Parameter deliver: Receives each action sent.
  public nonisolated init(_ deliver: @escaping @MainActor @Sendable (Action) -> Void) {
    self.deliver = deliver
  }

  /// Sends an action to the store, unless the current task is cancelled.
  ///
  /// - Parameter action: The action to send.
  @inlinable
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    deliver(action)
  }
}
