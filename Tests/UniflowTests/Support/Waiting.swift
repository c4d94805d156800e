import Uniflow

/// Lets the tasks that are ready run, so that effects reach their next suspension point.
@MainActor
func settle(_ rounds: Int = 20) async {
  for _ in 0..<rounds { await Task.yield() }
}

/// Waits, yielding to other tasks, until `condition` holds or many rounds passed.
@MainActor
func eventually(_ rounds: Int = 10_000, _ condition: () -> Bool) async -> Bool {
  for _ in 0..<rounds {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}

/// A counter that any task may increment.
final class SharedCounter: Sendable {
  private let storage = LockIsolated(0)
  var value: Int { storage.withLock { $0 } }
  func increment() { storage.withLock { $0 += 1 } }
}
