import Foundation
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
/// The callback never runs after the token was cancelled or released. The store drops the
/// callback, and what it captured, at once; if the token ends while observers are being called,
/// once they have been; if it ends off the main actor, on the main actor's next turn.
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
  /// Drops the subscriber from its registry when the subscription ends; `nil` for a
  /// subscription kept elsewhere, which drops its cancelled subscribers itself.
  @usableFromInline let release: SubscriberRelease?

  @usableFromInline
  init(ledger: CancellationLedger, release: SubscriberRelease? = nil) {
    self.ledger = ledger
    self.release = release
  }

  @inlinable
  var isCancelled: Bool {
    cancelled.load(ordering: .relaxed)
  }

  func cancel() {
    if !cancelled.exchange(true, ordering: .relaxed) {
      ledger.pending.add(1, ordering: .relaxed)
      release?.subscriptionEnded()
    }
  }
}

/// Drops a cancelled subscriber from its list in a registry, and with it its callback and what
/// the callback captured, as soon as the registry allows: at once on the main actor, unless the
/// registry is calling its observers (it then drops the cancelled ones once it has); from
/// another thread, on the main actor's next turn.
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

  /// Called once, when the subscription ends, on whatever thread that happened.
  nonisolated func subscriptionEnded() {
    if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
      // Runs here and now on the main actor; from elsewhere, on the main actor's next turn.
      Task.immediate { @MainActor in self.releaseNow() }
    } else if Thread.isMainThread {
      // Before Swift 6.2, on Apple platforms, where the main actor runs on the main thread.
      MainActor.assumeIsolated { releaseNow() }
    } else {
      Task { @MainActor in self.releaseNow() }
    }
  }

  private func releaseNow() {
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
