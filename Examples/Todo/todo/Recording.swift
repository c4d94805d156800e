import Foundation
import TodoCore
import TodoTerminal
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
    /// `--record-replace FILE`: a regular file already at the path is replaced, not refused.
    var replacesRecord = false
    /// `todo inspect LOG [-o PAGE]`: the arguments after `inspect`, read by the library's
    /// `InspectCommand`, as `uniflow-inspect` reads them.
    var inspect: [String]?
    /// `todo replay LOG`: the arguments after `replay`.
    var replay: [String]?
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
      let option = ["--record", "--record-replace"].first {
        argument == $0 || argument.hasPrefix("\($0)=")
      }
      if !optionsEnded, let option {
        var path = String(argument.dropFirst(option.count + 1))
        if argument == option {
          path = index < arguments.count ? arguments[index] : ""
          index += 1
        }
        guard !path.isEmpty else { throw UsageError("option \(option) needs a file") }
        options.recordPath = path
        options.replacesRecord = option == "--record-replace"
      } else {
        options.arguments.append(argument)
      }
    }
    switch try logCommand(in: options.arguments) {
    case ("inspect", let arguments)?: options.inspect = arguments
    case ("replay", let arguments)?: options.replay = arguments
    default: break
    }
    return options
  }

  /// The command of `arguments` when it is `inspect` or `replay`, with the arguments left for
  /// it: the others, without the global options, which go anywhere as for every command
  /// (`todo --db PATH replay LOG`, `todo replay --db PATH LOG`), and which these commands do not
  /// need. `nil` for another command, and for `-h`, `--help` and `--version`, which the other
  /// commands' parser answers.
  ///
  /// The command is the first argument that is neither an option nor the path after `--db`.
  private static func logCommand(
    in arguments: [String]
  ) throws(UsageError) -> (name: String, arguments: [String])? {
    var name: String?
    var rest: [String] = []
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if !optionsEnded {
        switch argument {
        case "--db":
          guard index < arguments.count else { throw UsageError("option --db needs a path") }
          index += 1
          continue
        case _ where argument.hasPrefix("--db="):
          continue
        case "-h", "--help", "--version":
          return nil
        case "--":
          optionsEnded = true
          // Before the command, `--` only ends the options; after it, it is the command's.
          if name == nil { continue }
        default:
          break
        }
      }
      if name == nil, optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        guard argument == "inspect" || argument == "replay" else { return nil }
        name = argument
      } else {
        rest.append(argument)
      }
    }
    return name.map { ($0, rest) }
  }

  /// A recorder writing to the log file at `path`, starting from `initialState`: the file
  /// opening and the sink, in one piece of their own.
  ///
  /// The log is created; a regular file already there is refused unless `replacing`, and
  /// anything else but a character device or a FIFO (written through) is refused, links
  /// included, so that a recording never destroys what it did not create.
  ///
  /// - Returns: The recorder, or `nil` after printing the error when the log cannot be written.
  static func makeRecorder(
    path: String, replacing: Bool, initialState: TodoFeature.State
  ) -> SessionRecorder<TodoFeature.State, TodoFeature.Action>? {
    do {
      return try SessionRecorder(
        appName: appName, initialState: initialState,
        sink: FileSessionSink(url: URL(filePath: path), existingFile: replacing ? .replace : .refuse))
    } catch let error as SessionFileError {
      let hint = error == .alreadyExists(path: path) ? " (use --record-replace to replace it)" : ""
      printError(error.description + hint)
      return nil
    } catch {
      printError("cannot record to \(path): \(error)")
      return nil
    }
  }

  /// The exit status of a command that ended with `status`, once the recording is accounted
  /// for: a recording that lost actions is reported, once, and ends the run with status 3.
  static func finish(
    status: Int32, recorder: SessionRecorder<TodoFeature.State, TodoFeature.Action>?, path: String?
  ) -> Int32 {
    guard let recorder, let failure = recorder.failure else { return status }
    let lost = recorder.skippedStepCount
    let reason =
      (failure as? SessionFileError)?.description ?? "cannot record to \(path ?? "?"): \(failure)"
    let total = recorder.stepCount
    printError(
      "\(reason); \(lost) of \(total) action\(total == 1 ? "" : "s") \(lost == 1 ? "was" : "were") "
        + "not recorded (the changes themselves were made)")
    return status == 0 ? 3 : status
  }

  /// Writes the inspector page of a session log, with the messages and the exit status of
  /// `uniflow-inspect`; returns the exit status.
  static func inspect(arguments: [String]) -> Int32 {
    let report = InspectCommand.run(arguments: arguments, usage: "todo inspect LOG [-o PAGE] [--app NAME]")
    for message in report.messages {
      switch message {
      case .output(let text): try? StandardOutput.writeLine(text)
      case .warning(let text):
        try? StandardOutput.write(Array("todo: warning: \(text)\n".utf8), to: STDERR_FILENO)
      case .error(let text): printError(text)
      }
    }
    return report.status
  }

  /// Replays a recorded session against the Todo feature as it is now, with the recorded
  /// answers of the database taken from the log, and reports the first step whose state
  /// differs; returns the exit status: 0 when every state matches, 1 at a divergence or when
  /// the log cannot be read, 2 for a usage error.
  static func replay(arguments: [String]) -> Int32 {
    guard arguments.count == 1, let path = arguments.first, !path.hasPrefix("-") || path == "-" else {
      printError("'todo replay' needs one session log: todo replay FILE (see 'todo --help')")
      return 2
    }
    let log: SessionLog
    do {
      log = try SessionLog(contentsOf: URL(filePath: path), expectedApp: appName)
    } catch {
      printError(error.description)
      return 1
    }
    for skipped in log.skippedLines {
      try? StandardOutput.write(
        Array("todo: warning: \(skipped.error); the line is skipped\n".utf8), to: STDERR_FILENO)
    }
    let result = Replay(log, reducer: TodoFeature(repository: InMemoryTodoRepository())).run()
    if result.isMatch {
      try? StandardOutput.writeLine(
        "replayed \(result.matchedStepCount) of \(result.recordedStepCount) recorded steps: every "
          + "state matches the recording")
      return 0
    }
    try? StandardOutput.writeLine(result.description)
    return 1
  }
}
