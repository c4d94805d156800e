extension PropertyRunner {
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
  /// finish nor sleep within ``EffectLimits/timeout``.
  func settle(_ task: StoreTask, clock: TestClock, monitor: EffectMonitor) async -> Settlement {
    var settlement = Settlement()
    guard !task.isFinished else { return settlement }
    var step = Duration.milliseconds(100)
    while !task.isFinished {
      if clock.sleeperCount > 0 {
        let remaining = effectLimits.maximumTime - settlement.clockAdvance
        guard remaining > .zero else {
          settlement.unfinished =
            "They still sleep on the test clock after \(settlement.clockAdvance) of its time: is a "
            + "timer repeating forever? Cancel it in the action that starts it, or leave that "
            + "action out of the generator."
          return settlement
        }
        let advance = min(step, remaining)
        await clock.advance(by: advance)
        settlement.clockAdvance += advance
        step *= 2
        continue
      }
      guard await monitor.waitForProgress(of: task) else {
        settlement.unfinished =
          "They neither finished nor slept on the test clock within \(effectLimits.timeout): "
          + "do they wait for a stream that never ends?"
        return settlement
      }
    }
    return settlement
  }
}
