/// The first step of a replay whose state differs from the recorded one.
public struct ReplayDivergence: Sendable, Hashable, CustomStringConvertible {
  /// The number of steps replayed when the states differed: 0 for the initial state.
  public var stepCount: Int
  /// The case name of the action after which the states differ; `nil` for the initial state.
  public var actionName: String?
  /// The line of the log holding that step.
  public var line: Int
  /// The differences, one per line: `todos[1].isDone: expected true, actual false`, where
  /// *expected* is the recorded state and *actual* the replayed one.
  public var differences: [String]

  /// Creates a divergence.
  ///
  /// - Parameters:
  ///   - stepCount: The number of steps replayed, 0 for the initial state.
  ///   - actionName: The case name of the last action replayed.
  ///   - line: The line of the log holding that step.
  ///   - differences: The differences, recorded state first.
  public init(stepCount: Int, actionName: String?, line: Int, differences: [String]) {
    self.stepCount = stepCount
    self.actionName = actionName
    self.line = line
    self.differences = differences
  }

  /// What differs, after which step: a heading and one line per difference.
  public var description: String {
    let heading =
      if let actionName {
        "line \(line): after step \(stepCount) (\(actionName)) the state differs from the recording:"
      } else {
        "line \(line): the initial state differs from the recording:"
      }
    return ([heading] + differences.map { "  \($0)" }).joined(separator: "\n")
  }
}
