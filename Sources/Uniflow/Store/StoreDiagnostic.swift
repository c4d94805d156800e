/// A problem the store detected and recovered from, reported to
/// ``StoreConfiguration/diagnosticHandler``.
public enum StoreDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// A chain of synchronous actions went past
  /// ``StoreConfiguration/maximumSynchronousActions`` and was stopped.
  case actionCycle(ActionCycle)
  /// An effect's operation threw an error that no `catch` handler took; the description of
  /// the error.
  case unhandledEffectError(String)
  /// An action for a stack element that is not on the stack (a late effect of a popped
  /// screen, a second pop) was dropped; it reached no other element.
  case stackElementMissing(StackElementMissing)
  /// A feature asked to be dismissed (``Effect/dismiss``, ``Send/dismiss()``), and nothing
  /// could dismiss it: the reason, in one sentence.
  case dismissalIgnored(String)
  /// A shared value's storage could not be read or written; the value kept what it had.
  case sharedStorageFailed(SharedStorageError)
  /// An undo history was cleared because an action's changes could not be recorded exactly;
  /// the reason, in one sentence. The state kept the action's changes.
  case undoHistoryCleared(String)
  /// A chain of actions sent by effects that did not wait went past
  /// ``StoreConfiguration/maximumEffectChainActions`` repeating a cycle, and was stopped.
  case effectCycle(EffectCycle)

  /// One line describing the problem.
  public var description: String {
    switch self {
    case .actionCycle(let cycle): cycle.description
    case .unhandledEffectError(let error):
      "Uniflow: an effect threw an error that no catch handler handled: \(error)"
    case .stackElementMissing(let missing): missing.description
    case .dismissalIgnored(let reason): "Uniflow: a dismissal was ignored: \(reason)"
    case .sharedStorageFailed(let error): error.description
    case .undoHistoryCleared(let reason): "Uniflow: an undo history was cleared: \(reason)"
    case .effectCycle(let cycle): cycle.description
    }
  }

  /// The default handler: prints the diagnostic to standard error as one line, in debug and
  /// release builds alike.
  ///
  /// An action cycle is a bug in the reducers, reported loudly but without stopping the
  /// running app: the store has already dropped the rest of the chain and keeps working. A
  /// `TestStore` turns every diagnostic into a test failure.
  public static let standardHandler: @MainActor @Sendable (StoreDiagnostic) -> Void = {
    diagnostic in
    writeLineToStandardError(diagnostic.description)
  }
}

/// The report of a synchronous action chain stopped by the store's loop guard.
public struct ActionCycle: Sendable, Equatable, CustomStringConvertible {
  /// The actions that repeat, in order, with the first one repeated at the end:
  /// `["increment", "check", "increment"]`. When no repetition was found, the last actions of
  /// the chain: `["step(1007)", …, "step(1000)"]`.
  ///
  /// Each action is named by its case down to the leaf, through the actions its payloads carry
  /// (`child.increment`; `path.element.ping` for a screen's action on a stack; the session
  /// recorder names steps the same way), followed by the leaf's payload in parentheses when
  /// that is brief: `toggle(true)`. An action that is not an enum is named by its description
  /// when that is short, by its type in full otherwise (`Feature.Tick`).
  public var actions: [String]
  /// Whether ``actions`` is a repeating cycle, as opposed to the tail of a chain that is too
  /// long but does not repeat.
  ///
  /// Actions are the same when they are equal, for an `Equatable` action type, and when they
  /// have the same description otherwise: a countdown `step(2000) … step(0)` does not repeat.
  public var isRepeating: Bool
  /// The bound that was reached.
  public var limit: Int

  /// Creates a report.
  public init(actions: [String], isRepeating: Bool, limit: Int) {
    self.actions = actions
    self.isRepeating = isRepeating
    self.limit = limit
  }

  /// One line naming the cycle, e.g. `… repeating cycle: increment → check → increment`, or,
  /// for a chain that does not repeat, `… the chain is too long; last actions: step(1007) → …`.
  public var description: String {
    let chain = actions.joined(separator: " → ")
    return isRepeating
      ? "Uniflow: a send chained more than \(limit) synchronous actions and was stopped; "
        + "repeating cycle: \(chain)"
      : "Uniflow: a send chained more than \(limit) synchronous actions and was stopped; "
        + "the chain is too long and does not repeat; last actions: \(chain)"
  }
}

/// The report of an action addressed to a stack element that is not on the stack.
public struct StackElementMissing: Sendable, Equatable, CustomStringConvertible {
  /// The identifier the action was addressed to.
  public var id: StackElementID
  /// The action, named by its case with a brief payload: `element(id: #3, action: saved)`,
  /// `popFrom(id: #3)`.
  public var action: String
  /// The element type of the stack, for the message.
  public var stack: String

  /// Creates a report.
  public init(id: StackElementID, action: String, stack: String) {
    self.id = id
    self.action = action
    self.stack = stack
  }

  /// `Uniflow: no element #3 on the StackState<Path.State> (popped already?); dropped
  /// popFrom(id: #3)`.
  public var description: String {
    "Uniflow: no element \(id) on the StackState<\(stack)> (popped already?); dropped \(action)"
  }
}
