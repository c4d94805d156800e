import Foundation
import TodoCore
import UniflowDevTools

/// Recording a session (`todo --record FILE`, or `UNIFLOW_TODO_RECORD=FILE`) and writing a
/// recorded session's inspector page (`todo inspect FILE [-o PAGE]`).
///
/// The options are taken off the command line before the rest is parsed, so the other
/// commands do not know about them; ``AppRoot`` adds the recorder to the store it builds.
@MainActor
enum Recording {
  /// The name the log's header carries; replaying or inspecting with `--app todo` checks it.
  static let appName = "todo"
  /// The environment variable that turns recording on, naming the log file.
  static let environmentVariable = "UNIFLOW_TODO_RECORD"

  /// What the recording options asked for.
  struct Options: Equatable {
    /// The arguments left for the other commands.
    var arguments: [String]
    /// Where to record the session, if anywhere.
    var recordPath: String?
    /// `todo inspect LOG [-o PAGE]`: the log, and the page (by default the log's name with
    /// `.html`).
    var inspect: (log: String, page: String?)?

    static func == (lhs: Options, rhs: Options) -> Bool {
      lhs.arguments == rhs.arguments && lhs.recordPath == rhs.recordPath
        && lhs.inspect?.log == rhs.inspect?.log && lhs.inspect?.page == rhs.inspect?.page
    }
  }

  /// Takes the recording options off the command line.
  static func options(
    from arguments: [String], environment: [String: String]
  ) throws(UsageError)
    -> Options
  {
    var options = Options(arguments: [], recordPath: environment[environmentVariable])
    if options.recordPath?.isEmpty == true { options.recordPath = nil }
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" { optionsEnded = true }
      if !optionsEnded, argument == "--record" {
        guard index < arguments.count, !arguments[index].isEmpty else {
          throw UsageError("option --record needs a file")
        }
        options.recordPath = arguments[index]
        index += 1
      } else if !optionsEnded, argument.hasPrefix("--record=") {
        let path = String(argument.dropFirst("--record=".count))
        guard !path.isEmpty else { throw UsageError("option --record needs a file") }
        options.recordPath = path
      } else {
        options.arguments.append(argument)
      }
    }
    guard options.arguments.first == "inspect" else { return options }
    var operands = Array(options.arguments.dropFirst())
    var page: String?
    if let flag = operands.firstIndex(where: { $0 == "-o" || $0 == "--output" }) {
      guard flag + 1 < operands.count else { throw UsageError("option -o needs a file") }
      page = operands[flag + 1]
      operands.removeSubrange(flag...(flag + 1))
    }
    guard operands.count == 1, let log = operands.first else {
      throw UsageError("'todo inspect' needs one session log: todo inspect FILE [-o PAGE]")
    }
    options.inspect = (log, page)
    return options
  }

  /// A recorder writing to the log file at `path`, starting from `initialState`: the file
  /// opening and the sink, in one piece of their own.
  ///
  /// - Returns: The recorder, or `nil` after printing the error when the file cannot be
  ///   written.
  static func makeRecorder(
    path: String, initialState: TodoFeature.State
  ) -> SessionRecorder<TodoFeature.State, TodoFeature.Action>? {
    do {
      return try SessionRecorder(
        appName: appName, initialState: initialState, sink: FileSessionSink(url: URL(filePath: path)))
    } catch {
      printError("cannot record the session to \(path): \(error.localizedDescription)")
      return nil
    }
  }

  /// Writes the inspector page of a session log; returns the exit status.
  static func inspect(log: String, page: String?) -> Int32 {
    let logURL = URL(filePath: log)
    let pageURL =
      page.map { URL(filePath: $0) } ?? logURL.deletingPathExtension().appendingPathExtension("html")
    do {
      let read = try SessionInspector.writePage(for: logURL, to: pageURL)
      print("Wrote \(pageURL.path(percentEncoded: false)) (\(read.steps.count) actions)")
      if let issue = read.issue {
        printError("\(issue); the page shows the \(read.steps.count) actions before it")
      }
      return 0
    } catch let error as SessionLogError {
      printError(error.description)
      return 1
    } catch {
      printError("cannot write \(pageURL.path(percentEncoded: false)): \(error.localizedDescription)")
      return 1
    }
  }
}
