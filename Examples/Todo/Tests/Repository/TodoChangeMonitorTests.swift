import Testing
import TodoCore
import Uniflow
import UniflowTesting

/// The one place that looks for other processes' changes, for every repository.
@MainActor
@Suite struct TodoChangeMonitorTests {
  @Test func everySourceIsAskedAtEachCheckOnTheClock() async {
    let clock = TestClock()
    let todos = ReloadCountingRepository()
    let settings = ReloadCountingRepository()
    let monitor = TodoChangeMonitor(sources: [todos, settings], clock: clock, interval: .seconds(1))
    let watching = Task { await monitor.run { _ in Issue.record("no failure expected") } }
    await clock.waitForSleepers()
    #expect((todos.reloadCount, settings.reloadCount) == (0, 0))

    for expected in 1...3 {
      await clock.advance(by: .seconds(1))
      // The check is over once the monitor sleeps again.
      await clock.waitForSleepers()
      #expect((todos.reloadCount, settings.reloadCount) == (expected, expected))
    }
    watching.cancel()
    await watching.value
    clock.checkNoSleepers()
  }

  @Test func aFailureIsReportedAndTheNextCheckAsksAgain() async {
    let clock = TestClock()
    let failing = FailingRepository(.busy(path: "/db"))
    let counting = ReloadCountingRepository()
    let reported = LockIsolated<[TodoStoreError]>([])
    let monitor = TodoChangeMonitor(sources: [failing, counting], clock: clock)
    let watching = Task { await monitor.run { error in reported.withLock { $0.append(error) } } }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers()
    // The failing source does not keep the others from being asked.
    #expect(reported.withLock { $0 } == [.busy(path: "/db"), .busy(path: "/db")])
    #expect(counting.reloadCount == 2)
    watching.cancel()
    await watching.value
  }
}
