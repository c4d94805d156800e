/// The layout of a todo database on a PostgreSQL server, versioned in the one row of
/// `todo_schema`, and the steps that bring an older one up to date.
///
/// The tables mirror the SQLite file's (``SQLiteTodoRepository``): the todos, the undo and
/// redo histories. Two more serve many clients: `todo_counters`, one row that every change
/// locks first (so changes apply one after another, as SQLite's write lock makes them) and
/// that numbers the todos and the steps without gaps and counts the changes (`revision`), and
/// `applied_changes`, the idempotency keys of the changes made, with what each returned, so
/// that a change sent again after a lost connection is not applied twice.
enum PostgresSchema {
  /// The migrations, in order: the one at index *n* takes a database from version *n* to
  /// *n* + 1 and sets the new version itself.
  static let migrations: [[String]] = [
    // 0 → 1: everything.
    [
      "CREATE TABLE todo_schema (version integer NOT NULL)",
      """
      CREATE TABLE todo_counters (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        next_todo_id bigint NOT NULL,
        undo_steps_made bigint NOT NULL,
        redo_steps_made bigint NOT NULL,
        revision bigint NOT NULL
      )
      """,
      """
      CREATE TABLE todos (
        id bigint PRIMARY KEY,
        title text NOT NULL,
        is_done boolean NOT NULL DEFAULT false,
        created_at double precision NOT NULL,
        completed_at double precision,
        note text NOT NULL DEFAULT ''
      )
      """,
    ] + history("undo") + ["CREATE INDEX undo_rows_by_todo ON undo_rows (todo_id)"] + history("redo") + [
      """
      CREATE TABLE applied_changes (
        key uuid PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now(),
        result text NOT NULL
      )
      """,
      "CREATE INDEX applied_changes_by_time ON applied_changes (applied_at)",
      """
      INSERT INTO todo_counters (next_todo_id, undo_steps_made, redo_steps_made, revision)
      VALUES (1, 0, 0, 0)
      """,
      "INSERT INTO todo_schema (version) VALUES (1)",
    ],
    // 1 → 2: when each change undo or redo can take back was made, by the server's clock, in
    // seconds since 1970 as the todos' dates; the changes kept before have none. Clients of
    // version 1 still connected go on working, and leave their changes undated.
    [
      "ALTER TABLE undo_steps ADD COLUMN made_at double precision",
      "ALTER TABLE redo_steps ADD COLUMN made_at double precision",
      "UPDATE todo_schema SET version = 2",
    ],
  ]

  /// The tables of one of the two histories, `undo` or `redo`: its steps, and the todos each
  /// step restores (as they were; `existed` false for a todo the step removes), in order.
  private static func history(_ name: String) -> [String] {
    [
      "CREATE TABLE \(name)_steps (id bigint PRIMARY KEY, label text NOT NULL)",
      """
      CREATE TABLE \(name)_rows (
        step bigint NOT NULL,
        ordinal bigint GENERATED ALWAYS AS IDENTITY,
        todo_id bigint NOT NULL,
        existed boolean NOT NULL,
        title text,
        is_done boolean,
        created_at double precision,
        completed_at double precision,
        note text
      )
      """,
      "CREATE INDEX \(name)_rows_by_step ON \(name)_rows (step)",
    ]
  }

  /// The version this build writes.
  static var currentVersion: Int { migrations.count }

  /// The tables a todo database has, which opening checks.
  static let tables = [
    "todo_counters", "todos", "undo_steps", "undo_rows", "redo_steps", "redo_rows", "applied_changes",
  ]

  /// The channel every change notifies, with its revision, when it commits.
  static let channel = "todo_changes"

  /// Checks that the database is a todo database this build can use, and sets it up or
  /// migrates it; nothing is written to one that fails the checks.
  ///
  /// A role that may only read and write the tables (as `scripts/todo-server database FOLDER
  /// NAME` makes it) can use a database set up already; setting one up, or bringing an older
  /// one up to date, takes a role that may create and alter the tables (their owner): another
  /// role gets ``TodoStoreError/serverCannotUpgrade(server:version:current:)``.
  ///
  /// - Parameters:
  ///   - connection: The connection to the database.
  ///   - setsUp: Whether a database without todo tables is set up; when not (a command that
  ///     only reads), it is left as it is and ``TodoStoreError/serverNotSetUp(server:)``
  ///     thrown.
  static func prepare(_ connection: PostgresConnection, setsUp: Bool = true) throws(TodoStoreError) {
    let server = connection.server.description
    try connection.query("BEGIN")
    do throws(TodoStoreError) {
      // Two programs setting up one new database at once: one waits for the other.
      try connection.query("SELECT pg_advisory_xact_lock(7283011)")
      let version: Int
      if try connection.query("SELECT to_regclass('todo_schema') IS NOT NULL").first?.bool(0) == true {
        version = Int(try connection.query("SELECT max(version) FROM todo_schema").first?.integer(0) ?? 0)
      } else if try connection.query("SELECT to_regclass('todos') IS NOT NULL").first?.bool(0) == true {
        throw .serverTableMissing(server: server, table: "todo_schema")
      } else {
        version = 0
      }
      if version == 0 && !setsUp { throw .serverNotSetUp(server: server) }
      if version > currentVersion {
        throw .newerServerSchema(server: server, version: version, supported: currentVersion)
      }
      do throws(TodoStoreError) {
        for migration in migrations[version...] {
          for statement in migration { try connection.query(statement) }
        }
      } catch .server(_, "42501", _) {
        // insufficient_privilege: a role that may use the tables but not alter them.
        throw .serverCannotUpgrade(server: server, version: version, current: currentVersion)
      }
      for table in tables {
        if try connection.query("SELECT to_regclass($1) IS NULL", [table]).first?.bool(0) == true {
          throw .serverTableMissing(server: server, table: table)
        }
      }
      try connection.query("COMMIT")
    } catch {
      if connection.isConnected { _ = try? connection.query("ROLLBACK") }
      throw error
    }
  }
}
