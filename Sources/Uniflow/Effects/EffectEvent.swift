/// A moment in the life of an effect's task: it started, it finished, or it ended cancelled.
///
/// A store hands these to ``StoreConfiguration/effectEventHandler``, on the main actor, for
/// every ``Effect/run(priority:operation:catch:)`` effect it starts, so that a recorder can
/// draw effects as lanes from start to end:
///
/// ```swift
/// var configuration = StoreConfiguration()
/// configuration.effectEventHandler = { event in
///   print("effect #\(event.id) of action #\(event.cause): \(event.phase)")
/// }
/// ```
public struct EffectEvent: Sendable, Hashable {
  /// Where the effect is in its life.
  public enum Phase: String, Sendable, Hashable {
    /// Its task was started.
    case started
    /// Its operation returned, or threw without being cancelled.
    case finished
    /// Its operation ended after its task was cancelled (by ``Effect/cancel(id:)``, a
    /// `cancelInFlight`, or the store going away).
    case cancelled
  }

  /// The effect's number, unique among the effects of its store: the events of one effect
  /// share it.
  public let id: Int
  /// What happened.
  public let phase: Phase
  /// The sequence number (``ActionContext/sequenceNumber``) of the action whose reducer
  /// returned the effect.
  public let cause: Int

  /// Creates an event.
  ///
  /// - Parameters:
  ///   - id: The effect's number in its store.
  ///   - phase: What happened.
  ///   - cause: The sequence number of the action that returned the effect.
  public init(id: Int, phase: Phase, cause: Int) {
    self.id = id
    self.phase = phase
    self.cause = cause
  }
}

/// Wraps an effect's operation so that its end is reported to `handler`, on the main actor, as
/// finished or cancelled.
func reportingEnd<Action>(
  of operation: @escaping @Sendable (Send<Action>) async throws -> Void, id: Int, cause: Int,
  to handler: @escaping @MainActor @Sendable (EffectEvent) -> Void
) -> @Sendable (Send<Action>) async throws -> Void {
  { send in
    let outcome: Result<Void, any Error>
    do {
      try await operation(send)
      outcome = .success(())
    } catch {
      outcome = .failure(error)
    }
    let phase: EffectEvent.Phase = Task.isCancelled ? .cancelled : .finished
    await MainActor.run { handler(EffectEvent(id: id, phase: phase, cause: cause)) }
    try outcome.get()
  }
}
