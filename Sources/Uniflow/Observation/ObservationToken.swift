import Synchronization

/// Keeps a subscription made with `observe(_:onChange:)` alive; releasing it, or
/// calling ``cancel()``, ends the subscription.
///
/// It is the one token of the library: a store's observations and a view model's outputs
/// (UniflowMVVM's `OutputValue` and `OutputEvent`) return it alike.
///
/// ```swift
/// var tokens: [ObservationToken] = []
/// tokens.append(store.observe(\.count) { count in label.text = "\(count)" })
/// ```
///
/// The callback never runs after the token was cancelled or released; the store drops the
/// callback itself the next time it processes an action.
public final class ObservationToken: Sendable, Hashable {
  @usableFromInline
  let flag: SubscriptionFlag

  @usableFromInline
  init(flag: SubscriptionFlag) {
    self.flag = flag
  }

  deinit {
    flag.cancel()
  }

  /// Ends the subscription.
  public func cancel() {
    flag.cancel()
  }

  /// Whether the subscription has ended.
  public var isCancelled: Bool {
    flag.isCancelled
  }

  /// Stores the token in a collection, to keep it alive as long as the collection.
  ///
  /// - Parameter collection: The collection that keeps the token.
  public func store(in collection: inout some RangeReplaceableCollection<ObservationToken>) {
    collection.append(self)
  }

  /// Stores the token in a set, to keep it alive as long as the set.
  ///
  /// - Parameter set: The set that keeps the token.
  public func store(in set: inout Set<ObservationToken>) {
    set.insert(self)
  }

  /// Tokens are equal when they are the same token.
  public static func == (lhs: ObservationToken, rhs: ObservationToken) -> Bool {
    lhs === rhs
  }

  /// Hashes the token's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}

extension ObservationToken {
  /// A token for a subscription kept outside a store, such as an output's observer: the
  /// subscriber reads ``isCancelled`` and holds the token weakly, so that releasing the token
  /// ends the subscription.
  package convenience init() {
    self.init(flag: SubscriptionFlag(ledger: CancellationLedger()))
  }
}

/// Whether one subscription is still wanted; shared by the subscription and its token.
@usableFromInline
final class SubscriptionFlag: Sendable {
  @usableFromInline let cancelled = Atomic(false)
  private let ledger: CancellationLedger

  @usableFromInline
  init(ledger: CancellationLedger) {
    self.ledger = ledger
  }

  @inlinable
  var isCancelled: Bool {
    cancelled.load(ordering: .relaxed)
  }

  func cancel() {
    if !cancelled.exchange(true, ordering: .relaxed) {
      ledger.pending.add(1, ordering: .relaxed)
    }
  }
}

/// Counts the subscriptions cancelled (and scoped stores released) since the store last dropped
/// them, so the store looks for them only when there are some.
@usableFromInline
final class CancellationLedger: Sendable {
  @usableFromInline let pending = Atomic(0)

  @usableFromInline
  init() {}

  /// Whether some subscriptions were cancelled since the last ``takePending()``; a plain read.
  @inlinable
  var hasPending: Bool {
    pending.load(ordering: .relaxed) != 0
  }

  /// Whether some subscriptions were cancelled since the last call; resets the count.
  @inlinable
  func takePending() -> Bool {
    hasPending && pending.exchange(0, ordering: .relaxed) != 0
  }
}
