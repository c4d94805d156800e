extension PropertyCheckFailure {
  /// The failure of a shrunk run, with its message.
  @MainActor
  init<R: Reducer>(
    _ run: PropertyRunner<R>.FailingRun, original: PropertyRunner<R>.FailingRun, seed: UInt64
  ) {
    let actions = run.steps.map { ValueDump($0.action).description }
    var lines: [String] = []
    if run.steps.isEmpty {
      lines.append("\(run.headline) (seed \(seed)).")
    } else {
      let length = counted(run.steps.count, "action")
      let shrinking =
        original.steps.count == run.steps.count ? length : "shrunk from \(original.steps.count) to \(length)"
      lines.append("\(run.headline) (seed \(seed); \(shrinking)):")
    }
    lines += actions.enumerated().map { "  \($0.offset + 1). \($0.element)" }
    let finalActions = (run.endedWith ?? []).map { ValueDump($0).description }
    lines += finalActions.map { "  then \($0)" }
    lines += run.details
    if !run.steps.isEmpty {
      lines.append("As a TestStore regression test:")
      lines.append("  store.exhaustivity = .off")
      for (step, action) in zip(run.steps, actions) {
        let stepLines =
          run.isInterleaved
          ? interleavedRegressionLines(action, pause: step.clockAdvance)
          : regressionLines(action, isAsynchronous: step.isAsynchronous, clockAdvance: step.clockAdvance)
        lines += stepLines.map { "  " + $0 }
      }
      if run.endedWith != nil {
        lines += finalActions.map { "  await store.send(\($0))" }
        lines += ["  await clock.run()", "  await store.finish()"]
      }
    }
    switch run.failure {
    case .property(let name): self.reason = name
    case .model: self.reason = "the model and the feature differ"
    case .unfinishedEffects: self.reason = "effects did not finish"
    case .diagnostic: self.reason = "the store reported a problem"
    }
    self.seed = seed
    self.actions = actions
    self.originalLength = original.steps.count
    self.message = lines.joined(separator: "\n")
  }
}

/// The lines of a TestStore test that send `action` and let its effects end as the check did.
private func regressionLines(_ action: String, isAsynchronous: Bool, clockAdvance: Duration) -> [String] {
  guard isAsynchronous else { return ["await store.send(\(action))"] }
  guard clockAdvance > .zero else { return ["await store.send(\(action)).finish()"] }
  return [
    "await store.send(\(action))",
    "await clock.advance(by: \(swiftLiteral(clockAdvance)))",
    "await store.finish()",
  ]
}

/// The lines of a TestStore test that send `action` and let `pause` pass on the clock before
/// the next one, while its effects run on.
private func interleavedRegressionLines(_ action: String, pause: Duration) -> [String] {
  let send = "await store.send(\(action))"
  guard pause > .zero else { return [send] }
  return [send, "await clock.advance(by: \(swiftLiteral(pause)))"]
}

/// A duration as Swift code: `.seconds(2)`, `.milliseconds(300)`, `.nanoseconds(5)`.
private func swiftLiteral(_ duration: Duration) -> String {
  let (seconds, attoseconds) = duration.components
  if attoseconds == 0 { return ".seconds(\(seconds))" }
  let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  if nanoseconds % 1_000_000 == 0 { return ".milliseconds(\(nanoseconds / 1_000_000))" }
  return ".nanoseconds(\(nanoseconds))"
}
