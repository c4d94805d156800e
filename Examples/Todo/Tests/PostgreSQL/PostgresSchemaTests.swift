import Foundation
import Testing
import TodoCore

/// How a todo database on a server set up by an older version is brought up to date: in one
/// transaction, keeping its todos and its history, and only by a login that may alter it.
@Suite struct PostgresSchemaTests {
  let cluster: PostgresTestCluster
  let server: PostgresServer

  /// A database as version 1 left it, whose history holds three changes (undated, as version 1
  /// kept them): add “Buy milk”, delete it, add “Call mom”.
  init() async throws {
    cluster = try PostgresTestCluster.shared()
    server = try cluster.makeDatabase()
    do {
      let repository = try PostgresTodoRepository(server: server)
      _ = try await repository.add(title: "Buy milk", at: testDate)
      _ = try await repository.delete(id: 1)
      _ = try await repository.add(title: "Call mom", at: testDate)
    }
    try cluster.admin(
      "ALTER TABLE undo_steps DROP COLUMN made_at", "ALTER TABLE redo_steps DROP COLUMN made_at",
      "UPDATE todo_schema SET version = 1", database: server.database)
  }

  /// The schema version the database holds, and whether its undo steps have their times.
  func layout() throws -> (version: Int64?, isDated: Bool?) {
    let connection = try PostgresConnection(server: server)
    let version = try connection.query("SELECT version FROM todo_schema").first?.integer(0)
    let isDated = try connection.query(
      """
      SELECT EXISTS (
        SELECT FROM information_schema.columns WHERE table_name = 'undo_steps' AND column_name = 'made_at')
      """
    ).first?.bool(0)
    return (version, isDated)
  }

  @Test func migratesAVersionOneDatabaseKeepingItsTodosAndItsHistory() async throws {
    let repository = try PostgresTodoRepository(server: server)
    #expect(try layout() == (2, true))
    #expect(
      try await repository.snapshot()
        == TodoSnapshot(
          todos: [todo(2, "Call mom")],
          undoHistory: ["add “Buy milk”", "delete “Buy milk”", "add “Call mom”"]))
    // The changes kept before their times were recorded have none; a new one has its time.
    #expect(try await repository.changes(of: 2) == [TodoHistoryEntry("add “Call mom”", note: "")])
    _ = try await repository.setNote("Her birthday", id: 2)
    let changes = try await repository.changes(of: 2)
    #expect(changes.map(\.label) == ["add “Call mom”", "note on “Call mom”"])
    #expect(changes.map { $0.date != nil } == [false, true])
    // The steps recorded before the migration still undo, and redo keeps them undated.
    #expect(try await repository.undo().value == "note on “Call mom”")
    #expect(try await repository.undo().value == "add “Call mom”")
    #expect(try await repository.undo().value == "delete “Buy milk”")
    #expect(try await repository.snapshot().todos == [todo(1, "Buy milk")])
    #expect(try await repository.redo().value == "delete “Buy milk”")
    #expect(try await repository.changes(of: 1).map(\.date) == [nil, nil])
  }

  @Test func aLoginThatMayNotAlterTheTablesCannotUpgradeAndChangesNothing() async throws {
    // A role that may read and write the tables, and no more, as a server's clients have.
    let role = "client_\(server.database)"
    try cluster.admin(
      "CREATE ROLE \(role) LOGIN", "GRANT CONNECT ON DATABASE \(server.database) TO \(role)",
      database: server.database)
    try cluster.admin(
      "GRANT SELECT ON todo_schema TO \(role)",
      """
      GRANT SELECT, INSERT, UPDATE, DELETE
        ON todo_counters, todos, undo_steps, undo_rows, redo_steps, redo_rows, applied_changes TO \(role)
      """, database: server.database)
    let client = try cluster.server(database: server.database, user: role)

    #expect(throws: TodoStoreError.serverCannotUpgrade(server: client.description, version: 1, current: 2)) {
      try PostgresTodoRepository(server: client)
    }
    #expect(try layout() == (1, false))

    // Once the owner opened it, the client's rights cover the new columns too.
    _ = try PostgresTodoRepository(server: server)
    let repository = try PostgresTodoRepository(server: client)
    _ = try await repository.setNote("Her birthday", id: 2)
    #expect(try await repository.changes(of: 2).map(\.note) == ["", "Her birthday"])
    #expect(try await repository.changes(of: 2).last?.date != nil)
  }
}
