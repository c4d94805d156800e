import Uniflow

/// A clock whose time stands still: a sleep on it ends only when its task is cancelled.
///
/// The effects suite puts thousands of effects to sleep on it, waits with
/// ``waitForSleepers(_:)`` until every one of them is asleep, and cancels them; no real time
/// passes and no sleep ends on its own.
final class PausedClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    func duration(to other: Self) -> Duration { other.offset - offset }
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private struct State {
    var nextID = 0
    var sleepers: [Int: CheckedContinuation<Void, any Error>] = [:]
    /// Sleeps whose cancellation arrived before they were registered.
    var cancelledEarly: Set<Int> = []
    /// Who waits for how many sleepers.
    var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Removes and returns the waiters whose count of sleepers has been reached.
    mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
      let satisfied = waiters.filter { $0.count <= sleepers.count }.map(\.continuation)
      waiters.removeAll { $0.count <= sleepers.count }
      return satisfied
    }
  }

  private let state = LockIsolated(State())

  var now: Instant { Instant(offset: .zero) }
  var minimumResolution: Duration { .zero }

  /// Sleeps until the task is cancelled; a deadline that has passed returns at once.
  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    guard now < deadline else { return }
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // The waiters to wake, or `nil` when the sleep was cancelled before it began.
        let satisfied: [CheckedContinuation<Void, Never>]? = state.withLock { state in
          if state.cancelledEarly.remove(id) != nil { return nil }
          state.sleepers[id] = continuation
          return state.takeSatisfiedWaiters()
        }
        guard let satisfied else { return continuation.resume(throwing: CancellationError()) }
        for waiter in satisfied { waiter.resume() }
      }
    } onCancel: {
      let sleeper: CheckedContinuation<Void, any Error>? = state.withLock { state in
        guard let sleeper = state.sleepers.removeValue(forKey: id) else {
          state.cancelledEarly.insert(id)
          return nil
        }
        return sleeper
      }
      sleeper?.resume(throwing: CancellationError())
    }
  }

  /// Returns once at least `count` tasks are asleep on the clock.
  ///
  /// - Parameter count: The number of sleepers to wait for.
  func waitForSleepers(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let isSatisfied = state.withLock { state in
        guard state.sleepers.count < count else { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if isSatisfied { continuation.resume() }
    }
  }
}
