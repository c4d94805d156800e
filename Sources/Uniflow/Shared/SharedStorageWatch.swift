/// Keeps a storage's reports of outside changes coming; cancelling or releasing it stops them.
///
/// A custom ``SharedStorage`` returns one from ``SharedStorage/watch(_:)``, giving the work
/// that stops its watching (closing a file descriptor, ending a thread).
public final class SharedStorageWatch: Sendable {
  private let stop: LockIsolated<(@Sendable () -> Void)?>

  /// Creates a watch that calls `stop` once, when cancelled or released.
  ///
  /// - Parameter stop: Stops the reports.
  public init(stop: @escaping @Sendable () -> Void) {
    self.stop = LockIsolated(stop)
  }

  deinit {
    cancel()
  }

  /// Stops the reports; calling it again does nothing.
  public func cancel() {
    let stop = self.stop.withLock { stop in
      defer { stop = nil }
      return stop
    }
    stop?()
  }
}
