#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

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
    let message = "The recorded session does not replay: \(result)"
    #if canImport(Testing)
      if Test.current != nil {
        Issue.record(
          Comment(rawValue: message),
          sourceLocation: SourceLocation(
            fileID: String(describing: fileID), filePath: String(describing: filePath),
            line: Int(line), column: Int(column)))
        return result
      }
    #endif
    #if canImport(XCTest)
      XCTFail(message, file: filePath, line: line)
    #else
      print("\(fileID):\(line): error: \(message)")
    #endif
    return result
  }
}
