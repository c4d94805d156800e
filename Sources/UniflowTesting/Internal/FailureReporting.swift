#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Reports a test failure to the test framework that runs the current test: Swift Testing when a
/// Swift Testing test is running, XCTest otherwise.
///
/// Every failure of `TestStore`, `TestClock` and a replay's `assertMatches` goes through here;
/// while a ``FailureCapture`` is on, it is kept there instead.
package func reportFailure(_ message: String, at site: CallSite) {
  if let captured = FailureCapture.failures {
    captured.withLock {
      $0.append(CapturedFailure(message: message, line: Int(site.line), isSkipNote: false))
    }
    return
  }
  #if canImport(Testing)
    if Test.current != nil {
      Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
      return
    }
  #endif
  #if canImport(XCTest)
    XCTFail(message, file: site.filePath, line: site.line)
  #else
    print("\(site.shortDescription): error: \(message)")
  #endif
}

/// Shows something a non-exhaustive test store skipped, without failing the test: as a known
/// issue under Swift Testing, as a printed note under XCTest.
func reportSkipped(_ message: String, at site: CallSite) {
  if let captured = FailureCapture.failures {
    captured.withLock { $0.append(CapturedFailure(message: message, line: Int(site.line), isSkipNote: true)) }
    return
  }
  #if canImport(Testing)
    if Test.current != nil {
      withKnownIssue(isIntermittent: true) {
        Issue.record(Comment(rawValue: message), sourceLocation: site.sourceLocation)
      }
      return
    }
  #endif
  print("\(site.shortDescription): note: \(message)")
}
