import UniflowTesting

extension Replay {
  /// Replays the session and fails the current test when a state differs from the recording or
  /// the log cannot be replayed: a recorded session as a regression test.
  ///
  /// ```swift
  /// @Test func reportedSessionStillReplays() throws {
  ///   let log = try SessionLog(contentsOf: sessionURL, expectedApp: "checklist")
  ///   Replay(log, reducer: AppFeature()).assertMatches()
  /// }
  /// ```
  ///
  /// The failure names the log line and the action after which the state differs, and lists
  /// each difference (`todos[0].isDone: expected true, actual false`, expected being the
  /// recording). Works under Swift Testing and XCTest.
  ///
  /// - Returns: The replay's result, for further checks.
  @discardableResult
  public func assertMatches(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> ReplayResult {
    let result = run()
    guard !result.isMatch else { return result }
    reportFailure(
      "The recorded session does not replay: \(result)",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    return result
  }
}
