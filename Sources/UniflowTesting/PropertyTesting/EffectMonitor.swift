/// Wakes a property check that waits for the effects of an action, when they finish, when they
/// go to sleep on the test clock, or when they do neither for a timeout.
///
/// One monitor serves a whole sequence: it keeps one task watching the clock for sleepers and
/// one timer, rather than starting and cancelling them for every action, which would cost more
/// than the actions themselves.
@MainActor
final class EffectMonitor {
  private let clock: TestClock
  /// The wait in progress.
  private var pending: ProgressWait?
  /// Counts the waits, so the timer can tell a wait that lasted a whole period.
  private var generation = 0
  private var watcher: Task<Void, Never>?
  private var timer: Task<Void, Never>?
  /// Lets the watcher look for sleepers again, once the wait it woke has ended.
  private var rearm: CheckedContinuation<Void, Never>?
  private var isArmed = true

  init(clock: TestClock, timeout: Duration, timeoutClock: any Clock<Duration>) {
    self.clock = clock
    watcher = Task { [weak self, clock] in
      while !Task.isCancelled {
        await clock.waitForSleepers()
        guard let self, !Task.isCancelled else { return }
        await self.sleeperAppeared()
      }
    }
    timer = Task { [weak self] in
      var lastSeen = -1
      while true {
        do {
          try await timeoutClock.sleep(for: timeout)
        } catch {
          return
        }
        guard let self else { return }
        lastSeen = self.expire(ifStillWaitingSince: lastSeen)
      }
    }
  }

  /// Stops the monitor's tasks.
  func stop() {
    watcher?.cancel()
    timer?.cancel()
    rearm?.resume()
    rearm = nil
    resume(false)
  }

  /// Waits until the effects of `task` finish, a task sleeps on the clock, or a timeout passes
  /// without either.
  ///
  /// - Returns: Whether the effects finished or slept; `false` after the timeout.
  func waitForProgress(of task: StoreTask) async -> Bool {
    if task.isFinished || clock.sleeperCount > 0 { return true }
    generation += 1
    if !isArmed {
      isArmed = true
      rearm?.resume()
      rearm = nil
    }
    // The last effect to end wakes the wait from its own task. Waiting for the effects must
    // not cancel them when the wait ends: the store cancels them when it is released.
    let wait = ProgressWait()
    pending = wait
    task.onFinish { wait.resume(true) }
    let hasProgressed = await wait.value()
    pending = nil
    return hasProgressed
  }

  private func resume(_ hasProgressed: Bool) {
    pending?.resume(hasProgressed)
  }

  /// Wakes the wait, then holds the watcher until the next wait, since the sleeper stays until
  /// the clock moves.
  private func sleeperAppeared() async {
    resume(true)
    isArmed = false
    await withCheckedContinuation { rearm = $0 }
  }

  /// Ends the wait if it is the one the timer saw a period ago.
  ///
  /// - Returns: The wait the timer sees now.
  private func expire(ifStillWaitingSince lastSeen: Int) -> Int {
    guard let pending, !pending.isResumed else { return -1 }
    if generation == lastSeen { resume(false) }
    return generation
  }
}

/// One wait of ``EffectMonitor``: ended once, by whichever comes first (the effects finishing,
/// on their task; a sleeper or the timeout, on the main actor).
final class ProgressWait: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Bool, Never>?
    var result: Bool?
  }

  private let state = LockIsolated(State())

  /// Whether the wait has ended.
  var isResumed: Bool { state.withLock { $0.result != nil } }

  /// Ends the wait, unless it has ended already.
  func resume(_ hasProgressed: Bool) {
    let continuation = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      guard state.result == nil else { return nil }
      state.result = hasProgressed
      defer { state.continuation = nil }
      return state.continuation
    }
    continuation?.resume(returning: hasProgressed)
  }

  /// Waits until the wait ends, on the caller's actor.
  ///
  /// - Returns: What ended it.
  func value(isolation: isolated (any Actor)? = #isolation) async -> Bool {
    await withCheckedContinuation { continuation in
      let result = state.withLock { state -> Bool? in
        if state.result == nil { state.continuation = continuation }
        return state.result
      }
      if let result { continuation.resume(returning: result) }
    }
  }
}
