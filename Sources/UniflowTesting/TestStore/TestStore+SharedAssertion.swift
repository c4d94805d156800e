extension TestStore {
  /// Checks the shared values an action changed against the test's assertion, and reports the
  /// parts that differ.
  ///
  /// A shared value is a reference: the state before the action and the state after it hold
  /// the same one, so comparing the states cannot see its change. The store records each
  /// shared value an action changes, with its value before and after; the assertion's changes
  /// to shared values (`$0.settings.withLock { … }`) go to an expected value that starts from
  /// the value before. Each shared value the action changed or the assertion touched must then
  /// have its expected value: a change the test left out fails like a state change it left
  /// out.
  func assertSharedChanges(
    _ changes: [SharedChange], expectedBy assertion: SharedAssertion, at site: CallSite
  ) {
    var wrong: [String] = []
    var undescribed: [String] = []
    var checked: [(box: any SharedPublishing, before: any Sendable, after: any Sendable)] =
      changes.map { ($0.box, $0.before, $0.after) }
    for (box, _) in assertion.expectations
    where !changes.contains(where: { $0.box === box }) {
      let current = box.currentValue
      checked.append((box, current, current))
    }
    for (box, before, after) in checked {
      let expectation = assertion.expectedValue(of: box)
      let expected = expectation ?? before
      let mismatches = differences(
        expected: DumpNode(reflecting: expected), actual: DumpNode(reflecting: after))
      guard !mismatches.isEmpty else { continue }
      let lines = mismatches.map { "\(box.name) › \(ValueDiff.Change($0).description)" }
      if expectation == nil {
        undescribed += lines
      } else {
        wrong += lines
      }
    }
    switch exhaustivity {
    case .on:
      var sections: [String] = []
      if !wrong.isEmpty {
        sections.append("Shared state changed differently than expected:\n" + indented(wrong))
      }
      if !undescribed.isEmpty {
        sections.append("Shared state changes the test did not describe:\n" + indented(undescribed))
      }
      if !sections.isEmpty { reportFailure(sections.joined(separator: "\n"), at: site) }
    case .off(let showSkippedAssertions):
      if !wrong.isEmpty {
        reportFailure("Shared state changed differently than expected:\n" + indented(wrong), at: site)
      }
      if showSkippedAssertions, !undescribed.isEmpty {
        reportSkipped(
          "Skipped shared state changes the test did not describe:\n" + indented(undescribed), at: site)
      }
    }
  }
}
