extension SequenceRun {
  /// How the effects of one action ended.
  struct Settlement {
    /// How far the test clock moved for them.
    var clockAdvance: Duration = .zero
    /// Why they did not finish; `nil` when they did.
    var unfinished: String?
  }

  /// Runs the effects of a send to their end: lets ready effects run, moves the test clock
  /// while they sleep on it, and waits (bounded) while they wait for something else.
  ///
  /// The clock moves in growing steps (100 ms, then twice as far each time), which wakes every
  /// sleeper in order, so the effects see the same wake-ups as with `TestClock.run()`; time ends
  /// up at most twice as far as the effects needed. Effects still sleeping after
  /// ``EffectLimits/maximumTime`` of clock time are reported, as are effects that neither
  /// finish nor sleep within ``EffectLimits/timeout`` (while shrinking, at once when nothing in
  /// the check can wake them).
  func settle(_ task: StoreTask) async -> Settlement {
    var settlement = Settlement()
    var step = Duration.milliseconds(100)
    var mainActorRounds = 0
    while true {
      let isBusy = executor.runReadyWork()
      if task.isFinished { break }
      if clock.sleeperCount > 0 {
        let remaining = runner.effectLimits.maximumTime - settlement.clockAdvance
        guard remaining > .zero else {
          settlement.unfinished =
            "They still sleep on the test clock after \(settlement.clockAdvance) of its time: is a "
            + "timer repeating forever? Cancel it in the action that starts it, or leave that "
            + "action out of the generator."
          return settlement
        }
        let advance = min(step, remaining)
        await moveClock(by: advance)
        settlement.clockAdvance += advance
        step *= 2
        continue
      }
      // While a failure of effects that never end is shrunk, effects that nothing in the
      // check can wake fail at once: the failing run waited the whole timeout for them.
      if judgesWaitingEffectsAtOnce, !executor.hasWorkFromOtherThreads {
        switch await stillness(of: [task], isBusy: isBusy, mainActorRounds: &mainActorRounds) {
        case .waiting:
          settlement.unfinished = stalledEffects
          return settlement
        case .woken: continue
        case .undecided: break
        }
      }
      guard await executor.whileAwaiting({ await monitor.waitForProgress(of: task) }) else {
        settlement.unfinished = stalledEffects
        return settlement
      }
    }
    return settlement
  }

  /// Why effects did not finish: they stopped making progress, off the test clock.
  private var stalledEffects: String {
    "They neither finished nor slept on the test clock within \(runner.effectLimits.timeout): do they "
      + "wait for a stream that never ends?"
  }

  /// Where the effects still running between two actions stand once none of them can go on.
  enum Lull: Equatable {
    /// None can go on before the next action: each has ended, or waits for something the
    /// check does not do (a stream that a later action feeds, work on another thread). The
    /// state is what the actions so far come to.
    case caughtUp
    /// Some effect sleeps on the test clock: more is on its way.
    case sleeping
    /// Effects neither ended nor slept within the timeout, while the check could not tell what
    /// they wait for (effects not run in order) or they kept making work; the reason.
    case stalled(String)

    /// Why the effects stalled; `nil` when they did not.
    var stalledReason: String? {
      guard case .stalled(let reason) = self else { return nil }
      return reason
    }
  }

  /// Lets effects run on between two actions: runs them until none can go on before the clock
  /// moves, moves the clock by `pause` (running the work it wakes), and runs them again until
  /// none can go on. Drops the sends whose effects have all ended from `running`.
  func letTimePass(_ pause: Duration) async -> Lull {
    var lull = await runUntilIdle()
    if pause > .zero, lull.stalledReason == nil {
      await moveClock(by: pause)
      lull = await runUntilIdle()
    }
    running.removeAll { $0.isFinished }
    return lull
  }

  /// Runs effects until none of those of the sends in `running` can go on before the clock
  /// moves or another action comes.
  ///
  /// When effects run in order, the check sees their ready work: once there is none, it lets
  /// the main actor run what waits there (an effect's main-actor code), and if that makes no
  /// work ready either, the effects wait for something the check does not do. Otherwise, and
  /// for effects that keep making work, it waits (bounded) for them to end or sleep.
  private func runUntilIdle() async -> Lull {
    var mainActorRounds = 0
    while true {
      let isBusy = executor.runReadyWork()
      if clock.sleeperCount > 0 { return .sleeping }
      guard let pending = running.first(where: { !$0.isFinished }) else { return .caughtUp }
      switch await stillness(of: running, isBusy: isBusy, mainActorRounds: &mainActorRounds) {
      case .waiting: return .caughtUp
      case .woken: continue
      case .undecided: break
      }
      guard await executor.whileAwaiting({ await monitor.waitForProgress(of: pending) }) else {
        return .stalled(stalledEffects)
      }
      mainActorRounds = 0
    }
  }

  /// What the check can tell of effects with no ready work that nothing sleeps for.
  private enum Stillness {
    /// They wait for something nothing in the check does.
    case waiting
    /// Main-actor work made some go on.
    case woken
    /// The check cannot tell: the effects are not run in order, or they keep making work for
    /// each other (a run of ready work ended at its budget, or main-actor work woke them
    /// `maximumMainActorRounds` times in a row). They are waited for, bounded.
    case undecided
  }

  /// How many times in a row the check lets main-actor work wake the effects before it takes
  /// them for effects that never stop.
  private var maximumMainActorRounds: Int { 1_000 }

  /// Tells whether the effects of `tasks`, none of which sleeps, wait for something nothing in
  /// the check does: lets the work waiting on the main actor run (two yields, so that
  /// main-actor code that hops once more runs too), then looks for ready work, ended sends or
  /// sleepers.
  ///
  /// - Parameters:
  ///   - isBusy: Whether the last run of ready work ended at its budget.
  ///   - mainActorRounds: The rounds in a row so far; counted up.
  private func stillness(
    of tasks: [StoreTask], isBusy: Bool, mainActorRounds: inout Int
  ) async -> Stillness {
    guard runner.runsEffectsInOrder, !isBusy, mainActorRounds < maximumMainActorRounds else {
      return .undecided
    }
    mainActorRounds += 1
    let unfinished = tasks.count { !$0.isFinished }
    for _ in 0..<2 {
      await Task.yield()
      if executor.hasReadyWork || clock.sleeperCount > 0
        || tasks.count(where: { !$0.isFinished }) < unfinished
      {
        return .woken
      }
    }
    return .waiting
  }

  /// Moves the clock forward by `duration`, waking the tasks whose deadlines come in order: in
  /// place when effects run in order on `executor`, otherwise with `TestClock.advance(by:)`,
  /// which yields to them.
  private func moveClock(by duration: Duration) async {
    if runner.runsEffectsInOrder {
      await advanceClockInPlace(by: duration)
    } else {
      await clock.advance(by: duration)
    }
  }

  /// Moves the clock forward by `duration` as `TestClock.advance(by:)` does, deadline by
  /// deadline, but runs the work of the tasks it wakes in place instead of yielding to them
  /// and waiting: those tasks run on `executor`. Only a woken task that does not (a main-actor
  /// task) makes it wait.
  private func advanceClockInPlace(by duration: Duration) async {
    let target = clock.now.advanced(by: duration)
    while clock.resumeNextDue(notAfter: target) {
      executor.runReadyWork()
      guard !clock.haveResumedTasksRun else { continue }
      await executor.whileAwaiting { await clock.waitForResumedTasks() }
      executor.runReadyWork()
    }
    clock.move(to: target)
  }
}
