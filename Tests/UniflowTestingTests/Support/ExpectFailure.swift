import Testing
import UniflowTesting

/// Runs `body`, which must record exactly `count` failures whose description contains every one
/// of `fragments` (at the line `line` marked, when given); any other failure it records fails the
/// test.
@MainActor
func expectFailure(
  _ fragments: String...,
  at line: NextLine? = nil,
  count: Int = 1,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async -> Void
) async {
  let matches = LockIsolated(0)
  await withKnownIssue(sourceLocation: sourceLocation) {
    await body()
  } matching: { issue in
    let description = issue.description
    guard fragments.allSatisfy(description.contains),
      line == nil || issue.sourceLocation?.line == line?.value
    else { return false }
    matches.withLock { $0 += 1 }
    return true
  }
  #expect(matches.withLock { $0 } == count, "matching failures", sourceLocation: sourceLocation)
}

/// The line of the statement that follows a call to ``mark(line:)``: where a test expects a
/// failure to be reported.
final class NextLine: Sendable {
  private let line = LockIsolated(0)

  var value: Int {
    line.withLock { $0 }
  }

  func mark(line: Int = #line) {
    self.line.withLock { $0 = line + 1 }
  }
}
