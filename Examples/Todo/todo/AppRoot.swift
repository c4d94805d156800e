import Foundation
import TodoCore
import TodoTerminal
import Uniflow
import UniflowDevTools

/// The composition root: the one place the program is built, from the command line to the
/// store — the repository and its change watch, the shared values and the settings storage,
/// the recorder — and run.
///
/// Nothing is global: `main` reads the command line and the environment and hands them to
/// ``run(arguments:environment:)``, which makes one root for the command it runs, and hands its
/// parts to the one-shot command or to the terminal app.
///
/// The todos live on the embedded SQLite file, or on a PostgreSQL server with `--server
/// CONNINFO` (or `UNIFLOW_TODO_SERVER`); either way the display settings stay in the local
/// file, per device.
///
/// ```swift
/// let root = AppRoot(repository: repository, changeWatch: watch, settings: settings, recorder: nil)
/// await root.store.send(.add(title: "Buy milk")).finish()
/// ```
@MainActor
struct AppRoot {
  /// The environment variable that names the todo server when `--server` does not.
  static let serverVariable = "UNIFLOW_TODO_SERVER"

  /// The state every run starts from: nothing loaded yet, the list showing `settings`.
  ///
  /// - Parameter settings: The display settings the list and the settings screen share.
  /// - Returns: The initial state.
  static func initialState(settings: Shared<TodoSettings>) -> TodoFeature.State {
    TodoFeature.State(list: TodoListFeature.State(settings: settings))
  }

  /// The app's store, recorded when there is a recorder.
  let store: StoreOf<TodoFeature>
  /// What tells the repository of the changes other processes or clients make.
  let changeWatch: any TodoChangeWatch

  /// Builds the program on a repository.
  ///
  /// - Parameters:
  ///   - repository: Where the todos live.
  ///   - changeWatch: The watch that fits the repository.
  ///   - settings: The display settings: kept in the database, or a copy of them that a
  ///     one-shot command may change without keeping.
  ///   - recorder: What records the session, if it is recorded; it must start from
  ///     ``initialState(settings:)``.
  init(
    repository: any TodoRepository,
    changeWatch: any TodoChangeWatch,
    settings: Shared<TodoSettings>,
    recorder: SessionRecorder<TodoFeature.State, TodoFeature.Action>?
  ) {
    // A recording holds the effects too, drawn as lanes by the inspector.
    var configuration = StoreConfiguration()
    if let recorder { configuration.effectEventHandler = { recorder.record($0) } }
    store = Store(
      initialState: Self.initialState(settings: settings), reducer: TodoFeature(repository: repository),
      middleware: recorder.map { [$0.middleware] } ?? [], configuration: configuration)
    self.changeWatch = changeWatch
  }

  /// Runs the program and returns the exit status: a failure to write the output is an error
  /// (status 1; 3 after a change, which ``OneShot`` reports itself), a reader that went away
  /// ends the program quietly.
  ///
  /// - Parameters:
  ///   - arguments: The command line, without the program's name.
  ///   - environment: The process's environment.
  static func run(arguments: [String], environment: [String: String]) async -> Int32 {
    do throws(StandardOutput.Failure) {
      return try await runCommand(arguments: arguments, environment: environment)
    } catch .closed {
      return 0
    } catch {
      printError(error.description)
      return 1
    }
  }

