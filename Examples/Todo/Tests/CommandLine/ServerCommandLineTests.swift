import Foundation
import Testing
import TodoCore

/// The `todo` program on a PostgreSQL server (`--server`, `UNIFLOW_TODO_SERVER`), as a user
/// runs it, on the test process's cluster.
@Suite(.timeLimit(.minutes(10))) struct ServerCommandLineTests {
  let todo: TodoProcess
  let cluster: PostgresTestCluster
  let server: PostgresServer

  init() throws {
    todo = try TodoProcess()
    cluster = try PostgresTestCluster.shared()
    server = try cluster.makeDatabase()
  }

  /// Runs `todo --db <local file> --server <server> arguments…`.
  func run(
    _ arguments: String..., database: String? = nil, environment: [String: String?] = [:],
    input: String? = nil
  ) async throws -> TodoProcess.Result {
    try await run(arguments, database: database, environment: environment, input: input)
  }

  /// Runs `todo --db <local file> --server <server> arguments…`.
  func run(
    _ arguments: [String], database: String? = nil, environment: [String: String?] = [:],
    input: String? = nil
  ) async throws -> TodoProcess.Result {
    try await todo.runWithoutDatabase(
      ["--db", database ?? todo.database, "--server", server.connectionString] + arguments,
      environment: environment, input: input)
  }

  @Test func twoDevicesShareTheTodosAndKeepTheirOwnSettings() async throws {
    let laptop = todo.directory.file("laptop.sqlite")
    let desktop = todo.directory.file("desktop.sqlite")
    expectSuccess(try await run("add", "Buy milk", database: laptop), printing: "Added 1: Buy milk\n")
    expectSuccess(try await run("add", "Call mom", database: desktop), printing: "Added 2: Call mom\n")
    expectSuccess(try await run("done", "1", database: desktop), printing: "Done 1: Buy milk\n")
    expectSuccess(try await run("list", database: laptop), printing: "1  [x] Buy milk\n2  [ ] Call mom\n")
    expectSuccess(try await run("undo", database: laptop), printing: "Undid: complete “Buy milk”\n")

    // The display settings are the device's own.
    expectSuccess(
      try await run("config", "filter", "done", database: laptop), printing: "Set filter to done\n")
    expectSuccess(try await run("config", "filter", database: desktop), printing: "all\n")
    // The server can be named in the environment too.
    let fromEnvironment = try await todo.runWithoutDatabase(
      ["--db", desktop, "list"], environment: ["UNIFLOW_TODO_SERVER": server.connectionString])
    expectSuccess(fromEnvironment, printing: "1  [ ] Buy milk\n2  [ ] Call mom\n")
  }

  @Test func aReadOfADatabaseWithoutTodoTablesCreatesNothing() async throws {
    // Another application's database: its table, and no todo tables.
    try cluster.admin("CREATE TABLE invoices (id int PRIMARY KEY)", database: server.database)
    func tables() throws -> [String] {
      try PostgresConnection(server: server).query(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename"
      ).compactMap { $0.text(0) }
    }
    let warning = "todo: warning: the database \(server.description) has no todo tables yet"
    for command in [["list"], ["list", "--json"], ["done", "1"], ["undo"], ["show", "1"]] {
      let result = try await run(command)
      #expect(result.standardError.hasPrefix(warning), "\(command): \(result.standardError)")
      #expect(try tables() == ["invoices"], "\(command)")
    }
    let list = try await run("list")
    #expect(list.status == 0 && list.standardOutput == "")
    // The first command that stores something sets it up.
    expectSuccess(try await run("add", "Buy milk"), printing: "Added 1: Buy milk\n")
    #expect(try tables().contains("todos"))
    expectSuccess(try await run("list"), printing: "1  [ ] Buy milk\n")
  }

  @Test func aLoginWithoutGrantsIsToldWhatItMayDo() async throws {
    let role = "reader_\(server.database)"
    try cluster.admin(
      "CREATE ROLE \(role) LOGIN", "GRANT CONNECT ON DATABASE \(server.database) TO \(role)",
      "REVOKE CREATE ON SCHEMA public FROM PUBLIC", database: server.database)
    let reader = try cluster.server(database: server.database, user: role)
    func runAsReader(_ arguments: String...) async throws -> TodoProcess.Result {
      try await todo.runWithoutDatabase(
        ["--db", todo.database, "--server", reader.connectionString] + arguments)
    }
    // No tables yet, and a login that may not create them: what to do.
    expectFailure(
      try await runAsReader("add", "Buy milk"), status: 1,
      saying: "has no todo tables yet, and this login may not create them; run 'todo add' once as a role")
    // Set up by the owner; the reader may read, and is told it may not change.
    expectSuccess(try await run("add", "Buy milk"), printing: "Added 1: Buy milk\n")
    try cluster.admin(
      "GRANT USAGE ON SCHEMA public TO \(role)", "GRANT SELECT ON ALL TABLES IN SCHEMA public TO \(role)",
      database: server.database)
    expectSuccess(try await runAsReader("list"), printing: "1  [ ] Buy milk\n")
    expectFailure(
      try await runAsReader("done", "1"), status: 1,
      saying: "this login may read the todos on \(reader.description) but not change them")
    expectSuccess(try await run("list"), printing: "1  [ ] Buy milk\n")
  }

  @Test func aTitleThatLooksLikeSQLIsStoredAsText() async throws {
    let title = "'); DROP TABLE todos; --"
    expectSuccess(try await run("add", "--", title), printing: "Added 1: \(title)\n")
    expectSuccess(
      try await run("rename", "1", "--", "x'; DELETE FROM todos; --"),
      printing: "Renamed 1: x'; DELETE FROM todos; --\n")
    expectSuccess(
      try await run("note", "1", "$1 \\\\ ' \"; TRUNCATE todos"),
      printing: "Saved the note of 1: x'; DELETE FROM todos; --\n")
    expectSuccess(try await run("list"), printing: "1  [ ] x'; DELETE FROM todos; --\n")
  }

  @Test func eachServerFailureIsOneLineNamingItsCause() async throws {
    // No such database.
    let missing = try cluster.server(database: "nowhere")
    expectFailure(
      try await todo.runWithoutDatabase(["--db", todo.database, "--server", missing.connectionString, "list"]
      ),
      status: 1,
      saying:
        "the todo server nowhere on \(cluster.folder):\(cluster.port) as postgres has no database nowhere")

    // A wrong password, from the environment, over TCP: refused, and never shown.
    let tcp = "host=127.0.0.1 port=\(cluster.port) dbname=\(server.database) user=postgres"
    let refused = try await todo.runWithoutDatabase(
      ["--db", todo.database, "--server", tcp, "list"], environment: ["PGPASSWORD": "hunter2-secret"])
    expectFailure(refused, status: 1, saying: "refused the login: ")
    #expect(refused.standardError.contains("password authentication failed"))
    #expect(!refused.standardError.contains("hunter2"))

    // A password in the environment's URI is masked wherever it is shown.
    let uri = "postgresql://postgres:hunter2-secret@127.0.0.1:\(cluster.port)/\(server.database)"
    let masked = try await todo.runWithoutDatabase(
      ["--db", todo.database, "list"], environment: ["UNIFLOW_TODO_SERVER": uri])
    expectFailure(masked, status: 1, saying: "refused the login")
    #expect(!masked.standardError.contains("hunter2"))

    // Nobody listening.
    let closed = try await todo.runWithoutDatabase([
      "--db", todo.database, "--server", "host=\(todo.directory.path) port=1 dbname=x", "list",
    ])
    expectFailure(closed, status: 1, saying: "cannot reach the todo server x on \(todo.directory.path):1")

    // A table missing.
    expectSuccess(try await run("add", "Buy milk"), printing: "Added 1: Buy milk\n")
    try cluster.admin("DROP TABLE undo_rows", database: server.database)
    expectFailure(try await run("list"), status: 1, saying: "has no table undo_rows")

    // A newer schema: nothing written.
    try cluster.admin("UPDATE todo_schema SET version = 7", database: server.database)
    expectFailure(
      try await run("add", "x"), status: 1,
      saying: "has schema version 7 but this todo knows versions up to 2")
  }

  @Test(arguments: [
    "postgresql://todo:hunter2-secret@db.example.org/todos",
    "host=db.example.org password='hunter2 secret' dbname=todos",
    #"host=db.example.org password=Team\ hunter2 dbname=todos"#,
    "host=db.example.org password\t=hunter2 dbname=todos",
    "postgresql://todo@db.example.org/todos?pass%77ord=hunter2",
  ])
  func aPasswordOnTheCommandLineIsRefusedWithoutShowingIt(address: String) async throws {
    let result = try await todo.runWithoutDatabase(["--server", address, "list"])
    expectFailure(result, status: 2, saying: "--server (todos on db.example.org:")
    #expect(result.standardError.contains(PostgresServer.passwordAdvice))
    #expect(!result.standardError.contains("hunter2"))
  }

  @Test(arguments: [
    ("postgresql://todo:hunter2@[::1/todos", "the host: an IPv6 address opened with [ is not closed with ]"),
    ("postgresql://todo:hunter2%zz@127.0.0.1/todos", "the password: a % that is not followed by two"),
  ])
  func aMalformedAddressIsRefusedAlikeFromTheOptionAndTheEnvironment(
    address: String, reason: String
  )
    async throws
  {
    let option = try await todo.runWithoutDatabase(["--db", todo.database, "--server", address, "list"])
    expectFailure(option, status: 2, saying: reason)
    let variable = try await todo.runWithoutDatabase(
      ["--db", todo.database, "list"], environment: ["UNIFLOW_TODO_SERVER": address])
    expectFailure(variable, status: 2, saying: reason)
    #expect(variable.standardError.contains("UNIFLOW_TODO_SERVER"))
    #expect(!(option.standardError + variable.standardError).contains("hunter2"))
    // Nothing was created.
    #expect(!FileManager.default.fileExists(atPath: todo.database))
    let help = try await todo.runWithoutDatabase(["--help"])
    #expect(help.standardOutput.contains("--server CONNINFO"))
  }

  @Test func aPasswordInTheEnvironmentReachesNeitherTheRecordingNorTheMessages() async throws {
    // A role of its own, with a password, over TCP (where the cluster asks for one).
    let role = "recorder_\(server.database)"
    _ = try PostgresTodoRepository(server: server)
    try cluster.admin(
      "CREATE ROLE \(role) LOGIN PASSWORD 'hunter2-secret'",
      "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO \(role)",
      "GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO \(role)", database: server.database)
    let uri = "postgresql://\(role):hunter2-secret@127.0.0.1:\(cluster.port)/\(server.database)"
    let (addLog, failLog) = (todo.directory.file("add.jsonl"), todo.directory.file("fail.jsonl"))
    let added = try await todo.runWithoutDatabase(
      ["--db", todo.database, "--record", addLog, "add", "Buy milk"],
      environment: ["UNIFLOW_TODO_SERVER": uri])
    expectSuccess(added, printing: "Added 1: Buy milk\n")
    let missing = try await todo.runWithoutDatabase(
      ["--db", todo.database, "--record", failLog, "done", "7"], environment: ["UNIFLOW_TODO_SERVER": uri])
    expectFailure(missing, status: 1, saying: "no todo with id 7")
    let recordings = try [addLog, failLog].map {
      String(decoding: try todo.directory.contents(of: $0), as: UTF8.self)
    }
    #expect(recordings[0].contains("Buy milk"))
    #expect(!recordings.joined().contains("hunter2"))
  }

  @Test func aClientKilledMidChangeLosesNothingItAcknowledged() async throws {
    // Many clients adding at once, half of them killed at some point of their change.
    var runs: [TodoProcess.Running] = []
    for number in 1...16 {
      runs.append(
        try todo.start(["--db", todo.database, "--server", server.connectionString, "add", "item \(number)"]))
    }
    for (index, running) in runs.enumerated() where index % 2 == 1 {
      kill(running.process.processIdentifier, SIGKILL)
    }
    var acknowledged: [String] = []
    for running in runs {
      let result = try await todo.finish(running)
      if result.status == 0 { acknowledged.append(result.standardOutput) }
    }
    let snapshot = try await PostgresTodoRepository(server: server).snapshot()
    for line in acknowledged {
      let added = try #require(line.wholeMatch(of: /Added (\d+): (.*)\n/))
      #expect(snapshot.todos[id: Todo.ID(added.1)!]?.title == String(added.2))
    }
    // Nothing half done: each todo there has its undo step, and no title twice.
    #expect(snapshot.undoHistory.count == snapshot.todos.count)
    #expect(Set(snapshot.todos.map(\.title)).count == snapshot.todos.count)

    // An import killed part way is all or nothing.
    let lines = (1...20_000).map { "line \($0)" }.joined(separator: "\n")
    let importing = try todo.start(
      ["--db", todo.database, "--server", server.connectionString, "add", "-"], input: lines)
    try await Task.sleep(for: .milliseconds(Int.random(in: 0...300)))
    kill(importing.process.processIdentifier, SIGKILL)
    _ = try await todo.finish(importing)
    let imported =
      try await PostgresTodoRepository(server: server).snapshot().todos.count - snapshot.todos.count
    #expect(imported == 0 || imported == 20_000)
  }

  @Test func aCommandWhoseServerGoesAwaySaysItGaveUpAndChangesNothing() async throws {
    // A server of its own, to stop.
    let own = try PostgresTestCluster.makePrivate()
    defer { own.remove() }
    let server = try own.makeDatabase()
    _ = try PostgresTodoRepository(server: server)
    let importing = try todo.start(["--db", todo.database, "--server", server.connectionString, "add", "-"])
    // It connects before it reads its input: once its connection is there, the server goes.
    try await waitForAClient(of: own, on: server)
    try own.stopImmediately()
    importing.input.fileHandleForWriting.write(Data("Buy milk\n".utf8))
    let result = try await todo.finish(importing)
    expectFailure(
      result, status: 1,
      saying:
        "cannot reach the todo server \(server): gave up, nothing was changed; try again when it is back")
    #expect(!result.standardError.contains("reconnecting"))

    try own.start()
    #expect(try await PostgresTodoRepository(server: server).snapshot().todos.isEmpty)
  }

  /// Waits until a client other than this test's own connection is connected to `server`.
  private func waitForAClient(of cluster: PostgresTestCluster, on server: PostgresServer) async throws {
    let connection = try PostgresConnection(server: server)
    let deadline = ContinuousClock.now + .seconds(60)
    while ContinuousClock.now < deadline {
      let clients = try connection.query(
        """
        SELECT count(*) FROM pg_stat_activity
        WHERE datname = $1 AND backend_type = 'client backend' AND pid <> pg_backend_pid()
        """, [server.database]
      ).first?.integer(0)
      if (clients ?? 0) > 0 { return }
      try await Task.sleep(for: .milliseconds(20))
    }
    Issue.record("no client connected to \(server) within a minute")
  }
}
