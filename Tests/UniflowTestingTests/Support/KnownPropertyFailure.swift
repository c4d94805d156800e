import Testing
import UniflowTesting

/// Runs a property check that must fail, and returns its failure; the issue it records is
/// known, and `matching`, when given, must accept it.
@MainActor
@discardableResult
func knownPropertyFailure(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ check: () async -> PropertyCheckFailure?,
  matching: @escaping @Sendable (_ description: String) -> Bool = { _ in true }
) async -> PropertyCheckFailure? {
  var failure: PropertyCheckFailure?
  await withKnownIssue(sourceLocation: sourceLocation) {
    failure = await check()
  } matching: { issue in
    matching(issue.description)
  }
  return failure
}
