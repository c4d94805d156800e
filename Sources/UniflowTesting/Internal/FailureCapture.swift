import Uniflow

/// A failure the testing library reported while a capture was on, instead of recording it.
package struct CapturedFailure: Sendable, Hashable {
  /// The failure's message.
  package var message: String
  /// The line the failure names.
  package var line: Int
  /// Whether it is a note of what a non-exhaustive store skipped, not a failure.
  package var isSkipNote: Bool
}

/// Where the testing library's failures go, for this package's own tests of its failure
/// messages: while a capture is on (a task-local value, inherited by the effects the test
/// starts), a failure is kept instead of being recorded as an issue, so that a test proving a
/// failure is reported checks it without printing a known issue, and a passing run reads as
/// passing.
///
/// Not public: a user's test proves a failure with `withKnownIssue`, as the testing guide
/// shows.
package enum FailureCapture {
  /// The failures captured in the current task, when a capture is on.
  @TaskLocal package static var failures: LockIsolated<[CapturedFailure]>?
}
