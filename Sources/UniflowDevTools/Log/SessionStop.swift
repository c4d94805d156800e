import Uniflow

/// A mark in a session where the store's loop guard stopped a chain of actions: the actions
/// after it are not the chain's.
///
/// A ``SessionRecorder`` writes one when it is handed a `StoreDiagnostic.actionCycle` or
/// a `StoreDiagnostic.effectCycle` with ``SessionRecorder/record(_:)-(StoreDiagnostic)``;
/// in the log it is a line of its own, after the last action of the chain:
///
/// ```
/// {"stopped":{"after":2001,"message":"Uniflow: effects sent more than 2000 actions …"}}
/// ```
///
/// The inspector marks that action and lists the stops above the timeline. A replay ignores
/// them: they change no state.
public struct SessionStop: Sendable, Hashable {
  /// The sequence number of the last action recorded before the chain was stopped; 0 before
  /// any.
  public var after: Int
  /// The guard's report, naming the cycle.
  public var message: String

  /// Creates a mark.
  ///
  /// - Parameters:
  ///   - after: The sequence number of the last action recorded before the stop.
  ///   - message: The guard's report.
  public init(after: Int, message: String) {
    self.after = after
    self.message = message
  }

  /// The mark as one line of a log, without the line break.
  public var jsonLine: String {
    var line = Array("{\"stopped\":{\"after\":\(after),\"message\":".utf8)
    writeJSONString(message, into: &line)
    line.append(contentsOf: "}}".utf8)
    return String(decoding: line, as: UTF8.self)
  }

  /// Reads a mark from a log line's JSON, `nil` when the line is not one.
  ///
  /// - Parameters:
  ///   - json: The line's value.
  ///   - line: The line's number, for errors.
  /// - Throws: ``SessionLogError/malformedLine(line:reason:)`` for a mark without its fields.
  init?(json: JSONValue, line: Int) throws(SessionLogError) {
    guard let stop = json["stopped"] else { return nil }
    guard let after = stop["after"]?.intValue, let message = stop["message"]?.stringValue else {
      throw .malformedLine(line: line, reason: "a \"stopped\" mark needs \"after\" and \"message\"")
    }
    self.init(after: after, message: message)
  }
}
