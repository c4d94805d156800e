/// The effects started by one ``TestStore/send(_:assert:fileID:filePath:line:column:)``: await
/// them, or cancel them.
///
/// ```swift
/// let timer = await store.send(.startTimer) { $0.isRunning = true }
/// await clock.advance(by: .seconds(1))
/// await store.receive(.tick) { $0.seconds = 1 }
/// await timer.cancel()   // the timer ends; releasing the store reports nothing
/// ```
///
/// Like the `StoreTask` it wraps, it covers the effects of the action, of its follow-ups, and
/// of the actions those effects send back.
@MainActor
public struct TestStoreTask: Sendable {
  /// The underlying task of the store.
  public let rawValue: StoreTask
  private let effectID: Int?
  private weak var owner: (any EffectWaiting)?

  init(_ rawValue: StoreTask, effectID: Int?, owner: any EffectWaiting) {
    self.rawValue = rawValue
    self.effectID = effectID
    self.owner = owner
  }

  /// Cancels the effects and waits until they have ended; fails if they do not end within the
  /// store's timeout after being cancelled.
  ///
  /// - Parameters:
  ///   - fileID: The file ID a failure is reported at; the caller's by default.
  ///   - filePath: The file path a failure is reported at; the caller's by default.
  ///   - line: The line a failure is reported at; the caller's by default.
  ///   - column: The column a failure is reported at; the caller's by default.
  public func cancel(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    rawValue.cancel()
    await finish(
      waiting: "being cancelled",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits until the effects have ended; fails if they are still running after `timeout`.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait; the test store's timeout by default.
  ///   - fileID: The file ID a failure is reported at; the caller's by default.
  ///   - filePath: The file path a failure is reported at; the caller's by default.
  ///   - line: The line a failure is reported at; the caller's by default.
  ///   - column: The column a failure is reported at; the caller's by default.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await finish(
      timeout: timeout, waiting: "waiting for them to finish",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Whether ``cancel(fileID:filePath:line:column:)`` was called.
  public var isCancelled: Bool {
    rawValue.isCancelled
  }

  /// Whether every effect of the send has ended.
  public var isFinished: Bool {
    rawValue.isFinished
  }

  private func finish(timeout: Duration? = nil, waiting: String, at site: CallSite) async {
    guard let owner else {
      // The test store is gone, and with it the store: its effects were cancelled.
      return
    }
    let timeout = timeout ?? owner.timeout
    let task = rawValue
    let effectID = self.effectID
    let hasFinished = { effectID.map(owner.hasFinished) ?? task.isFinished }
    guard await owner.events.wait(timeout: timeout, until: hasFinished) else {
      if let effectID { owner.didReportUnfinishedEffect(effectID) }
      reportFailure(
        "The effects of this send are still running after \(waiting), within \(timeout).", at: site)
      return
    }
  }
}
