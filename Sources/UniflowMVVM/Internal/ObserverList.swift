/// The observers of an output, in the order they were added.
///
/// Calling them works on a copy of the list, so an observer may add or remove observers (its
/// own included) while it runs; one removed during an emission is not called by it.
@MainActor
struct ObserverList<Value> {
  /// How long an observer stays registered.
  private enum Lifetime {
    /// While the caller keeps the token: the list only watches it.
    case whileTokenKept(WeakToken)
    /// While the owner exists: the list keeps the token, so the caller need not, and cancels
    /// it once the owner is gone.
    case whileOwnerExists(ObservationToken, isAlive: () -> Bool)
  }

  private struct WeakToken {
    weak var token: ObservationToken?
  }

  private struct Observer {
    let lifetime: Lifetime
    let call: (Value) -> Void

    /// Whether the observer is still wanted; an owner found gone cancels the token.
    func isLive() -> Bool {
      switch lifetime {
      case .whileTokenKept(let weak):
        guard let token = weak.token else { return false }
        return !token.isCancelled
      case .whileOwnerExists(let token, let isAlive):
        guard !token.isCancelled else { return false }
        guard isAlive() else {
          token.cancel()
          return false
        }
        return true
      }
    }
  }

  private var observers: [Observer] = []

  /// Whether no observer is registered any more.
  var isEmpty: Bool {
    !observers.contains { $0.isLive() }
  }

  /// Adds an observer that stays while the caller keeps the returned token.
  ///
  /// - Parameter call: The observer.
  /// - Returns: The observer's token; releasing or cancelling it removes the observer.
  mutating func add(call: @escaping (Value) -> Void) -> ObservationToken {
    compact()
    let token = ObservationToken()
    observers.append(Observer(lifetime: .whileTokenKept(WeakToken(token: token)), call: call))
    return token
  }

  /// Adds an observer that stays while its owner exists.
  ///
  /// - Parameters:
  ///   - isAlive: Whether the observer's owner still exists.
  ///   - call: The observer.
  /// - Returns: The observer's token, kept by the list; cancelling it removes the observer
  ///   before its owner goes.
  mutating func add(isAlive: @escaping () -> Bool, call: @escaping (Value) -> Void) -> ObservationToken {
    compact()
    let token = ObservationToken()
    observers.append(Observer(lifetime: .whileOwnerExists(token, isAlive: isAlive), call: call))
    return token
  }

  /// Calls every live observer with `value`.
  ///
  /// The owner of the list calls this on a copy of it (`let list = self.list`), never in place:
  /// an observer may add or remove observers of the same output while it runs.
  func emit(_ value: Value) {
    for observer in observers where observer.isLive() {
      observer.call(value)
    }
  }

  /// Drops the observers no longer wanted.
  mutating func compact() {
    observers.removeAll { !$0.isLive() }
  }
}
