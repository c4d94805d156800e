#if canImport(XCTest)
  import UniflowTesting
  import XCTest

  /// An XCTest case that can collect the failures a block records instead of failing the test,
  /// to check what a check reports under XCTest and at which file and line.
  ///
  /// Failures recorded inside ``capturingFailures(_:)`` are collected; every other failure,
  /// including those of the checks on the collected ones, fails the test as usual.
  class FailureCapturingTestCase: XCTestCase {
    struct Failure: Sendable {
      var message: String
      var file: String
      var line: Int
    }

    private let captured = LockIsolated<[Failure]?>(nil)

    #if canImport(Darwin)
      override func record(_ issue: XCTIssue) {
        let location = issue.sourceCodeContext.location
        let failure = Failure(
          message: issue.compactDescription, file: location?.fileURL.path ?? "",
          line: location?.lineNumber ?? 0)
        guard capture(failure) else { return super.record(issue) }
      }
    #else
      override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
        expected: Bool
      ) {
        let failure = Failure(message: description, file: filePath, line: lineNumber)
        guard capture(failure) else {
          return super.recordFailure(
            withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
      }
    #endif

    /// Collects `failure` if a capture is running.
    private func capture(_ failure: Failure) -> Bool {
      captured.withLock { captured in
        guard captured != nil else { return false }
        captured?.append(failure)
        return true
      }
    }

    /// Runs `body`, collecting the failures it records instead of failing the test.
    @MainActor
    func capturingFailures(_ body: () async -> Void) async -> [Failure] {
      captured.withLock { $0 = [] }
      await body()
      return captured.withLock { captured in
        defer { captured = nil }
        return captured ?? []
      }
    }
  }
#endif
