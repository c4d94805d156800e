#if canImport(XCTest)
  import UniflowTesting
  import XCTest

  /// Under XCTest, failures of the test store and the test clock go to XCTest with the file and
  /// line of the call.
  final class XCTestReportingTests: FailureCapturingTestCase {
    @MainActor
    func testAWrongStateIsReportedAtTheSend() async {
      let store = TestStore(initialState: Counter.State(), reducer: Counter())
      var line = 0
      let failures = await capturingFailures {
        line = #line + 1
        await store.send(.increment) { $0.count = 2 }
      }

      XCTAssertEqual(failures.count, 1)
      XCTAssertEqual(failures.first?.line, line)
      XCTAssertTrue(failures.first?.file.hasSuffix("XCTestReportingTests.swift") == true)
      XCTAssertTrue(
        failures.first?.message.contains(
          """
          State changed differently than expected:
            count: expected 2, actual 1
          State changes the test did not describe:
            isEven: expected true, actual false
          """) == true, failures.first?.message ?? "no failure")
    }

    @MainActor
    func testAnEffectStillRunningIsReportedWhenTheStoreIsReleased() async {
      let clock = TestClock()
      var line = 0
      let failures = await capturingFailures {
        let store = TestStore(initialState: Ticker.State(), reducer: Ticker(clock: clock))
        line = #line + 1
        await store.send(.startUncancellable)
      }
      XCTAssertEqual(failures.count, 1)
      XCTAssertEqual(failures.first?.line, line)
      XCTAssertTrue(
        failures.first?.message.contains("An effect started by .startUncancellable is still running") == true,
        failures.first?.message ?? "no failure")
    }

    @MainActor
    func testAMissingReceiveIsReported() async {
      let failures = await capturingFailures {
        let store = TestStore(initialState: Counter.State(), reducer: Counter())
        await store.send(.incrementTwice)
      }
      XCTAssertEqual(failures.count, 1)
      XCTAssertTrue(
        failures.first?.message.contains("The store received 3 actions that the test did not receive")
          == true,
        failures.first?.message ?? "no failure")
    }

    @MainActor
    func testTheClockReportsSleepersLeft() async {
      let clock = TestClock()
      let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
      await clock.waitForSleepers()
      var line = 0
      let failures = await capturingFailures {
        line = #line + 1
        clock.checkNoSleepers()
      }
      XCTAssertEqual(failures.count, 1)
      XCTAssertEqual(failures.first?.line, line)
      XCTAssertTrue(
        failures.first?.message.contains("1 task is still sleeping on the test clock") == true,
        failures.first?.message ?? "no failure")
      sleeper.cancel()
      let result = await sleeper.result
      XCTAssertThrowsError(try result.get())
    }

    @MainActor
    func testAPassingTestRecordsNothing() async {
      let failures = await capturingFailures {
        let store = TestStore(initialState: Counter.State(), reducer: Counter())
        await store.send(.increment) {
          $0.count = 1
          $0.isEven = false
        }
      }
      XCTAssertTrue(failures.isEmpty)
    }
  }
#endif
