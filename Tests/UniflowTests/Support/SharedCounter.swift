import Uniflow

/// A counter that any task may increment.
final class SharedCounter: Sendable {
  private let storage = LockIsolated(0)
  var value: Int { storage.withLock { $0 } }
  func increment() { storage.withLock { $0 += 1 } }
}
