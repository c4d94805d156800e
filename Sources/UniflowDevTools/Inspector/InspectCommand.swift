import Foundation

/// The inspector's command line, `LOG [-o PAGE] [--app NAME]`: read, run and reported the same
/// way by every program that offers it.
///
/// `uniflow-inspect` and the Todo demo's `todo inspect` both run it, so they agree on what an
/// argument means, on every message and on the exit status:
///
/// ```swift
/// let report = InspectCommand.run(arguments: [logPath, "-o", pagePath])
/// for message in report.messages { print(message) }
/// // wrote timeline.html: 3 actions
/// ```
///
/// | status | meaning |
/// | --- | --- |
/// | 0 | the page was written; a line that could not be read is skipped, and a warning names it |
/// | 1 | the log cannot be read at all, or the page cannot be written |
/// | 2 | a usage error |
public struct InspectCommand: Sendable, Hashable {
  /// The exit status of a usage error.
  public static let usageStatus: Int32 = 2
  /// The exit status when the log cannot be read or the page cannot be written.
  public static let failureStatus: Int32 = 1

  /// A line for the user: `output` goes to standard output, the others to standard error
  /// after the program's name and the level (`uniflow-inspect: warning: …`).
  public enum Message: Sendable, Hashable, CustomStringConvertible {
    /// What was done.
    case output(String)
    /// Something the user should know; the page was written.
    case warning(String)
    /// What prevented writing the page.
    case error(String)

    /// The text of the message, without the program's name or its level.
    public var description: String {
      switch self {
      case .output(let text), .warning(let text), .error(let text): text
      }
    }
  }

  /// What a run said and its exit status.
  public struct Report: Sendable, Hashable {
    /// The exit status: 0, ``InspectCommand/failureStatus`` or ``InspectCommand/usageStatus``.
    public var status: Int32
    /// The messages, in order.
    public var messages: [Message]

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - status: The exit status.
    ///   - messages: The messages, in order.
    public init(status: Int32, messages: [Message]) {
      self.status = status
      self.messages = messages
    }
  }

  /// The session log.
  public var logPath: String
  /// Where the page goes; by default the log's path with the extension `.html`.
  public var pagePath: String
  /// The name of the program that must have recorded the log, if any.
  public var expectedApp: String?

  /// Reads the command line.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program's name (or after `inspect`).
  ///   - usage: How the command is called, for usage errors: `todo inspect LOG [-o PAGE]`.
  /// - Throws: The usage error, as a sentence that ends with `usage`.
  public init(
    arguments: [String], usage: String = "uniflow-inspect LOG [-o PAGE] [--app NAME]"
  ) throws(InspectUsageError) {
    var remaining = arguments[...]
    var logPath: String?
    var pagePath: String?
    var expectedApp: String?
    var optionsEnded = false
    while let argument = remaining.popFirst() {
      if !optionsEnded, ["-o", "--output", "--app"].contains(argument) {
        guard let value = remaining.popFirst(), !value.isEmpty else {
          throw InspectUsageError(
            "option \(argument) needs \(argument == "--app" ? "a name" : "a file")", usage: usage)
        }
        if argument == "--app" { expectedApp = value } else { pagePath = value }
      } else if !optionsEnded, argument == "--" {
        optionsEnded = true
      } else if !optionsEnded, argument.hasPrefix("-"), argument != "-" {
        throw InspectUsageError("unknown option '\(argument)'", usage: usage)
      } else if logPath == nil {
        logPath = argument
      } else {
        throw InspectUsageError("unexpected argument '\(argument)': give one session log", usage: usage)
      }
    }
    guard let logPath, !logPath.isEmpty else { throw InspectUsageError("no session log given", usage: usage) }
    self.logPath = logPath
    self.pagePath =
      pagePath
      ?? URL(filePath: logPath).deletingPathExtension().appendingPathExtension("html")
      .path(percentEncoded: false)
    self.expectedApp = expectedApp
  }

  /// Reads the command line and runs it.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program's name (or after `inspect`).
  ///   - usage: How the command is called, for usage errors.
  /// - Returns: The messages and the exit status; a usage error has status 2.
  public static func run(
    arguments: [String], usage: String = "uniflow-inspect LOG [-o PAGE] [--app NAME]"
  ) -> Report {
    do {
      return try InspectCommand(arguments: arguments, usage: usage).run()
    } catch {
      return Report(status: usageStatus, messages: [.error(error.description)])
    }
  }

  /// Reads the log and writes its page.
  ///
  /// - Returns: `wrote PAGE: N actions`, a warning per skipped line, and status 0; or the
  ///   error that prevented writing the page, and status 1.
  /// - Complexity: O(*n*) in the size of the log.
  public func run() -> Report {
    let log: SessionLog
    do {
      log = try SessionInspector.writePage(
        for: URL(filePath: logPath), to: URL(filePath: pagePath), expectedApp: expectedApp)
    } catch let error as SessionLogError {
      return Report(status: Self.failureStatus, messages: [.error(error.description)])
    } catch let error as SessionFileError {
      return Report(status: Self.failureStatus, messages: [.error(error.description)])
    } catch {
      return Report(
        status: Self.failureStatus,
        messages: [.error("cannot write \(pagePath): \(error.localizedDescription)")])
    }
    var summary = "wrote \(pagePath): \(counted(log.steps.count, "action"))"
    if !log.skippedLines.isEmpty {
      summary += "; \(counted(log.skippedLines.count, "line")) of the log skipped"
    }
    let warnings = log.skippedLines.map { Message.warning("\($0.error); the line is skipped") }
    return Report(status: 0, messages: [.output(summary)] + warnings)
  }
}

/// A mistake on the inspector's command line.
public struct InspectUsageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, followed by how the command is called.
  public var description: String

  /// Creates a usage error.
  ///
  /// - Parameters:
  ///   - problem: What is wrong.
  ///   - usage: How the command is called.
  public init(_ problem: String, usage: String) {
    description = "\(problem); usage: \(usage)"
  }
}

/// `1 action`, `2 actions`.
func counted(_ count: Int, _ noun: String) -> String {
  "\(count.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) \(noun)\(count == 1 ? "" : "s")"
}
