import Testing
import UniflowTesting

/// Runs a property check that must fail, and returns its failure; the failure it reports is
/// captured, not recorded, and `matching`, when given, must accept it.
@MainActor
@discardableResult
func knownPropertyFailure(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ check: () async -> PropertyCheckFailure?,
  matching: @escaping @Sendable (_ description: String) -> Bool = { _ in true }
) async -> PropertyCheckFailure? {
  var failure: PropertyCheckFailure?
  let reported = await capturingFailures {
    failure = await check()
  }
  #expect(!reported.isEmpty, "the property check reported no failure", sourceLocation: sourceLocation)
  for report in reported {
    #expect(matching(report.message), "unexpected failure: \(report.message)", sourceLocation: sourceLocation)
  }
  return failure
}
