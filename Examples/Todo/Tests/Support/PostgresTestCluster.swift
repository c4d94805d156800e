import Foundation
import TodoCore
import Uniflow

/// A throwaway PostgreSQL cluster: `initdb` into a temporary folder, `pg_ctl` with its Unix
/// socket in that folder and a loopback port, stopped and removed when the test process ends.
///
/// The tests share one cluster per process (``shared()``), each test with a database of its
/// own (``makeDatabase()``), so the suite pays for one `initdb`; a test that stops the server
/// starts a cluster of its own (``makePrivate()``), copied from the same `initdb`.
///
/// `initdb` refuses to run as root: as root (CI), the server runs as the `postgres` user, in a
/// folder it owns. Local connections (the socket) are trusted; connections over TCP need a
/// password (SCRAM), so that a wrong one is refused as a real server refuses it.
///
/// A small shell waits on a pipe from this process: when the process ends, however it ends, the
/// pipe closes, and the shell stops the server and removes the folder (``Tools/watchdog``).
final class PostgresTestCluster: Sendable {
  /// Why the cluster could not be made; a test that needs it fails with it, never skips.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The folder: the data directory, the socket and the log.
  let folder: String
  /// The loopback port.
  let port: Int
  private let tools: Tools
  /// The watchdog: the write end of its pipe, and its process; `nil` once closed.
  private let watchdog: LockIsolated<Watchdog?>
  private let databases = LockIsolated(0)

  /// The cluster of this test process, started by the first test that asks.
  static func shared() throws -> PostgresTestCluster {
    try sharedCluster.get()
  }

  /// A cluster of its own, for a test that stops and starts the server.
  static func makePrivate() throws -> PostgresTestCluster {
    let tools = try PostgresTestCluster.tools.get()
    return try PostgresTestCluster(tools: tools, data: tools.copyTemplate())
  }

  private static let sharedCluster = Result { () throws -> PostgresTestCluster in
    let tools = try PostgresTestCluster.tools.get()
    return try PostgresTestCluster(tools: tools, data: tools.copyTemplate())
  }

  private static let tools = Result { try Tools() }

  private init(tools: Tools, data folder: String) throws {
    self.tools = tools
    self.folder = folder
    port = try Self.freePort()
    watchdog = LockIsolated(
      try Tools.watchdog(removing: folder, stopping: tools.asOwner(["pg_ctl"], quoted: true)))
    try start()
  }

  /// Starts the server (again), and waits until it accepts connections.
  func start() throws {
    try tools.run(
      "pg_ctl", "-D", "\(folder)/data", "-l", "\(folder)/server.log", "-w", "-t", "60",
      "-o", "-k \(folder) -p \(port) -h 127.0.0.1 -F -c max_connections=200", "start")
  }

  /// Stops the server as a crash or a power cut would: `pg_ctl stop -m immediate`.
  func stopImmediately() throws {
    try tools.run("pg_ctl", "-D", "\(folder)/data", "-m", "immediate", "-w", "stop")
  }

  /// Stops the server and removes the folder, as the end of the process would, and waits for
  /// the watchdog to end: a child left unreaped would be seen by Swift Testing's waiter for
  /// exit tests, which then spins on it and never sees its own children end.
  func remove() {
    _ = try? tools.run("pg_ctl", "-D", "\(folder)/data", "-m", "fast", "-w", "stop")
    guard let watchdog = watchdog.withLock({ $0.take() }) else { return }
    close(watchdog.pipe)
    _ = try? Spawn.wait(for: watchdog.process)
  }

  /// The address of a database on the cluster, through its socket, as the superuser.
  func server(database: String, user: String = "postgres") throws -> PostgresServer {
    try PostgresServer("host=\(folder) port=\(port) dbname=\(database) user=\(user)")
  }

  /// Makes a new, empty database and returns its address.
  func makeDatabase() throws -> PostgresServer {
    let name = databases.withLock { count in
      count += 1
      return "todo_\(count)"
    }
    try admin("CREATE DATABASE \(name)")
    return try server(database: name)
  }

  /// Runs statements as the superuser on database `database`.
  func admin(_ statements: String..., database: String = "postgres") throws {
    let connection = try PostgresConnection(server: server(database: database))
    for statement in statements { try connection.query(statement) }
  }

