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
  @usableFromInline
  let flag: SubscriptionFlag
  /// Drops the subscriber from its registry when the token ends; `nil` for a subscription
  /// whose owner drops its cancelled subscribers itself.
  @usableFromInline
  let release: SubscriberRelease?

  @usableFromInline
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

  /// A token for `subscriber` in `list`, a list of a registry: ending it drops the subscriber
  /// (and its callback) from the list.
  @MainActor
  @inlinable
  convenience init<Value>(
    flag: SubscriptionFlag, dropping subscriber: Subscriber<Value>, from list: SubscriberList<Value>
  ) {
    let release = SubscriberRelease(ledger: flag.ledger)
    release.follow(subscriber, in: list)
    self.init(flag: flag, release: release)
  }
}

/// Whether one subscription is still wanted; shared by the subscription and its token.
@usableFromInline
final class SubscriptionFlag: Sendable {
  @usableFromInline let cancelled = Atomic(false)
  /// Counts the cancellation for the registry or list that holds the subscriber.
  @usableFromInline let ledger: CancellationLedger

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

/// Drops a cancelled subscriber from its list in a registry, and with it its callback and what
/// the callback captured, as soon as the registry allows: in its isolated `deinit`, when its
/// token lets go of it (at once on the main actor, where the runtime runs such a `deinit` in
/// the release itself; from another thread, on the main actor's next turn), or earlier when
/// the token is cancelled. While the registry calls its observers, it drops the cancelled ones
/// once it has instead.
@usableFromInline
@MainActor
final class SubscriberRelease {
  private let ledger: CancellationLedger
  /// Removes the subscriber from its list, if both are still alive.
  private var remove: (() -> Void)?

  @usableFromInline
  nonisolated init(ledger: CancellationLedger) {
    self.ledger = ledger
  }

  isolated deinit {
    releaseNow()
  }

  /// Records where the subscriber is: `list`, which keeps it alive. Holds neither, so that a
  /// token does not keep its store's observers alive.
  @inlinable
  func follow<Value>(_ subscriber: Subscriber<Value>, in list: SubscriberList<Value>) {
    set { [weak list, weak subscriber] in
      guard let list, let subscriber else { return }
      _ = list.remove(subscriber)
    }
  }

  @usableFromInline
  func set(_ remove: @escaping () -> Void) {
    self.remove = remove
  }

  /// Drops the subscriber, once.
  func releaseNow() {
    // During a pass, the registry drops the cancelled subscribers once it has ended.
    guard !ledger.isNotifying.load(ordering: .relaxed), let remove else { return }
    self.remove = nil
    remove()
  }
}

/// Counts the subscriptions cancelled (and scoped stores released) since the store last dropped
/// them, so the store looks for them only when there are some, and says whether the store is
/// calling its observers.
@usableFromInline
final class CancellationLedger: Sendable {
  @usableFromInline let pending = Atomic(0)
  /// Whether the registry is calling observers: nothing leaves its lists meanwhile. Read and
  /// written on the main actor only.
  @usableFromInline let isNotifying = Atomic(false)

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
