extension TestStore {
  /// Waits until every effect has ended, and fails if some are still running after `timeout`.
  ///
  /// ```swift
  /// await store.send(.save) { $0.isSaving = true }
  /// await store.receive(.saved) { $0.isSaving = false }
  /// await store.finish()
  /// ```
  ///
  /// Effects that are still running when the store is released are a failure anyway; `finish`
  /// reports them at its own line, after giving them the chance to end. Actions that effects
  /// send meanwhile are still to be received.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait; the store's ``timeout`` by default.
  ///   - fileID: The file ID a failure is reported at; the caller's by default.
  ///   - filePath: The file path a failure is reported at; the caller's by default.
  ///   - line: The line a failure is reported at; the caller's by default.
  ///   - column: The column a failure is reported at; the caller's by default.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    currentSite = site
    let timeout = timeout ?? self.timeout
    guard await events.wait(timeout: timeout, until: { pendingEffects.isEmpty }) else {
      reportUnfinishedEffects(after: "waiting \(timeout) for them to finish", at: site)
      return
    }
  }
}

extension TestStore: EffectWaiting {
  func didReportUnfinishedEffect(_ id: Int) {
    pendingEffects[id]?.isReported = true
  }

  func hasFinished(_ id: Int) -> Bool {
    guard let effect = pendingEffects[id] else { return true }
    // The effects end on their own tasks, before the task that follows them tells this store:
    // an ended effect is forgotten here, so that the release of the store does not report it.
    guard effect.task.isFinished else { return false }
    pendingEffects[id] = nil
    return true
  }
}

/// What a ``TestStoreTask`` needs from its test store.
@MainActor
protocol EffectWaiting: AnyObject {
  var timeout: Duration { get }
  var events: EventWaiter { get }
  func didReportUnfinishedEffect(_ id: Int)
  /// Whether the effects of the send `id` have ended; forgets them if they have.
  func hasFinished(_ id: Int) -> Bool
}
