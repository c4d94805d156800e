import Uniflow

/// A test store's side of the seam between shared values and their changes: it records the
/// shared values each action changes, with their values before it, and sends the changes a
/// test's assertion makes to expected values, never to the live ones.
@MainActor
final class SharedChangeRecorder: SharedChangeInterceptor {
  /// The changes of the action being reduced; `nil` between actions.
  private var log: SharedChangeLog?
  /// The expected values of the assertion running; `nil` between assertions.
  private var assertion: SharedAssertion?

  /// Records the changes `reduce` makes to shared values; returns what it returned, and the
  /// changes in the order first made, each with its value now.
  func recording<Result>(_ reduce: () -> Result) -> (Result, [SharedChange]) {
    let log = SharedChangeLog()
    self.log = log
    defer { self.log = nil }
    let result = reduce()
    let changes = log.changes.map { change in
      var change = change
      change.after = change.box.currentValue
      return change
    }
    return (result, changes)
  }

  /// Runs `body`, an assertion, with every change to a shared value sent to `assertion`'s
  /// expected values: the live values stay as they are.
  func asserting<Result>(
    _ assertion: SharedAssertion, _ body: () throws -> Result
  ) rethrows -> Result {
    let outer = self.assertion
    self.assertion = assertion
    defer { self.assertion = outer }
    return try body()
  }

  func expectation<Value: Sendable>(
    for box: any SharedPublishing, as type: Value.Type
  ) -> SharedExpectation<Value>? {
    assertion?.expectation(for: box, as: type)
  }

  func didChange(_ box: any SharedPublishing, before: any Sendable) {
    log?.record(box, before: before)
  }
}
