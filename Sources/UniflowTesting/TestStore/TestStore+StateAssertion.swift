extension TestStore {
  /// Checks the state after an action against the state before it with the test's changes
  /// applied, and reports the parts that differ.
  ///
  /// A difference concerns the test's description when its path overlaps a part the closure
  /// changed (any two collection indices count as the same); otherwise it is a change the test
  /// left out. With exhaustivity off, only the first kind fails, together with any value the
  /// closure assigned that the actual state does not have.
  ///
  /// The shared values the action changed are checked the same way (see
  /// `assertSharedChanges`): the closure's changes to them go to expected values, never to
  /// the live ones.
  func assertState(
    before: State, actual: State, sharedChanges: [SharedChange],
    expectedBy update: ((inout State) throws -> Void)?, at site: CallSite
  ) {
    var expected = before
    let sharedAssertion = SharedAssertion(changes: sharedChanges)
    do {
      try sharedRecorder.asserting(sharedAssertion) {
        try sharedTracker.tracking { try update?(&expected) }
      }
    } catch {
      reportFailure("The state assertion threw an error: \(error)", at: site)
      return
    }
    assertSharedChanges(sharedChanges, expectedBy: sharedAssertion, at: site)
    // An `Equatable` state is compared with `==`; any other by its dump, which the diff shows.
    var dumps: (expected: DumpNode, actual: DumpNode)?
    if let expected = expected as? any Equatable {
      guard !expected.isEqual(to: actual) else { return }
    } else {
      let compared = (expected: DumpNode(reflecting: expected), actual: DumpNode(reflecting: actual))
      guard compared.expected != compared.actual else { return }
      dumps = compared
    }

    let beforeNode = DumpNode(reflecting: before)
    let expectedNode = dumps?.expected ?? DumpNode(reflecting: expected)
    let actualNode = dumps?.actual ?? DumpNode(reflecting: actual)
    let mismatches = differences(expected: expectedNode, actual: actualNode)
    let described = differences(expected: beforeNode, actual: expectedNode).map(\.path)
    func isDescribed(_ difference: NodeDifference) -> Bool {
      described.contains { pathsOverlap($0, difference.path) }
    }

    switch exhaustivity {
    case .on:
      guard !mismatches.isEmpty else {
        reportFailure(Self.invisibleDifferenceMessage(expected: expectedNode, actual: actualNode), at: site)
        return
      }
      reportFailure(
        Self.stateMessage(
          wrong: mismatches.filter(isDescribed), undescribed: mismatches.filter { !isDescribed($0) }),
        at: site)

    case .off(let showSkippedAssertions):
      // Values the closure assigns without changing them (`$0.isLoading = false` when it already
      // was) show only when the closure is applied to the actual state.
      var expectedFromActual = actual
      try? sharedRecorder.asserting(SharedAssertion(changes: sharedChanges)) {
        try sharedTracker.tracking { try update?(&expectedFromActual) }
      }
      let unheld = differences(expected: DumpNode(reflecting: expectedFromActual), actual: actualNode)
        .filter { !isDescribed($0) }
      let failing = mismatches.filter(isDescribed) + unheld
      if !failing.isEmpty {
        reportFailure(Self.stateMessage(wrong: failing, undescribed: []), at: site)
      }
      let unheldPaths = Set(unheld.map(\.path))
      let skipped = mismatches.filter { !isDescribed($0) && !unheldPaths.contains($0.path) }
      if showSkippedAssertions, !skipped.isEmpty {
        reportSkipped(
          "Skipped state changes the test did not describe:\n" + Self.lines(skipped), at: site)
      }
    }
  }

  static func stateMessage(wrong: [NodeDifference], undescribed: [NodeDifference]) -> String {
    var sections: [String] = []
    if !wrong.isEmpty {
      sections.append("State changed differently than expected:\n" + lines(wrong))
    }
    if !undescribed.isEmpty {
      sections.append("State changes the test did not describe:\n" + lines(undescribed))
    }
    return sections.joined(separator: "\n")
  }

  static func invisibleDifferenceMessage(expected: DumpNode, actual: DumpNode) -> String {
    "State changed differently than expected, but the difference does not show when the states "
      + "are dumped (a custom `==` or description may hide it):\n"
      + "  expected: \(expected.rendered)\n  actual: \(actual.rendered)"
  }

  static func lines(_ differences: [NodeDifference]) -> String {
    indented(differences.map { ValueDiff.Change($0).description })
  }
}

extension Equatable {
  /// Whether this value equals `other`, which has the same type.
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
