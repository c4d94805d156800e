#if canImport(XCTest)
  import UniflowTesting
  import XCTest

  /// Under XCTest, a property check reports its shrunk failure to XCTest, at the line of the
  /// check.
  final class PropertyCheckXCTests: FailureCapturingTestCase {
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
