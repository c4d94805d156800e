import Foundation
import TodoCore

/// Parses the command line, opens the database and runs the command; returns the exit status.
@MainActor
func runProgram(arguments: [String]) async -> Int32 {
  let invocation: Invocation
  let recording: Recording.Options
  do {
    recording = try Recording.options(from: arguments, environment: ProcessInfo.processInfo.environment)
    if let inspect = recording.inspect { return Recording.inspect(log: inspect.log, page: inspect.page) }
    invocation = try Invocation(arguments: recording.arguments)
  } catch {
    printError("\(error.message) (see 'todo --help')")
    return 2
  }
  switch invocation.command {
  case .help:
    print(helpText)
    return 0
  case .version:
    print("todo \(programVersion) (Uniflow; SQLite \(SQLiteDatabase.libraryVersion))")
    return 0
  default:
    break
  }
  let repository: SQLiteTodoRepository
  do {
    let path = try TodoDatabaseLocation.resolve(
      explicitPath: invocation.databasePath, environment: ProcessInfo.processInfo.environment)
    repository = try SQLiteTodoRepository(path: path)
  } catch {
    printError(error.description)
    return 1
  }
  if let path = recording.recordPath, !Recording.start(path: path) { return 1 }
  if invocation.command == .standard, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
    return await InteractiveList(repository: repository).run()
  }
  return await OneShot(repository: repository).run(invocation.command)
}

exit(await runProgram(arguments: Array(CommandLine.arguments.dropFirst())))
