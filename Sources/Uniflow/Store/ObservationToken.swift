import Synchronization

/// Keeps a subscription made with `observe(_:onChange:)` alive; releasing it, or
/// calling ``cancel(isolation:)``, ends the subscription.
///
/// It is the one token of the library: a store's observations and a view model's outputs
/// (UniflowMVVM's `OutputValue` and `OutputEvent`) return it alike.
///
/// ```swift
/// var tokens: [ObservationToken] = []
/// tokens.append(store.observe(\.count) { count in label.text = "\(count)" })
/// ```
///
/// The callback never runs after the token was cancelled or released. The store drops the
/// callback, and what it captured, at once, in the call that ends the token, when that happens
/// on the main actor; if the token ends while observers are being called, once they have been;
/// if it ends off the main actor, on the main actor's next turn.
public final class ObservationToken: Sendable, Hashable {
  let flag: SubscriptionFlag
  /// Drops the subscriber from its registry when the token ends; `nil` for a subscription
  /// whose owner drops its cancelled subscribers itself.
  let release: SubscriberRelease?

  init(flag: SubscriptionFlag, release: SubscriberRelease? = nil) {
    self.flag = flag
    self.release = release
  }

  // The flag is set first; then `release`, let go of with the token, drops the subscriber in
  // its isolated `deinit`: at once on the main actor, on its next turn from elsewhere.
  deinit {
    flag.cancel()
  }

  /// Ends the subscription.
  ///
  /// Called on the main actor, it drops the callback before it returns; elsewhere, on the main
  /// actor's next turn.
  ///
  /// - Parameter isolation: The caller's actor, which the compiler passes: it tells whether
  ///   the callback can be dropped at once.
  public func cancel(isolation: isolated (any Actor)? = #isolation) {
    flag.cancel()
    guard let release else { return }
    if let isolation, isolation === MainActor.shared {
      // The caller's isolation is the main actor's: the check passes, and costs no task.
      MainActor.assumeIsolated { release.releaseNow() }
    } else {
      Task { @MainActor in release.releaseNow() }
    }
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
