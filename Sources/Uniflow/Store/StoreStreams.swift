/// The streams a store made with `values(of:)`: finished, and their subscriptions ended, when
/// the store is released.
///
/// A scoped store's observers hang off its root, so its streams would otherwise go on until
/// the root is released.
@usableFromInline
final class StoreStreams: Sendable {
  private let finishers = LockIsolated<[@Sendable () -> Void]>([])

  @usableFromInline
  init() {}

  /// Records how to finish one stream.
  @usableFromInline
  func add(_ finish: @escaping @Sendable () -> Void) {
    finishers.withLock { $0.append(finish) }
  }

  /// Finishes every stream; callable from a store's `deinit`.
  func finishAll() {
    let finishers = self.finishers.withLock { finishers in
      defer { finishers = [] }
      return finishers
    }
    for finish in finishers { finish() }
  }
}