  /// Parses the command line, builds the program and runs the command; returns the exit
  /// status.
  private static func runCommand(
    arguments: [String], environment: [String: String]
  ) async throws(StandardOutput.Failure) -> Int32 {
    let invocation: Invocation
    let recording: Recording.Options
    do {
      recording = try Recording.options(from: arguments, environment: environment)
      if let inspect = recording.inspect { return Recording.inspect(arguments: inspect) }
      if let replay = recording.replay { return Recording.replay(arguments: replay) }
      invocation = try Invocation(arguments: recording.arguments)
    } catch {
      printError("\(error.message) (see 'todo --help')")
      return 2
    }
    // The server's address is checked before anything runs, the same way (and with the same
    // status) from the option as from the environment; no message repeats it.
    let server: PostgresServer?
    do throws(TodoStoreError) {
      server = try serverAddress(invocation: invocation, environment: environment)
    } catch {
      printError("\(error.description) (see 'todo --help')")
      return 2
    }
    switch invocation.command {
    case .help:
      try StandardOutput.writeLine(
        helpText(backend: backend(server: server, invocation: invocation, environment: environment)))
      return 0
    case .version:
      try StandardOutput.writeLine(
        "todo \(programVersion) (Uniflow; SQLite \(SQLiteDatabase.libraryVersion); "
          + "libpq \(PostgresServer.libraryVersion))")
      return 0
    default:
      break
    }
    // A dumb terminal cannot place the cursor: it gets the plain list.
    let isInteractive =
      invocation.command == .standard && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
      && environment["TERM"] != "dumb"
    let diagnostics = SharedDiagnostics(holdsUntilPrinted: isInteractive)
    let repository: any TodoRepository
    let changeWatch: any TodoChangeWatch
    var settings: Shared<TodoSettings>
    // Settings change a few times a minute at most: a short interval lets a quick second
    // change reach the other running programs within a tenth of a second. A `config` command
    // says itself when the setting could not be written.
    let reportsItsWrites = invocation.command.isConfig
    let values = SharedValues(writeInterval: .milliseconds(100)) { diagnostic in
      if reportsItsWrites, case .sharedStorageFailed(let error) = diagnostic, error.reason == .writeFailed {
        return
      }
      diagnostics.report(diagnostic)
    }
    do {
      let path = try TodoDatabaseLocation.resolve(
        explicitPath: invocation.databasePath, environment: environment)
      // A command that only reads creates nothing: where there is no database file, it answers
      // as from an empty one (with the settings' defaults), and names a path the user chose,
      // which may be mistyped.
      let readsNothingThere =
        !isInteractive && !invocation.command.createsTheDatabase && TodoDatabaseLocation.isMissing(path)
      if let server {
        (repository, changeWatch) = try serverRepository(
          server, setsUp: isInteractive || invocation.command.createsTheDatabase)
      } else if readsNothingThere {
        if invocation.databasePath != nil || environment[TodoDatabaseLocation.environmentVariable] == path {
          printWarning("there is no todo database at \(path); nothing is read or created there")
        }
        (repository, changeWatch) = (InMemoryTodoRepository(), NothingToWatch())
      } else {
        let todos = try SQLiteTodoRepository(path: path)
        (repository, changeWatch) = (todos, SQLiteChangeWatch(repository: todos))
      }
      settings =
        readsNothingThere
        ? Shared(TodoSettings())
        : try await values.shared(try SQLiteSettingsStorage(path: path), default: TodoSettings())
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
        path: path, replacing: recording.replacesRecord, initialState: initialState(settings: settings))
      if recorder == nil { return 1 }
    }
    let root = AppRoot(
      repository: repository, changeWatch: changeWatch, settings: settings, recorder: recorder)
    if isInteractive {
      let status = await TerminalApp(
        store: root.store, changeWatch: root.changeWatch, diagnostics: diagnostics,
        backend: backend(server: server, invocation: invocation, environment: environment)
          ?? .local(path: invocation.databasePath ?? "", home: nil)
      ).run()
      // The settings' last change is written before the program ends.
      await values.flush()
      return Recording.finish(status: status, recorder: recorder, path: recording.recordPath)
    }
    let status = try await OneShot(store: root.store).run(invocation.command)
    await values.flush()
    return Recording.finish(status: status, recorder: recorder, path: recording.recordPath)
  }

  /// Where the todos are, as the program names it; `nil` when the database's path cannot be
  /// worked out (the error comes when it is used).
  private static func backend(
    server: PostgresServer?, invocation: Invocation, environment: [String: String]
  ) -> Backend? {
    if let server { return .server(server) }
    guard
      let path = try? TodoDatabaseLocation.resolve(
        explicitPath: invocation.databasePath, environment: environment)
    else { return nil }
    return .local(path: path, home: environment["HOME"])
  }

  /// The repository on the server and its change watch. As on the local file, only what
  /// stores something sets up a database with no todo tables; a read answers as from an empty
  /// list (with a warning) and leaves it as it was.
  private static func serverRepository(
    _ server: PostgresServer, setsUp: Bool
  ) throws(TodoStoreError) -> (any TodoRepository, any TodoChangeWatch) {
    let todos: PostgresTodoRepository
    do {
      todos = try PostgresTodoRepository(server: server, setsUp: setsUp)
    } catch {
      guard case .serverNotSetUp = error else { throw error }
      printWarning(error.description)
      return (InMemoryTodoRepository(), NothingToWatch())
    }
    return (todos, PostgresChangeWatch(repository: todos))
  }

  /// The todo server `--server` or `UNIFLOW_TODO_SERVER` names, checked; `nil` for the local
  /// file. A password in `--server` is refused: the process list and the shell's history would
  /// show it.
  private static func serverAddress(
    invocation: Invocation, environment: [String: String]
  ) throws(TodoStoreError) -> PostgresServer? {
    if let address = invocation.server { return try PostgresServer(address, isOption: true) }
    guard let address = environment[serverVariable], !address.isEmpty else { return nil }
    do throws(TodoStoreError) {
      return try PostgresServer(address, isOption: false)
    } catch .badServerAddress(let reason) {
      throw .badServerAddress(reason: "\(reason) (in \(serverVariable))")
    }
  }
}

/// The change watch of a list that lives in this process only: nothing else can change it.
private struct NothingToWatch: TodoChangeWatch {
  func run(reportingFailuresTo report: @escaping @MainActor @Sendable (TodoStoreError) -> Void) async {}
}
