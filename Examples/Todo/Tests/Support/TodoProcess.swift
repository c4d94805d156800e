import Foundation
import Testing
import UniflowTestSupport

/// The built `todo` program, run as a child process.
struct TodoProcess {
  /// What a run printed and how it ended.
  struct Result {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// The lines of standard error.
    var errorLines: [Substring] {
      standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    }
  }

  /// The `todo` executable, built next to the test bundle.
  static let executable: URL? = {
    let directory =
      Bundle.main.executableURL?.deletingLastPathComponent()
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [directory, directory.deletingLastPathComponent()].map {
      $0.appendingPathComponent("todo")
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// The environment every run starts from: the test's own, without the variables that choose
  /// the database, so that only what a test passes decides it.
  static let baseEnvironment: [String: String] = {
    var environment = ProcessInfo.processInfo.environment
    for name in ["UNIFLOW_TODO_DB", "XDG_DATA_HOME"] { environment[name] = nil }
    return environment
  }()

  /// The environment of a colour terminal, as the interactive tests run the program on.
  static let colourTerminal: [String: String?] = ["TERM": "xterm-256color", "NO_COLOR": nil]

  let directory: TemporaryDirectory
  /// The database the runs use, passed with `--db` unless a test passes its own options.
  let database: String

  init() throws {
    directory = try TemporaryDirectory()
    database = directory.file("todos.sqlite")
  }

  /// Runs `todo --db <database> arguments…`.
  func run(
    _ arguments: String..., input: String? = nil, standardOutput: FileHandle? = nil
  ) async throws -> Result {
    try await runWithoutDatabase(
      ["--db", database] + arguments, input: input, standardOutput: standardOutput)
  }

  /// Runs `todo arguments…` with the environment changed by `environment` (a `nil` value
  /// removes a variable).
  func runWithoutDatabase(
    _ arguments: [String], environment: [String: String?] = [:], input: String? = nil,
    standardInput: FileHandle? = nil, standardOutput: FileHandle? = nil
  ) async throws -> Result {
    let process = try start(
      arguments, environment: environment, input: input, standardInput: standardInput,
      standardOutput: standardOutput)
    return try await finish(process)
  }

  /// Runs `todo --db <database> arguments…` on a new pseudo-terminal, as a user at a terminal
  /// would, and returns its exit status and what it wrote to the terminal (standard output
  /// and standard error together, line breaks as the terminal sends them: `\r\n`).
  func runOnTerminal(
    _ arguments: [String], environment: [String: String?] = [:]
  ) async throws -> (
    status: Int32, output: String
  ) {
    let (terminal, process) = try startOnTerminal(
      arguments: arguments, environment: ["HOME": directory.file("home")].merging(environment) { $1 })
    let status = try await terminal.finish(process)
    return (status, terminal.text())
  }

  /// Starts `todo --db <database> arguments…` on a new pseudo-terminal and returns without
  /// waiting; see ``start(on:arguments:environment:unprivileged:)``.
  func startOnTerminal(
    arguments: [String] = [], environment: [String: String?] = [:], unprivileged: Bool = false
  ) throws -> (terminal: PseudoTerminal, process: Process) {
    let terminal = try PseudoTerminal()
    let process = try start(
      on: terminal, arguments: arguments, environment: environment, unprivileged: unprivileged)
    return (terminal, process)
  }

  /// Starts `todo --db <database> arguments…` on `terminal`, as a user at a terminal would,
  /// and returns without waiting; `environment` changes the base environment (a `nil` value
  /// removes a variable). `unprivileged` runs it as the user "nobody" when the tests run as
  /// root, for whom permissions are checked.
  func start(
    on terminal: PseudoTerminal, arguments: [String] = [], environment: [String: String?] = [:],
    unprivileged: Bool = false
  ) throws -> Process {
    let executable = try #require(Self.executable)
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--db", database] + arguments
    if unprivileged && geteuid() == 0 {
      process.executableURL = URL(filePath: "/usr/bin/setpriv")
      process.arguments =
        ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + (process.arguments ?? [])
    }
    var merged = Self.baseEnvironment
    for (name, value) in environment { merged[name] = value }
    process.environment = merged
    process.standardInput = terminal.terminal
    process.standardOutput = terminal.terminal
    process.standardError = terminal.terminal
    try process.run()
    try terminal.closeTerminalSide()
    return process
  }

  /// Starts the interactive list on a new pseudo-terminal, recording to `log`, and waits for
  /// its first screen.
  func startRecordedSession(to log: String) async throws -> (Process, PseudoTerminal) {
    let terminal = try PseudoTerminal()
    let process = try start(on: terminal, arguments: ["--record", log])
    try await terminal.read(until: "No todos yet. Press a to add one.")
    return (process, terminal)
  }

  /// A started process, with where its output goes.
  struct Running {
    let process: Process
    let input: Pipe
    let output: URL
    let error: URL
  }

  /// Starts `todo arguments…` and returns without waiting; the caller writes `input` if it
  /// wants, then calls ``finish(_:)``.
  ///
  /// - Parameters:
  ///   - standardInput: What the program reads instead of a pipe `input` is written to.
  ///   - standardOutput: Where the output goes instead of a file the result reads.
  ///   - unprivileged: Whether to run as the user "nobody" when the tests run as root (as a
  ///     continuous-integration machine does, where every permission check passes).
  func start(
    _ arguments: [String], environment: [String: String?] = [:], input: String? = nil,
    standardInput: FileHandle? = nil, standardOutput: FileHandle? = nil, unprivileged: Bool = false
  ) throws -> Running {
    let executable = try #require(
      Self.executable, "the todo executable is not built next to the tests; run 'swift build' first")
    let process = Process()
    if unprivileged && geteuid() == 0 {
      process.executableURL = URL(filePath: "/usr/bin/setpriv")
      process.arguments =
        ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    var merged = Self.baseEnvironment
    merged["HOME"] = directory.file("home")
    for (name, value) in environment { merged[name] = value }
    process.environment = merged
    // Files, not pipes, for the output: a child writing more than a pipe holds cannot block.
    let id = UUID().uuidString
    let output = URL(fileURLWithPath: directory.file("stdout-\(id)"))
    let error = URL(fileURLWithPath: directory.file("stderr-\(id)"))
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    _ = FileManager.default.createFile(atPath: error.path, contents: nil)
    process.standardOutput = try standardOutput ?? FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: error)
    let pipe = Pipe()
    process.standardInput = standardInput ?? pipe
    try process.run()
    if let input {
      pipe.fileHandleForWriting.write(Data(input.utf8))
      try pipe.fileHandleForWriting.close()
    }
    return Running(process: process, input: pipe, output: output, error: error)
  }

  /// Closes the input of a started process, waits for it to exit, and collects what it printed.
  func finish(_ running: Running) async throws -> Result {
    try? running.input.fileHandleForWriting.close()
    await running.process.waitForExit()
    return Result(
      status: running.process.terminationStatus,
      standardOutput: try Self.text(of: running.output),
      standardError: try Self.text(of: running.error))
  }

  /// The text of the file at `url`, read through a file handle: on Linux, Foundation's
  /// `Data(contentsOf:)` of an empty file (most runs print nothing to standard error) loses the
  /// 4 KiB buffer it read into, which AddressSanitizer's leak check reports.
  private static func text(of url: URL) throws -> String {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
  }
}

/// Expects a run that succeeded, printed `output` and nothing on standard error.
func expectSuccess(
  _ result: TodoProcess.Result, printing output: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(result.status == 0, sourceLocation: sourceLocation)
  #expect(result.standardOutput == output, sourceLocation: sourceLocation)
  #expect(result.standardError == "", sourceLocation: sourceLocation)
}

/// Expects one line on standard error, `todo: error: ` and a message containing `message`,
/// nothing on standard output, and `status`.
func expectFailure(
  _ result: TodoProcess.Result, status: Int32, saying message: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(result.status == status, sourceLocation: sourceLocation)
  #expect(result.standardOutput == "", sourceLocation: sourceLocation)
  #expect(result.errorLines.count == 1, "\(result.standardError)", sourceLocation: sourceLocation)
  #expect(result.standardError.hasPrefix("todo: error: "), sourceLocation: sourceLocation)
  #expect(result.standardError.contains(message), "\(result.standardError)", sourceLocation: sourceLocation)
}
