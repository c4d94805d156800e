/// The listeners of the actions a root store processes: what `observeActions(_:)` registers,
/// from the root store or from a store scoped from it, with the child's extraction lifted in.
///
/// A root core makes it on the first listener; until then a processed action costs one check
/// that it is absent. Each listener is offered every action after the middleware and the
/// observers, with the state after it.
///
/// A listener stays while its token is kept: a cancelled or released token's listener is never
/// called again, and is dropped (its closure released) before the next action is offered.
@usableFromInline
@MainActor
final class ActionListeners<State, Action> {
  private struct Listener {
    let flag: SubscriptionFlag
    let hear: @MainActor (Action, State) -> Void
  }

  private var listeners: [Listener] = []
  /// Counts the tokens cancelled since the listeners were last swept.
  private let ledger = CancellationLedger()

  init() {}

  /// Adds a listener.
  ///
  /// - Parameter hear: Receives each action and the state after it.
  /// - Returns: The token that keeps the listener registered.
  func add(_ hear: @escaping @MainActor (Action, State) -> Void) -> ObservationToken {
    dropCancelled()
    let flag = SubscriptionFlag(ledger: ledger)
    listeners.append(Listener(flag: flag, hear: hear))
    return ObservationToken(flag: flag)
  }

  /// Offers an action to every listener, in the order they were added.
  ///
  /// A listener added while the action is offered hears the next action; one cancelled during
  /// the pass is not called by it.
  @usableFromInline
  func offer(_ action: Action, _ state: StatePlace<State>) {
    dropCancelled()
    let listeners = self.listeners
    for listener in listeners where !listener.flag.isCancelled {
      listener.hear(action, state.value)
    }
  }

  /// The number of listeners whose token is kept; for tests.
  var count: Int {
    dropCancelled()
    return listeners.count
  }

  private func dropCancelled() {
    guard ledger.takePending() else { return }
    listeners.removeAll { $0.flag.isCancelled }
  }
}

@available(*, unavailable)
extension ActionListeners: Sendable {}
