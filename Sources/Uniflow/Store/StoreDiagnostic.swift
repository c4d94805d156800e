/// A problem the store detected and recovered from, reported to
/// ``StoreConfiguration/diagnosticHandler``.
public enum StoreDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// A chain of synchronous actions went past
  /// ``StoreConfiguration/maximumSynchronousActions`` and was stopped.
  case actionCycle(ActionCycle)
  /// An effect's operation threw an error that no `catch` handler took; the description of
  /// the error.
  case unhandledEffectError(String)

  /// One line describing the problem.
  public var description: String {
    switch self {
    case .actionCycle(let cycle): cycle.description
    case .unhandledEffectError(let error):
      "Uniflow: an effect threw an error that no catch handler handled: \(error)"
    }
  }

  /// The default handler: prints the diagnostic to standard error and, in debug builds, fails
  /// an assertion for an action cycle, which is a bug in the reducers.
  public static let standardHandler: @MainActor @Sendable (StoreDiagnostic) -> Void = {
    diagnostic in
    writeLineToStandardError(diagnostic.description)
    if case .actionCycle = diagnostic {
      assertionFailure(diagnostic.description)
    }
  }
}

/// The report of a synchronous action chain stopped by the store's loop guard.
public struct ActionCycle: Sendable, Equatable, CustomStringConvertible {
  /// The case names of the actions that repeat, in order, with the first one repeated at the
  /// end: `["increment", "check", "increment"]`. When no repetition was found, the last
  /// actions of the chain.
  public var actions: [String]
  /// Whether ``actions`` is a repeating cycle (as opposed to the tail of a long chain).
  public var isRepeating: Bool
  /// The bound that was reached.
  public var limit: Int

  /// Creates a report.
  public init(actions: [String], isRepeating: Bool, limit: Int) {
    self.actions = actions
    self.isRepeating = isRepeating
    self.limit = limit
  }

  /// One line naming the cycle, e.g. `… repeating cycle: increment → check → increment`.
  public var description: String {
    let chain = actions.joined(separator: " → ")
    return isRepeating
      ? "Uniflow: a send chained more than \(limit) synchronous actions and was stopped; "
        + "repeating cycle: \(chain)"
      : "Uniflow: a send chained more than \(limit) synchronous actions and was stopped; "
        + "last actions: \(chain)"
  }
}
