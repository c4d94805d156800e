import UniflowTesting

/// Runs `body` and returns the messages of the test failures it reported, without recording
/// them: a test proving that a failure is reported passes without printing it.
@MainActor
func capturingFailures(_ body: () -> Void) -> [String] {
  let failures = LockIsolated<[CapturedFailure]>([])
  FailureCapture.$failures.withValue(failures) { body() }
  return failures.current.map(\.message)
}
