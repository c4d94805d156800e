/// The observers of an output, in the order they were added.
///
/// Calling them works on a copy of the list, so an observer may add or remove observers (its
/// own included) while it runs; one removed during an emission is not called by it.
@MainActor
struct ObserverList<Value> {
  private struct Observer {
    let subscription: OutputSubscription
    let isAlive: () -> Bool
    let call: (Value) -> Void
  }

  private var observers: [Observer] = []

  /// Whether some observer is registered and not cancelled.
  var isEmpty: Bool {
    observers.allSatisfy { $0.subscription.isCancelled || !$0.isAlive() }
  }

  /// Adds an observer.
  ///
  /// - Parameters:
  ///   - cancelsOnRelease: Whether releasing the returned token removes the observer.
  ///   - isAlive: Whether the observer's owner still exists; once it does not, the observer is
  ///     dropped.
  ///   - call: The observer.
  /// - Returns: The observer's token.
  mutating func add(
    cancelsOnRelease: Bool, isAlive: @escaping () -> Bool = { true },
    call: @escaping (Value) -> Void
  ) -> OutputToken {
    compact()
    let subscription = OutputSubscription()
    observers.append(Observer(subscription: subscription, isAlive: isAlive, call: call))
    return OutputToken(subscription: subscription, cancelsOnRelease: cancelsOnRelease)
  }

  /// Calls every live observer with `value`.
  ///
  /// The owner of the list calls this on a copy of it (`let list = self.list`), never in place:
  /// an observer may add or remove observers of the same output while it runs.
  func emit(_ value: Value) {
    for observer in observers where !observer.subscription.isCancelled {
      guard observer.isAlive() else {
        observer.subscription.cancel()
        continue
      }
      observer.call(value)
    }
  }

  /// Drops the cancelled observers.
  mutating func compact() {
    observers.removeAll { $0.subscription.isCancelled }
  }
}
