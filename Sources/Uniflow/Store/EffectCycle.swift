/// The report of a loop through effects that the store's async loop guard stopped.
///
/// ```
/// Uniflow: effects sent more than 2000 actions in a chain without waiting and were stopped;
/// repeating cycle: ping → pong → ping
/// ```
///
/// See ``StoreConfiguration/maximumEffectChainActions``.
public struct EffectCycle: Sendable, Equatable, CustomStringConvertible {
  /// The actions that repeat, in order, with the first one repeated at the end:
  /// `["ping", "pong", "ping"]`.
  ///
  /// Each action is named as in ``ActionCycle/actions``: by its case down to the leaf, with
  /// the leaf's payload in parentheses when that is brief.
  public var actions: [String]
  /// The bound that was reached.
  public var limit: Int

  /// Creates a report.
  ///
  /// - Parameters:
  ///   - actions: The actions that repeat, the first one repeated at the end.
  ///   - limit: The bound that was reached.
  public init(actions: [String], limit: Int) {
    self.actions = actions
    self.limit = limit
  }

  /// One line naming the cycle: `… and were stopped; repeating cycle: ping → pong → ping`.
  public var description: String {
    "Uniflow: effects sent more than \(limit) actions in a chain without waiting and were "
      + "stopped; repeating cycle: \(actions.joined(separator: " → "))"
  }
}
