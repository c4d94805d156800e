/// Where an action stands in its store's history: its number, and which action's effect sent
/// it.
///
/// A ``Middleware`` made with ``Middleware/init(withContext:)`` receives it with every action,
/// so that a recorder or a logger can show chains — which action led to which — across
/// synchronous follow-ups and async effects alike:
///
/// ```swift
/// let chains = Middleware<AppState, AppAction>(withContext: { action, _, context, _ in
///   if let cause = context.cause {
///     print("#\(context.sequenceNumber) \(action), sent by an effect of #\(cause)")
///   }
/// })
/// ```
public struct ActionContext: Sendable, Hashable {
  /// The action's position among the actions the root store processed, from 1.
  public let sequenceNumber: Int
  /// The ``sequenceNumber`` of the action whose effect sent this one — an ``Effect/send(_:)``
  /// follow-up, or a `send` inside ``Effect/run(priority:operation:catch:)`` — or `nil` for
  /// an action sent to the store from outside (a view, an observer, a middleware).
  public let cause: Int?

  /// Creates a context.
  ///
  /// - Parameters:
  ///   - sequenceNumber: The action's position among the actions the store processed.
  ///   - cause: The sequence number of the action whose effect sent this one.
  public init(sequenceNumber: Int, cause: Int?) {
    self.sequenceNumber = sequenceNumber
    self.cause = cause
  }
}
