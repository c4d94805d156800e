import Testing
import UniflowTesting

@MainActor
@Suite struct TestClockTests {
  @Test func aSleeperWakesWhenTheClockReachesItsDeadline() async throws {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(999))
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .milliseconds(1))
    try await sleeper.value
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == TestClock.Instant(offset: .seconds(1)))
  }

  @Test func advancingWakesOnlyTheSleepersThatAreDue() async throws {
    let clock = TestClock()
    let sleepers = [3, 1, 2].map { seconds in
      Task { try await clock.sleep(until: TestClock.Instant(offset: .seconds(seconds))) }
    }
    await clock.waitForSleepers(3)
    await clock.advance(by: .milliseconds(1_500))
    try await sleepers[1].value
    #expect(clock.sleeperCount == 2)
    await clock.advance(to: TestClock.Instant(offset: .seconds(3)))
    for sleeper in sleepers { try await sleeper.value }
    #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
  }

  @Test func aTimerThatSleepsAgainIsWokenOncePerPeriod() async throws {
    let clock = TestClock()
    let ticks = LockIsolated(0)
    let timer = Task {
      for _ in 0..<5 {
        try await clock.sleep(for: .seconds(1))
        ticks.withLock { $0 += 1 }
      }
    }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(3))
    #expect(ticks.withLock { $0 } == 3)
    #expect(clock.sleeperCount == 1)
    timer.cancel()
    await #expect(throws: CancellationError.self) { try await timer.value }
  }

  @Test func aDeadlineThatHasPassedReturnsAtOnce() async throws {
    let clock = TestClock(now: TestClock.Instant(offset: .seconds(10)))
    try await clock.sleep(until: TestClock.Instant(offset: .seconds(5)))
    try await clock.sleep(for: .zero)
    #expect(clock.sleeperCount == 0)
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func cancellingASleeperWakesItWithCancellationError() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers()
    sleeper.cancel()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
    #expect(clock.now.offset == .zero)
  }

  @Test func aTaskCancelledBeforeItSleepsDoesNotSleep() async {
    let clock = TestClock()
    let gate = Gate()
    let sleeper = Task {
      await gate.wait()
      try await clock.sleep(for: .seconds(1))
    }
    sleeper.cancel()
    gate.open()
    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func runAdvancesUntilNoSleeperIsLeft() async throws {
    let clock = TestClock()
    let sleepers = [10, 1, 5].map { seconds in Task { try await clock.sleep(for: .seconds(seconds)) } }
    await clock.waitForSleepers(3)
    await clock.run()
    for sleeper in sleepers { try await sleeper.value }
    #expect(clock.now.offset == .seconds(10))
    clock.checkNoSleepers()
  }

  @Test func runGivesUpAfterItsLimitAndFails() async {
    let clock = TestClock()
    let sleepers = (1...10).map { seconds in Task { try await clock.sleep(for: .seconds(seconds)) } }
    await clock.waitForSleepers(10)
    let line = NextLine()
    await expectFailure("TestClock.run() advanced to 5 deadlines and 5 tasks are still sleeping", at: line) {
      line.mark()
      await clock.run(maximumWakeUps: 5)
    }
    #expect(clock.now.offset == .seconds(5))
    for sleeper in sleepers { sleeper.cancel() }
    #expect(clock.sleeperCount == 0)
  }

  @Test func movingBackwardsFailsAndKeepsTheTime() async {
    let clock = TestClock()
    await clock.advance(by: .seconds(2))
    await expectFailure("TestClock cannot move backwards: advance(by: -1.0 seconds) was called") {
      await clock.advance(by: .seconds(-1))
    }
    await expectFailure(
      "TestClock cannot move backwards: advance(to: +1.0 seconds) was called at +2.0 seconds"
    ) {
      await clock.advance(to: TestClock.Instant(offset: .seconds(1)))
    }
    #expect(clock.now.offset == .seconds(2))
  }

  @Test func checkNoSleepersFailsWhileTasksSleep() async {
    let clock = TestClock()
    let sleepers = [2, 1].map { seconds in Task { try await clock.sleep(for: .seconds(seconds)) } }
    await clock.waitForSleepers(2)
    let line = NextLine()
    await expectFailure(
      "2 tasks are still sleeping on the test clock (now +0.0 seconds; deadlines +1.0 seconds, "
        + "+2.0 seconds)", at: line
    ) {
      line.mark()
      clock.checkNoSleepers()
    }
    for sleeper in sleepers { sleeper.cancel() }
    clock.checkNoSleepers()
  }

  @Test func theClockWorksWhereAnyClockIsExpected() async throws {
    func pause(on clock: some Clock<Duration>) async throws {
      try await clock.sleep(for: .seconds(1))
    }
    let clock = TestClock()
    let sleeper = Task { try await pause(on: clock) }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    try await sleeper.value
  }
}
