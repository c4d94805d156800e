#if canImport(XCTest)
  import UniflowTesting
  import XCTest

  /// Under XCTest, a property check reports its shrunk failure to XCTest, at the line of the
  /// check.
  ///
  /// Failures recorded inside ``capturingFailures(_:)`` are collected instead of failing the
  /// test, then checked; every other failure fails the test as usual.
  final class PropertyCheckXCTests: XCTestCase {
    private struct Failure: Sendable {
      var message: String
      var file: String
      var line: Int
    }

    private let captured = LockIsolated<[Failure]?>(nil)

    #if canImport(Darwin)
      override func record(_ issue: XCTIssue) {
        let location = issue.sourceCodeContext.location
        let failure = Failure(
          message: issue.compactDescription, file: location?.fileURL.path ?? "",
          line: location?.lineNumber ?? 0)
        guard capture(failure) else { return super.record(issue) }
      }
    #else
      override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
        expected: Bool
      ) {
        let failure = Failure(message: description, file: filePath, line: lineNumber)
        guard capture(failure) else {
          return super.recordFailure(
            withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
      }
    #endif

    private func capture(_ failure: Failure) -> Bool {
      captured.withLock { captured in
        guard captured != nil else { return false }
        captured?.append(failure)
        return true
      }
    }

    @MainActor
    private func capturingFailures(_ body: () async -> Void) async -> [Failure] {
      captured.withLock { $0 = [] }
      await body()
      return captured.withLock { captured in
        defer { captured = nil }
        return captured ?? []
      }
    }

    @MainActor
    func testTheShrunkFailureIsReportedAtTheCheck() async {
      var line = 0
      let failures = await capturingFailures {
        line = #line + 1
        await checkProperties(
          of: { _ in Inventory() }, initialState: Inventory.State(), actions: Inventory.actions,
          properties: [Inventory.countMatchesItems], sequences: 100, length: 50, seed: 1)
      }

      XCTAssertEqual(failures.count, 1)
      XCTAssertEqual(failures.first?.line, line)
      XCTAssertTrue(failures.first?.file.hasSuffix("PropertyCheckXCTests.swift") == true)
      XCTAssertTrue(
        failures.first?.message.contains(
          """
          Property “the count matches the items” failed (seed 1; shrunk from 12 to 3 actions):
            1. .add("a")
            2. .add("a")
            3. .remove("a")
          """) == true, failures.first?.message ?? "no failure")
    }

    @MainActor
    func testAPassingCheckRecordsNothing() async {
      let failures = await capturingFailures {
        await checkProperties(
          of: { _ in Inventory() }, initialState: Inventory.State(),
          actions: { _ in Generator.string(of: "ab", length: 1...1).map(Inventory.Action.add) },
          properties: [Inventory.countMatchesItems], sequences: 20, length: 20)
      }
      XCTAssertEqual(failures.count, 0)
    }
  }
#endif
