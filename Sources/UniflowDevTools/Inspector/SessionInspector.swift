import Foundation

/// Builds the inspector: a self-contained HTML page that shows a recorded session as a
/// timeline.
///
/// ```swift
/// let log = try SessionLog(contentsOf: logURL)
/// try SessionInspector.html(for: log).write(to: pageURL, atomically: true, encoding: .utf8)
/// ```
///
/// The page lists every action with its time and name, marks the actions sent by effects with
/// the action that sent them and colours each chain of actions alike, and shows for the
/// selected action the action itself, its change to the state and the whole state after it,
/// with added and changed parts highlighted and removed ones listed. The list filters by
/// action name and follows the keyboard (↑/↓, Page Up/Down, Home/End, `/` to filter). It
/// renders only the rows in view, so a session of 100 000 actions stays responsive.
///
/// The page is one file: its style, script and data are inline, it loads nothing (its content
/// security policy forbids it) and uses the system's fonts. A log with lines that could not be
/// read (see ``SessionLog/skippedLines``) shows every step that was read, lists the skipped
/// lines with their reasons, and marks in the timeline where each one was. A log with effect
/// lines (``SessionEffect``) shows each effect as a lane from its start to its end.
public enum SessionInspector {
  /// The inspector page for a session.
  ///
  /// - Parameters:
  ///   - log: The recorded session.
  ///   - title: The page's title; by default the app's name and the session's start.
  /// - Returns: The HTML text of the page.
  /// - Complexity: O(*n*) in the size of the log.
  public static func html(for log: SessionLog, title: String? = nil) -> String {
    let start = log.header.startDate.formatted(SessionHeader.dateStyle)
    let title = title ?? "\(log.header.appName) session \(start)"
    var data: [UInt8] = []
    func append(_ text: String) { data.append(contentsOf: text.utf8) }
    append("{\"app\":")
    writeJSONString(log.header.appName, into: &data)
    append(",\"start\":")
    writeJSONString(start, into: &data)
    append(",\"initial\":")
    log.initialState.write(into: &data)
    append(",\"steps\":[")
    for (index, step) in log.steps.enumerated() {
      if index > 0 { append(",") }
      append("[\(step.sequenceNumber),\(formatSeconds(step.time)),")
      writeJSONString(step.name, into: &data)
      append(",")
      append(step.cause.map(String.init) ?? "null")
      append(",")
      step.action.write(into: &data)
      append(",")
      step.patch.json.write(into: &data)
      append("]")
    }
    append("],\"skipped\":[")
    for (index, skipped) in log.skippedLines.enumerated() {
      if index > 0 { append(",") }
      append("{\"line\":\(skipped.error.line ?? 0),\"after\":\(skipped.stepsBefore),\"message\":")
      writeJSONString(skipped.error.description, into: &data)
      append("}")
    }
    append("],\"stops\":[")
    for (index, stop) in log.stops.enumerated() {
      if index > 0 { append(",") }
      append("{\"after\":\(stop.after),\"message\":")
      writeJSONString(stop.message, into: &data)
      append("}")
    }
    append("],\"effects\":[")
    for (index, effect) in log.effects.enumerated() {
      if index > 0 { append(",") }
      append(
        "{\"id\":\(effect.id),\"kind\":\"\(effect.kind.rawValue)\",\"cause\":\(effect.cause),"
          + "\"time\":\(formatSeconds(effect.time))}")
    }
    append("]}")
    // The data's strings escape `<`, so it cannot close its script element.
    let page = inspectorTemplate.replacing("__TITLE__", with: escapeHTML(title), maxReplacements: 1)
    let parts = page.split(separator: "__DATA__", maxSplits: 1, omittingEmptySubsequences: false)
    var bytes: [UInt8] = Array(parts[0].utf8)
    bytes.append(contentsOf: data)
    bytes.append(contentsOf: parts[1].utf8)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The inspector page for a log file, written to another file.
  ///
  /// - Parameters:
  ///   - logURL: The session log.
  ///   - pageURL: Where the page goes.
  ///   - expectedApp: The name of the program that must have recorded the log, if any.
  /// A page already there is replaced; anything else at `pageURL` — a symbolic link, a
  /// device, a directory — is refused and left as it is.
  ///
  /// - Returns: The log read, to tell whether it was read in full (``SessionLog/issue``).
  /// - Throws: ``SessionLogError`` when the log cannot be read at all,
  ///   ``SessionFileError/notAFile(path:kind:)`` when something other than a file is at
  ///   `pageURL`, or the error writing the page.
  @discardableResult
  public static func writePage(
    for logURL: URL, to pageURL: URL, expectedApp: String? = nil
  ) throws -> SessionLog {
    let log = try SessionLog(contentsOf: logURL, expectedApp: expectedApp)
    let pagePath = pageURL.path(percentEncoded: false)
    if let kind = FileKind(at: pagePath), kind != .regular {
      throw SessionFileError.notAFile(path: pagePath, kind: kind.description)
    }
    try Data(html(for: log).utf8).write(to: pageURL, options: .atomic)
    return log
  }
}

/// Text escaped for HTML element content and attribute values.
private func escapeHTML(_ text: String) -> String {
  var escaped = ""
  for character in text {
    switch character {
    case "&": escaped += "&amp;"
    case "<": escaped += "&lt;"
    case ">": escaped += "&gt;"
    case "\"": escaped += "&quot;"
    default: escaped.append(character)
    }
  }
  return escaped
}
