/// Keeps an observer of an ``OutputValue`` or an ``OutputEvent`` registered; calling
/// ``cancel()`` removes it.
///
/// ```swift
/// var tokens: Set<OutputToken> = []
/// viewModel.output.title.observe { titleLabel.text = $0 }.store(in: &tokens)
/// ```
///
/// A token returned by `observe(_:)` also removes its observer when it is released. A token
/// returned by `observe(owner:_:)` does not: that observer lives as long as its owner, and the
/// token only lets it be removed earlier.
public final class OutputToken: Sendable, Hashable {
  let subscription: OutputSubscription
  private let cancelsOnRelease: Bool

  init(subscription: OutputSubscription, cancelsOnRelease: Bool) {
    self.subscription = subscription
    self.cancelsOnRelease = cancelsOnRelease
  }

  deinit {
    if cancelsOnRelease { subscription.cancel() }
  }

  /// Removes the observer: it is not called again, not even by an emission in progress.
  public func cancel() {
    subscription.cancel()
  }

  /// Whether the observer was removed, by ``cancel()``, by releasing the token, or because its
  /// owner was released.
  public var isCancelled: Bool {
    subscription.isCancelled
  }

  /// Stores the token in a collection, to keep the observer as long as the collection.
  ///
  /// - Parameter collection: The collection that keeps the token.
  public func store(in collection: inout some RangeReplaceableCollection<OutputToken>) {
    collection.append(self)
  }

  /// Stores the token in a set, to keep the observer as long as the set.
  ///
  /// - Parameter set: The set that keeps the token.
  public func store(in set: inout Set<OutputToken>) {
    set.insert(self)
  }

  /// Tokens are equal when they are the same token.
  public static func == (lhs: OutputToken, rhs: OutputToken) -> Bool {
    lhs === rhs
  }

  /// Hashes the token's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