  /// Finds a free loopback port, as the system gives one to a socket bound to port 0.
  private static func freePort() throws -> Int {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw Failure(description: "cannot open a socket") }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
      }
    }
    guard bound else { throw Failure(description: "cannot find a free port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// The server's programs, and the `initdb` every cluster of the process copies.
  private struct Tools: Sendable {
    /// The folder of `initdb`, `pg_ctl` and `postgres`.
    let directory: String
    /// The user the server runs as when the tests run as root.
    let owner: String?
    /// A folder holding the data directory `initdb` made (never started).
    let template: String
    /// The template's watchdog, which removes it at the end of the process.
    let templateWatchdog: Watchdog

    init() throws {
      directory = try Self.findDirectory()
      owner = getuid() == 0 ? "postgres" : nil
      template = try Self.makeFolder(owner: owner)
      templateWatchdog = try Self.watchdog(removing: template, stopping: nil)
      try run(
        "initdb", "-D", "\(template)/data", "-U", "postgres", "--auth-local=trust",
        "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions")
    }

    /// Starts a shell that waits on a pipe from this process: when the process ends, however
    /// it ends, the pipe closes, and the shell stops the server (if asked) and removes
    /// `folder`. Returns the pipe's write end and the shell.
    ///
    /// - Parameters:
    ///   - folder: The folder to remove.
    ///   - pgControl: The command line of `pg_ctl`, to stop the server in the folder first.
    static func watchdog(removing folder: String, stopping pgControl: String?) throws -> Watchdog {
      var descriptors: [Int32] = [-1, -1]
      guard pipe(&descriptors) == 0 else { throw Failure(description: "cannot make a pipe") }
      _ = fcntl(descriptors[1], F_SETFD, FD_CLOEXEC)
      let stop = pgControl.map { "\($0) -D \"$1/data\" -m immediate stop >/dev/null 2>&1; " } ?? ""
      let process = try Spawn.start(
        ["/bin/sh", "-c", "read _; \(stop)rm -rf \"$1\"", "watchdog", folder], input: descriptors[0],
        output: "/dev/null")
      close(descriptors[0])
      return Watchdog(pipe: descriptors[1], process: process)
    }

    /// A copy of the template, in a folder of its own.
    func copyTemplate() throws -> String {
      let folder = try Self.makeFolder(owner: owner)
      try run("cp", "-a", "\(template)/data", "\(folder)/data", tool: false)
      return folder
    }

    /// `pg_config --bindir`, or the newest `/usr/lib/postgresql/*/bin` (Debian's layout).
    private static func findDirectory() throws -> String {
      let fileManager = FileManager.default
      var candidates: [String] = []
      let log = "/tmp/todo-postgres-bindir.\(getpid())"
      defer { unlink(log) }
      if let process = try? Spawn.start(["pg_config", "--bindir"], output: log),
        (try? Spawn.wait(for: process)) == 0,
        let path = try? String(contentsOfFile: log, encoding: .utf8)
      {
        candidates.append(path.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      let versions = (try? fileManager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
      for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
        candidates.append("/usr/lib/postgresql/\(version)/bin")
      }
      guard let found = candidates.first(where: { fileManager.isExecutableFile(atPath: "\($0)/initdb") })
      else {
        throw Failure(
          description: "no PostgreSQL server programs (initdb, pg_ctl) found: install postgresql "
            + "(apt-get install postgresql libpq-dev)")
      }
      return found
    }

    /// A new folder under the temporary directory, owned by `owner`.
    private static func makeFolder(owner: String?) throws -> String {
      var template = Array("/tmp/todo-postgres.XXXXXX".utf8CString)
      guard let made = mkdtemp(&template) else {
        throw Failure(description: "cannot make a temporary folder")
      }
      let folder = String(cString: made)
      if let owner, let user = getpwnam(owner) {
        guard chown(folder, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
          throw Failure(description: "cannot give \(folder) to \(owner)")
        }
      }
      return folder
    }

    /// The command line that runs `arguments` as the owner (the tool's name made a path).
    func asOwner(_ arguments: [String], quoted: Bool = false) -> String {
      let command = ["\(directory)/\(arguments[0])"] + arguments.dropFirst()
      let words = (owner.map { ["runuser", "-u", $0, "--"] } ?? []) + command
      return quoted ? words.map { "'\($0)'" }.joined(separator: " ") : words.joined(separator: " ")
    }

    /// Runs a server program as the owner (or, with `tool: false`, a system command as this
    /// process), and fails with its output when it fails.
    func run(_ arguments: String..., tool: Bool = true) throws {
      var command = arguments
      if tool {
        command[0] = "\(directory)/\(command[0])"
        if let owner { command = ["runuser", "-u", owner, "--"] + command }
      }
      let log = "/tmp/todo-postgres-command.\(getpid()).\(UInt64.random(in: 0...UInt64.max))"
      defer { unlink(log) }
      let status = try Spawn.wait(for: Spawn.start(command, output: log))
      guard status == 0 else {
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        throw Failure(description: "\(command.joined(separator: " ")) failed (\(status)): \(output)")
      }
    }
  }
}

/// A shell that removes a cluster's folder when its pipe closes.
struct Watchdog {
  /// The write end of the pipe the shell reads.
  let pipe: Int32
  /// The shell.
  let process: pid_t
}

/// Starts programs with `posix_spawn` and waits for them with `waitpid`: the cluster starts
/// while every thread of the test pool may be waiting for it, and a `Process` needs a run loop
/// to learn that its program ended. The child keeps no descriptor of the test process but
/// those it is given.
enum Spawn {
  /// Starts `arguments` (the program found on the `PATH`) with standard input from `input`
  /// (or `/dev/null`) and standard output and error to the file `output`; returns its id.
  static func start(_ arguments: [String], input: Int32? = nil, output: String) throws -> pid_t {
    #if canImport(Glibc)
      var actions = posix_spawn_file_actions_t()
    #else
      var actions: posix_spawn_file_actions_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let input {
      posix_spawn_file_actions_adddup2(&actions, input, 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // Every other descriptor closed (one that is not open is no error): a server started by
    // pg_ctl would otherwise keep another test's pipe open, and that test would wait forever.
    let open = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap {
      Int32($0)
    }
    for descriptor in 3...(open.max() ?? 3) + 64 { posix_spawn_file_actions_addclose(&actions, descriptor) }
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var process = pid_t()
    let code = posix_spawnp(&process, arguments[0], &actions, nil, argv, environ)
    guard code == 0 else {
      throw PostgresTestCluster.Failure(
        description: "cannot start \(arguments[0]): \(String(cString: strerror(code)))")
    }
    return process
  }

  /// Waits for a program started by ``start(_:input:output:)`` to end; returns its exit status.
  static func wait(for process: pid_t) throws -> Int32 {
    var status: Int32 = 0
    while waitpid(process, &status, 0) < 0 {
      guard errno == EINTR else {
        throw PostgresTestCluster.Failure(description: "cannot wait for process \(process)")
      }
    }
    // WIFEXITED / WEXITSTATUS, which Swift does not import.
    return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
  }
}
