/// Why a session log, or one of its lines, cannot be read or replayed.
///
/// Every case names the line (counting from 1) where the problem is, and ``description``
/// says it in a sentence: `line 7: the action "rename" no longer decodes: …`.
public enum SessionLogError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The log could not be read from its file.
  case unreadable(path: String, reason: String)
  /// The log has no lines.
  case empty
  /// The first line is not a session log header.
  case notASessionLog(line: Int)
  /// The log was written by a newer version of the format than this library reads.
  case unsupportedVersion(Int, line: Int)
  /// The log was recorded by another program.
  case otherApp(found: String, expected: String, line: Int)
  /// The second line is missing or is not the initial state.
  case missingInitialState(line: Int)
  /// The last line ends in the middle: the recording program stopped while writing it.
  case truncatedLine(line: Int)
  /// A line is not a valid step.
  case malformedLine(line: Int, reason: String)
  /// A step's change does not apply to the state before it.
  case invalidPatch(line: Int, reason: String)
  /// A step's sequence number is not greater than the one of the step before it: repeated or
  /// going back.
  case sequenceNumberOutOfOrder(line: Int, sequenceNumber: Int, previous: Int)
  /// A step's action does not decode as the feature's action type: the type changed since
  /// the recording.
  case undecodableAction(line: Int, name: String, reason: String)
  /// A recorded state does not decode as the feature's state type.
  case undecodableState(line: Int, reason: String)

  /// The line where the problem is, counting from 1; `nil` when it is about the whole file.
  public var line: Int? {
    switch self {
    case .unreadable, .empty: nil
    case .notASessionLog(let line), .unsupportedVersion(_, let line), .otherApp(_, _, let line),
      .missingInitialState(let line), .truncatedLine(let line), .malformedLine(let line, _),
      .invalidPatch(let line, _), .sequenceNumberOutOfOrder(let line, _, _),
      .undecodableAction(let line, _, _), .undecodableState(let line, _):
      line
    }
  }

  /// The problem in a sentence, starting with its line.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
    case .empty: "the log is empty"
    case .notASessionLog(let line): "line \(line): not a session log header"
    case .unsupportedVersion(let version, let line):
      "line \(line): the log has format version \(version); this version of UniflowDevTools "
        + "reads up to version \(SessionHeader.currentVersion)"
    case .otherApp(let found, let expected, let line):
      "line \(line): the log was recorded by \"\(found)\", not \"\(expected)\""
    case .missingInitialState(let line): "line \(line): expected the initial state"
    case .truncatedLine(let line):
      "line \(line): the line is cut short (the recording stopped while writing it)"
    case .malformedLine(let line, let reason): "line \(line): not a valid step: \(reason)"
    case .invalidPatch(let line, let reason): "line \(line): the change does not apply: \(reason)"
    case .sequenceNumberOutOfOrder(let line, let sequenceNumber, let previous):
      "line \(line): step \(sequenceNumber) comes after step \(previous): its sequence number "
        + (sequenceNumber == previous ? "is repeated" : "goes back")
    case .undecodableAction(let line, let name, let reason):
      "line \(line): the action \"\(name)\" no longer decodes: \(reason)"
    case .undecodableState(let line, let reason): "line \(line): the state does not decode: \(reason)"
    }
  }
}
