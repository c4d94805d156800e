import Uniflow

/// A moment in the life of an effect, in a session: it started, finished or was cancelled.
///
/// A ``SessionRecorder`` writes one when it is handed an `EffectEvent` with
/// ``SessionRecorder/record(_:)-(EffectEvent)``; in the log it is a line of its own:
///
/// ```
/// {"effect":{"id":4,"kind":"start","cause":12,"after":12,"time":1.250000}}
/// ```
///
/// The inspector draws each effect as a lane from its start to its end. A replay ignores them:
/// they change no state. Logs recorded before effects were recorded have none.
public struct SessionEffect: Sendable, Hashable {
  /// What happened to the effect.
  public enum Kind: String, Sendable, Hashable {
    /// Its task started.
    case start
    /// It ended on its own.
    case finish
    /// It ended cancelled.
    case cancel
  }

  /// The effect's number, shared by the lines of one effect.
  public var id: Int
  /// What happened.
  public var kind: Kind
  /// The sequence number of the action whose reducer returned the effect.
  public var cause: Int
  /// The sequence number of the last action recorded before this line; 0 before any.
  public var after: Int
  /// Seconds since the session started.
  public var time: Double

  /// Creates an effect line.
  ///
  /// - Parameters:
  ///   - id: The effect's number.
  ///   - kind: What happened.
  ///   - cause: The sequence number of the action that started it.
  ///   - after: The sequence number of the last action recorded before it.
  ///   - time: Seconds since the session started.
  public init(id: Int, kind: Kind, cause: Int, after: Int, time: Double) {
    self.id = id
    self.kind = kind
    self.cause = cause
    self.after = after
    self.time = time
  }

  /// The line of a log, without the line break.
  public var jsonLine: String {
    "{\"effect\":{\"id\":\(id),\"kind\":\"\(kind.rawValue)\",\"cause\":\(cause),\"after\":\(after),"
      + "\"time\":\(formatSeconds(time))}}"
  }

  /// Reads an effect line from a log line's JSON, `nil` when the line is not one.
  ///
  /// - Parameters:
  ///   - json: The line's value.
  ///   - line: The line's number, for errors.
  /// - Throws: ``SessionLogError/malformedLine(line:reason:)`` for an effect line without its
  ///   fields.
  init?(json: JSONValue, line: Int) throws(SessionLogError) {
    guard let effect = json["effect"] else { return nil }
    guard let id = effect["id"]?.intValue,
      let kind = effect["kind"]?.stringValue.flatMap(Kind.init(rawValue:)),
      let cause = effect["cause"]?.intValue, let after = effect["after"]?.intValue,
      let time = effect["time"]?.doubleValue
    else {
      throw .malformedLine(
        line: line,
        reason: #"an "effect" line needs "id", "kind" (start, finish or cancel), "cause", "after" and "time""#
      )
    }
    self.init(id: id, kind: kind, cause: cause, after: after, time: time)
  }
}
