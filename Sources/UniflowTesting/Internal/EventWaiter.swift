/// Lets tasks wait for the events of a test store (an action received, a send's effects
/// ending) without polling, bounded by a timeout on a clock.
@MainActor
final class EventWaiter {
  private let clock: any Clock<Duration>
  private var waiters: [CheckedContinuation<Void, Never>] = []

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  /// Wakes every waiting task, to check its condition again.
  func signal() {
    let waiters = self.waiters
    self.waiters = []
    for waiter in waiters { waiter.resume() }
  }

  /// Suspends until `condition` holds, checking it again after each ``signal()``.
  ///
  /// - Returns: Whether `condition` holds; `false` when `timeout` passed on the clock first, or
  ///   the waiting task was cancelled.
  func wait(timeout: Duration, until condition: () -> Bool) async -> Bool {
    if condition() { return true }
    let expiry = Expiry()
    let clock = self.clock
    let timer = Task { [weak self] in
      do {
        try await clock.sleep(for: timeout)
      } catch {
        return
      }
      expiry.hasPassed = true
      self?.signal()
    }
    defer { timer.cancel() }
    while !condition() {
      if expiry.hasPassed || Task.isCancelled { return false }
      await withTaskCancellationHandler {
        await withCheckedContinuation { waiters.append($0) }
      } onCancel: {
        Task { @MainActor [weak self] in self?.signal() }
      }
    }
    return true
  }
}

/// Whether a wait's timeout has passed.
@MainActor
private final class Expiry {
  var hasPassed = false
}
