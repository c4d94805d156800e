/// Whether one observer is still wanted; shared by the observer list and the observer's token.
///
/// A token may be released on any thread while the list is main-actor bound, so the flag sits
/// behind a lock and the list drops cancelled observers the next time it is used.
final class OutputSubscription: Sendable {
  private let cancelled = LockIsolated(false)

  var isCancelled: Bool {
    cancelled.current
  }

  func cancel() {
    cancelled.withLock { $0 = true }
  }
}
