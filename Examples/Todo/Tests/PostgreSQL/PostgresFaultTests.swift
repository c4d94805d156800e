import Foundation
import Testing
import TodoCore
import Uniflow

/// What a PostgreSQL client does when the connection breaks or the server goes away: nothing
/// applied twice, nothing lost, and back by itself.
@Suite(.timeLimit(.minutes(10))) struct PostgresFaultTests {
  @Test func aChangeWhoseCommitAnswerIsLostIsSentAgainAndAppliedOnce() async throws {
    let repository = try PostgresTodoRepository(server: PostgresTestCluster.shared().makeDatabase())
    _ = try await repository.add(title: "Buy milk", at: testDate)

    // The toggle commits, and its answer is lost: sent again, it must not toggle back.
    repository.inject(.loseCommitAnswer)
    let toggled = try await repository.toggleDone(id: 1, at: testDate)
    #expect(toggled.value == TodoUpdate(todo: todo(1, "Buy milk", isDone: true), isChanged: true))
    #expect(toggled.contents.todos == [todo(1, "Buy milk", isDone: true)])

    repository.inject(.loseCommitAnswer)
    #expect(try await repository.add(title: "Call mom", at: testDate).value == todo(2, "Call mom"))
    let snapshot = try await repository.snapshot()
    #expect(snapshot.todos == [todo(1, "Buy milk", isDone: true), todo(2, "Call mom")])
    #expect(snapshot.undoHistory == ["add “Buy milk”", "complete “Buy milk”", "add “Call mom”"])
  }

  @Test func aChangeLostBeforeItsCommitIsSentAgainAndAppliedOnce() async throws {
    let repository = try PostgresTodoRepository(server: PostgresTestCluster.shared().makeDatabase())
    repository.inject(.loseConnectionBeforeCommit)
    #expect(try await repository.add(title: "Buy milk", at: testDate).value == todo(1, "Buy milk"))
    repository.inject(.loseConnectionBeforeCommit)
    _ = try await repository.undo()
    let snapshot = try await repository.snapshot()
    #expect((snapshot.todos, snapshot.undoHistory) == ([], []))
    #expect(try await repository.redo().value == "add “Buy milk”")
  }

  @Test func aStoppedServerIsReportedAndCaughtUpWithOnceItIsBack() async throws {
    let cluster = try PostgresTestCluster.makePrivate()
    defer { cluster.remove() }
    let server = try cluster.makeDatabase()
    let watched = try PostgresTodoRepository(server: server)
    let other = try PostgresTodoRepository(server: server)
    _ = try await other.add(title: "Buy milk", at: testDate)
    var updates = watched.updates().makeAsyncIterator()
    #expect(try await updates.next()?.get().todos == [todo(1, "Buy milk")])
    let (failures, reported) = AsyncStream.makeStream(of: TodoStoreError.self)
    let watching = Task { await PostgresChangeWatch(repository: watched).run { reported.yield($0) } }
    defer { watching.cancel() }
    var failure = failures.makeAsyncIterator()

    try cluster.stopImmediately()
    #expect(await failure.next() == .offline(server: server.description))
    // A change is refused, and says why; reads too.
    await #expect(throws: TodoStoreError.offline(server: server.description)) {
      _ = try await watched.add(title: "Call mom", at: testDate)
    }
    await #expect(throws: TodoStoreError.offline(server: server.description)) { try await other.snapshot() }

    try cluster.start()
    // Both connect again by themselves: the other's change reaches the watched one.
    _ = try await other.add(title: "Call mom", at: testDate)
    try await nextContents(of: &updates) { $0.todos.map(\.title) == ["Buy milk", "Call mom"] }
    _ = try await watched.add(title: "Write report", at: testDate)
    #expect(try await other.snapshot().todos.map(\.title) == ["Buy milk", "Call mom", "Write report"])
    watching.cancel()
    await watching.value
  }

  /// The watch's interval between logins is a second here (30 s in the program): long enough to
  /// see that it waits it out, and that the message says how long.
  @Test func aPasswordChangedWhileWatchingIsReportedAsARefusedLoginNotAnOutage() async throws {
    let cluster = try PostgresTestCluster.shared()
    let server = try cluster.makeDatabase()
    _ = try PostgresTodoRepository(server: server)
    let role = "watcher_\(server.database)"
    try cluster.admin(
      "CREATE ROLE \(role) LOGIN PASSWORD 'first-secret'",
      "GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO \(role)",
      "GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO \(role)", database: server.database)
    // Over TCP, where the cluster asks for the password.
    let client = try PostgresServer(
      "postgresql://\(role):first-secret@127.0.0.1:\(cluster.port)/\(server.database)")
    let watched = try PostgresTodoRepository(server: client)
    var updates = watched.updates().makeAsyncIterator()
    _ = await updates.next()
    let (failures, reported) = AsyncStream.makeStream(of: TodoStoreError.self)
    let watch = PostgresChangeWatch(repository: watched, loginRetryInterval: .seconds(1))
    let watching = Task { await watch.run { reported.yield($0) } }
    defer { watching.cancel() }
    var failure = failures.makeAsyncIterator()
    // Listening: a change another client makes arrives.
    _ = try await PostgresTodoRepository(server: server).add(title: "Buy milk", at: testDate)
    try await nextContents(of: &updates) { $0.todos.map(\.title) == ["Buy milk"] }

    try cluster.admin(
      "ALTER ROLE \(role) PASSWORD 'second-secret'",
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '\(role)'")
    #expect(await failure.next() == .offline(server: client.description))
    let refused = await failure.next()
    guard case .loginRefused(let name, let reason)? = refused else {
      Issue.record("not a refused login: \(String(describing: refused))")
      return
    }
    #expect(name == client.description)
    #expect(reason.contains("password authentication failed"))
    #expect(reason.hasSuffix("; trying again every 1 s"))
    #expect(refused?.isConnectionLoss == true)
    #expect(refused?.description.contains("secret") == false)

    // The next try waits the interval out, and is refused again: the server's log dates each
    // refused login, as the watch makes it.
    #expect(await failure.next() == refused)
    let refusals = try String(contentsOfFile: "\(cluster.folder)/server.log", encoding: .utf8)
      .split(separator: "\n").filter { $0.contains("password authentication failed for user \"\(role)\"") }
      .map { line in try #require(loggedTime(of: line), "\(line)") }
    #expect(refusals.count >= 2)
    for (earlier, later) in zip(refusals, refusals.dropFirst()) {
      #expect(later.timeIntervalSince(earlier) >= 0.95)
    }

    // The password put back: the next try logs in, and the watch listens again.
    try cluster.admin("ALTER ROLE \(role) PASSWORD 'first-secret'")
    _ = try await PostgresTodoRepository(server: server).add(title: "Call mom", at: testDate)
    try await nextContents(of: &updates) { $0.todos.map(\.title) == ["Buy milk", "Call mom"] }
    watching.cancel()
    await watching.value
  }

  @Test func aNewerSchemaOrAMissingTableIsRefusedAndLeftAlone() async throws {
    let cluster = try PostgresTestCluster.shared()
    let server = try cluster.makeDatabase()
    _ = try PostgresTodoRepository(server: server)
    try cluster.admin("UPDATE todo_schema SET version = 99", database: server.database)
    #expect(throws: TodoStoreError.newerServerSchema(server: server.description, version: 99, supported: 2)) {
      try PostgresTodoRepository(server: server)
    }
    try cluster.admin("UPDATE todo_schema SET version = 2", "DROP TABLE redo_rows", database: server.database)
    #expect(throws: TodoStoreError.serverTableMissing(server: server.description, table: "redo_rows")) {
      try PostgresTodoRepository(server: server)
    }
  }

  @Test func aWrongDatabaseOrLoginIsNamedInTheError() throws {
    let cluster = try PostgresTestCluster.shared()
    let missing = try cluster.server(database: "no_such_database")
    #expect(
      throws: TodoStoreError.serverDatabaseMissing(server: missing.description, database: "no_such_database")
    ) {
      try PostgresTodoRepository(server: missing)
    }
    // Over TCP the cluster asks for a password: a wrong one is refused.
    let wrong = try PostgresServer(
      "postgresql://postgres:wrong@127.0.0.1:\(cluster.port)/postgres?connect_timeout=10")
    do {
      _ = try PostgresTodoRepository(server: wrong)
      Issue.record("a wrong password was accepted")
    } catch {
      guard case .loginRefused(let name, let reason) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(name == "postgres on 127.0.0.1:\(cluster.port) as postgres")
      #expect(reason.contains("password authentication failed"))
      #expect(!error.description.contains("wrong"))
    }
  }
}

/// The time at the start of a line of the server's log (`2026-12-04 15:50:01.123 UTC [42] …`).
private func loggedTime(of line: Substring) -> Date? {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.timeZone = TimeZone(identifier: "UTC")
  formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
  return formatter.date(from: String(line.prefix(23)))
}
