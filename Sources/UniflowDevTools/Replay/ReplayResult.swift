/// What a replay found: how far it went, and the first difference or problem that stopped it.
public struct ReplayResult: Sendable, Hashable, CustomStringConvertible {
  /// The number of steps replayed whose state matched the recording.
  public var matchedStepCount: Int
  /// The number of steps the log holds.
  public var recordedStepCount: Int
  /// The first step whose replayed state differs from the recorded one, if any.
  public var divergence: ReplayDivergence?
  /// The problem with the log that stopped the replay or cut the log short, if any: an action
  /// or state that no longer decodes, or the log's own ``SessionLog/issue``.
  public var error: SessionLogError?

  /// Creates a result.
  ///
  /// - Parameters:
  ///   - matchedStepCount: The number of steps whose state matched.
  ///   - recordedStepCount: The number of steps the log holds.
  ///   - divergence: The first difference.
  ///   - error: The problem that stopped the replay.
  public init(
    matchedStepCount: Int, recordedStepCount: Int, divergence: ReplayDivergence? = nil,
    error: SessionLogError? = nil
  ) {
    self.matchedStepCount = matchedStepCount
    self.recordedStepCount = recordedStepCount
    self.divergence = divergence
    self.error = error
  }

  /// Whether every recorded step replayed to the recorded state.
  ///
  /// A log cut short by a crash (``SessionLogError/truncatedLine(line:)``) still matches
  /// when every step before the cut does.
  public var isMatch: Bool {
    guard divergence == nil else { return false }
    switch error {
    case nil, .truncatedLine?: return true
    default: return false
    }
  }

  /// A summary: the steps that matched, then the difference or the problem.
  public var description: String {
    var lines = ["replayed \(matchedStepCount) of \(recordedStepCount) recorded steps"]
    if let divergence { lines.append(divergence.description) }
    if let error { lines.append(error.description) }
    return lines.joined(separator: "\n")
  }
}
