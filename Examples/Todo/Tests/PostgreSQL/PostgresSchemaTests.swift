import Foundation
import Testing
import TodoCore

/// How a todo database on a server set up by an older version is brought up to date: in one
/// transaction, keeping its todos and its history, and only by a login that may alter it.
@Suite struct PostgresSchemaTests {
  let cluster: PostgresTestCluster
  let server: PostgresServer

  /// A database as version 1 left it, with a history of three changes, undated as version 1
  /// kept them.
  init() async throws {
    cluster = try PostgresTestCluster.shared()
    server = try cluster.makeDatabase()
    try await makeTheHistoryOfAnOlderVersion(in: PostgresTodoRepository(server: server))
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
    try await expectTheUndatedHistoryStillUndoes(in: repository)
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

    let error = #expect(throws: TodoStoreError.self) { try PostgresTodoRepository(server: client) }
    #expect(error == .serverCannotUpgrade(server: client.description, version: 1, current: 2))
    #expect(
      error?.description
        == "the todo database \(client.description) has schema version 1 and this todo needs version 2, "
        + "which this login may not set up; connect once as the tables' owner to upgrade it "
        + "(nothing was changed)")
    #expect(try layout() == (1, false))

    // Once the owner opened it, the client's rights cover the new columns too.
    _ = try PostgresTodoRepository(server: server)
    let repository = try PostgresTodoRepository(server: client)
    _ = try await repository.setNote("Her birthday", id: 2)
    #expect(try await repository.changes(of: 2).map(\.note) == ["", "Her birthday"])
    #expect(try await repository.changes(of: 2).last?.date != nil)
  }
}
