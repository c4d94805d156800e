import Foundation

/// The first line of a session log: what wrote it and when.
///
/// ```json
/// {"format":"uniflow-session","version":1,"app":"todo","start":"2026-11-30T11:00:00.000Z"}
/// ```
public struct SessionHeader: Sendable, Hashable {
  /// The value of the `format` member that marks a session log.
  public static let format = "uniflow-session"
  /// The newest format version this library reads and the one it writes.
  public static let currentVersion = 1

  /// The log's format version.
  public var version: Int
  /// The name of the program that recorded the session.
  public var appName: String
  /// When the session started.
  public var startDate: Date

  /// Creates a header.
  ///
  /// - Parameters:
  ///   - version: The log's format version; by default the current one.
  ///   - appName: The name of the program that records the session.
  ///   - startDate: When the session started.
  public init(version: Int = SessionHeader.currentVersion, appName: String, startDate: Date) {
    self.version = version
    self.appName = appName
    self.startDate = startDate
  }

  /// The header as a JSON object; the start date is rounded to the millisecond, so that a
  /// header read back from its text is written as the same text.
  public var json: JSONValue {
    [
      "format": .string(Self.format), "version": .number(String(version)),
      "app": .string(appName), "start": .string(iso8601Milliseconds(startDate)),
    ]
  }

  /// Reads a header from its JSON object.
  ///
  /// - Parameters:
  ///   - json: The first line of a log, parsed.
  ///   - line: The line number, for errors.
  /// - Throws: ``SessionLogError/notASessionLog(line:)`` when the object is not a header,
  ///   ``SessionLogError/unsupportedVersion(_:line:)`` when the log is newer than this library.
  public init(json: JSONValue, line: Int = 1) throws(SessionLogError) {
    guard json["format"]?.stringValue == Self.format, let version = json["version"]?.intValue,
      let appName = json["app"]?.stringValue, let startText = json["start"]?.stringValue,
      let startDate = try? Date(startText, strategy: Self.dateStyle)
    else { throw .notASessionLog(line: line) }
    guard version <= Self.currentVersion, version >= 1 else {
      throw .unsupportedVersion(version, line: line)
    }
    self.init(version: version, appName: appName, startDate: startDate)
  }

  static let dateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
