/// The streams a store made with `values(of:)` that are still open: finished, and their
/// subscriptions ended, when the store is released.
///
/// A scoped store's observers hang off its root, so its streams would otherwise go on until
/// the root is released. A stream whose consumer stops forgets its entry here at once, so a
/// long-lived store that makes and abandons many streams keeps none of them.
final class StoreStreams: Sendable {
  private let finishers = LockIsolated<(nextID: Int, byID: [Int: @Sendable () -> Void])>((0, [:]))

  init() {}

  /// Records how to finish one stream; returns the id that ``remove(_:)`` takes.
  func add(_ finish: @escaping @Sendable () -> Void) -> Int {
    finishers.withLock { finishers in
      let id = finishers.nextID
      finishers.nextID += 1
      finishers.byID[id] = finish
      return id
    }
  }

  /// Forgets the stream `id`, which has ended.
  func remove(_ id: Int) {
    finishers.withLock { _ = $0.byID.removeValue(forKey: id) }
  }

  /// The number of streams still open.
  var openCount: Int {
    finishers.withLock { $0.byID.count }
  }

  /// Finishes every stream; callable from a store's `deinit`.
  func finishAll() {
    let finishers = self.finishers.withLock { finishers in
      defer { finishers.byID = [:] }
      return finishers.byID.values
    }
    for finish in finishers { finish() }
  }
}
