import Foundation
import Testing
import TodoCore

@Suite struct SQLiteDatabaseTests {
  let directory: TemporaryDirectory
  let database: SQLiteDatabase

  init() throws {
    directory = try TemporaryDirectory()
    database = try SQLiteDatabase(path: directory.file("test.sqlite"))
    try database.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, weight REAL)")
  }

  @Test func parametersBindEveryKindOfValue() throws {
    try database.execute(
      "INSERT INTO items (id, name, weight) VALUES (?, ?, ?), (?, ?, ?)",
      [.integer(1), .text("it's; DROP TABLE items"), .real(1.5), .integer(2), .null, .null])
    #expect(
      try database.query("SELECT id, name, weight FROM items ORDER BY id")
        == [[.integer(1), .text("it's; DROP TABLE items"), .real(1.5)], [.integer(2), .null, .null]])
    #expect(database.changedRowCount == 2)
    #expect(database.lastInsertedRowID == 2)
  }

  @Test func aWrongNumberOfParametersIsATypedError() throws {
    let error = #expect(throws: TodoStoreError.self) {
      try database.execute("INSERT INTO items (name) VALUES (?)", [])
    }
    guard case .sqlite(_, _, let message)? = error else {
      Issue.record("unexpected error \(String(describing: error))")
      return
    }
    #expect(message == "the statement has 1 parameters but 0 values were given")
  }

  @Test func aTransactionThatThrowsIsRolledBack() throws {
    #expect(throws: TodoStoreError.nothingToUndo) {
      try database.transaction { () throws(TodoStoreError) in
        try database.execute("INSERT INTO items (name) VALUES (?)", [.text("kept?")])
        throw .nothingToUndo
      }
    }
    #expect(try database.query("SELECT count(*) FROM items") == [[.integer(0)]])

    let count = try database.transaction { () throws(TodoStoreError) in
      try database.execute("INSERT INTO items (name) VALUES (?)", [.text("kept")])
      return try database.query("SELECT count(*) FROM items")
    }
    #expect(count == [[.integer(1)]])
  }

  @Test func invalidSQLIsATypedErrorWithSQLitesMessage() {
    let error = #expect(throws: TodoStoreError.self) { try database.execute("SELEKT 1") }
    #expect(error?.description.contains("syntax error") == true)
  }

  @Test func scriptsRunEveryStatement() throws {
    try database.executeScript(
      """
      INSERT INTO items (name) VALUES ('a');
      INSERT INTO items (name) VALUES ('b');
      -- a trailing comment
      """)
    #expect(try database.query("SELECT name FROM items ORDER BY id") == [[.text("a")], [.text("b")]])
  }
}
