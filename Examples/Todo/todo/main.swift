import Foundation
import TodoCore
import TodoTerminal
import Uniflow
import UniflowDevTools

/// Runs the program and returns the exit status: a failure to write the output is an error
/// (status 1; 3 after a change, which ``OneShot`` reports itself), a reader that went away ends
/// the program quietly.
@MainActor
func runProgram(arguments: [String]) async -> Int32 {
  do throws(StandardOutput.Failure) {
    return try await runCommand(arguments: arguments)
  } catch .closed {
    return 0
  } catch {
    printError(error.description)
    return 1
  }
}

/// Parses the command line, opens the database and runs the command; returns the exit status.
@MainActor
func runCommand(arguments: [String]) async throws(StandardOutput.Failure) -> Int32 {
  let invocation: Invocation
  let recording: Recording.Options
  do {
    recording = try Recording.options(from: arguments, environment: ProcessInfo.processInfo.environment)
    if let inspect = recording.inspect { return Recording.inspect(arguments: inspect) }
    if let replay = recording.replay { return Recording.replay(arguments: replay) }
    invocation = try Invocation(arguments: recording.arguments)
  } catch {
    printError("\(error.message) (see 'todo --help')")
    return 2
  }
  switch invocation.command {
  case .help:
    try StandardOutput.writeLine(helpText)
    return 0
  case .version:
    try StandardOutput.writeLine("todo \(programVersion) (Uniflow; SQLite \(SQLiteDatabase.libraryVersion))")
    return 0
  default:
    break
  }
  // A dumb terminal cannot place the cursor: it gets the plain list.
  let isInteractive =
    invocation.command == .standard && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    && ProcessInfo.processInfo.environment["TERM"] != "dumb"
  let repository: SQLiteTodoRepository
  let diagnostics = SharedDiagnostics(holdsUntilPrinted: isInteractive)
  var settings: Shared<TodoSettings>
  do {
    let path = try TodoDatabaseLocation.resolve(
      explicitPath: invocation.databasePath, environment: ProcessInfo.processInfo.environment)
    repository = try SQLiteTodoRepository(path: path)
    // Settings change a few times a minute at most: a short interval lets a quick second
    // change reach the other running programs within a tenth of a second.
    let values = SharedValues(
      writeInterval: .milliseconds(100), diagnosticHandler: { diagnostics.report($0) })
    settings = try values.shared(try SQLiteSettingsStorage(path: path), default: TodoSettings())
  } catch let error as TodoStoreError {
    printError(error.description)
    return 1
  } catch {
    printError("\(error)")
    return 1
  }
  if !isInteractive, !invocation.command.isConfig {
    // `todo list --open` shows the open todos without making `open` the list's filter.
    settings = Shared(settings.value)
  }
  var recorder: SessionRecorder<TodoFeature.State, TodoFeature.Action>?
  if let path = recording.recordPath {
    recorder = Recording.makeRecorder(
      path: path, replacing: recording.replacesRecord,
      initialState: AppRoot.initialState(settings: settings))
    if recorder == nil { return 1 }
  }
  let root = AppRoot(repository: repository, settings: settings, recorder: recorder)
  if isInteractive {
    let status = await TerminalApp(
      store: root.store, changeMonitor: root.changeMonitor, diagnostics: diagnostics
    ).run()
    return Recording.finish(status: status, recorder: recorder, path: recording.recordPath)
  }
  let status = try await OneShot(store: root.store).run(invocation.command)
  return Recording.finish(status: status, recorder: recorder, path: recording.recordPath)
}

// A reader that goes away must not kill the program: the write reports it instead.
signal(SIGPIPE, SIG_IGN)
exit(await runProgram(arguments: Array(CommandLine.arguments.dropFirst())))
