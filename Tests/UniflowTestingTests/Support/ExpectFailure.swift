import Testing
import UniflowTesting

/// Runs `body`, which must report exactly `count` failures whose message contains every one
/// of `fragments` (at the line `line` marked, when given); any other failure it reports fails
/// the test.
///
/// The failures are captured, not recorded as known issues: a passing run prints none of them.
@MainActor
func expectFailure(
  _ fragments: String...,
  at line: NextLine? = nil,
  count: Int = 1,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async -> Void
) async {
  let failures = await capturingFailures(body)
  let matching = failures.filter { failure in
    fragments.allSatisfy(failure.message.contains) && (line == nil || failure.line == line?.value)
  }
  #expect(matching.count == count, "matching failures", sourceLocation: sourceLocation)
  let others = failures.filter { !matching.contains($0) }
  #expect(others.isEmpty, "unexpected failures: \(others.map(\.message))", sourceLocation: sourceLocation)
}

/// Runs `body` and returns the failures the testing library reported in it, in order, without
/// recording them.
@MainActor
func capturingFailures(_ body: () async -> Void) async -> [CapturedFailure] {
  let failures = LockIsolated<[CapturedFailure]>([])
  await FailureCapture.$failures.withValue(failures) { await body() }
  return failures.current
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
