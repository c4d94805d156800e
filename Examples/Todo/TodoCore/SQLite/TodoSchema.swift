#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The layout of a todo database, versioned in `PRAGMA user_version`, and the steps that
/// bring an older file up to date.
enum TodoSchema {
  /// The migrations, in order: the one at index *n* takes a file from version *n* to *n* + 1
  /// and sets the new version itself.
  static let migrations: [String] = [
    // 0 → 1: the todos.
    """
    CREATE TABLE todos (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      title TEXT NOT NULL,
      is_done INTEGER NOT NULL DEFAULT 0,
      created_at REAL NOT NULL
    );
    PRAGMA user_version = 1;
    """,
    // 1 → 2: completion times, and the undo history. Todos completed before have no
    // completion time.
    """
    ALTER TABLE todos ADD COLUMN completed_at REAL;
    CREATE TABLE undo_steps (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      label TEXT NOT NULL
    );
    CREATE TABLE undo_rows (
      step INTEGER NOT NULL,
      todo_id INTEGER NOT NULL,
      existed INTEGER NOT NULL,
      title TEXT,
      is_done INTEGER,
      created_at REAL,
      completed_at REAL
    );
    CREATE INDEX undo_rows_by_step ON undo_rows (step);
    PRAGMA user_version = 2;
    """,
    // 2 → 3: the changes undone, which redo applies again; as the undo history, with the
    // todos as they were before the undo.
    """
    CREATE TABLE redo_steps (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      label TEXT NOT NULL
    );
    CREATE TABLE redo_rows (
      step INTEGER NOT NULL,
      todo_id INTEGER NOT NULL,
      existed INTEGER NOT NULL,
      title TEXT,
      is_done INTEGER,
      created_at REAL,
      completed_at REAL
    );
    CREATE INDEX redo_rows_by_step ON redo_rows (step);
    PRAGMA user_version = 3;
    """,
    // 3 → 4: a note per todo, empty for the todos there are. The undo and redo rows keep the
    // note too, so that undoing a deletion brings it back; rows recorded before have none, and
    // restore an empty note, as the todos had then.
    """
    ALTER TABLE todos ADD COLUMN note TEXT NOT NULL DEFAULT '';
    ALTER TABLE undo_rows ADD COLUMN note TEXT;
    ALTER TABLE redo_rows ADD COLUMN note TEXT;
    PRAGMA user_version = 4;
    """,
    // 4 → 5: the display settings, one row per setting: its name and its value, as the words
    // `todo config` uses. A setting without a row has its default; a row this version does not
    // know (a later version's setting, a value kept aside) is left alone.
    """
    CREATE TABLE settings (
      key TEXT PRIMARY KEY NOT NULL,
      value TEXT NOT NULL
    );
    PRAGMA user_version = 5;
    """,
    // 5 → 6: when each change undo or redo can take back was made, for the history screen;
    // the changes kept before have none.
    """
    ALTER TABLE undo_steps ADD COLUMN made_at REAL;
    ALTER TABLE redo_steps ADD COLUMN made_at REAL;
    PRAGMA user_version = 6;
    """,
  ]

  /// The version this build writes.
  static var currentVersion: Int { migrations.count }

  /// Checks that `database` is a todo database this build can use, and migrates it to the
  /// current version; nothing is written to a file that fails the checks.
  static func prepare(_ database: SQLiteDatabase) throws(TodoStoreError) {
    // Reading first: a file that is not a database fails here, before any write. The version
    // and the list of objects are read in one snapshot: read apart, another process creating
    // the schema in between would make a new file look like another program's database.
    let version = try database.snapshot { () throws(TodoStoreError) in
      let version = try database.userVersion()
      try check(version: version, of: database)
      return version
    }
    if version == currentVersion { return try enableWriteAheadLog(database) }
    if database.isReadOnly {
      // An empty file that cannot be written cannot become a todo database.
      throw version == 0
        ? .notADatabase(path: database.path)
        : .cannotUpgrade(path: database.path, version: version, current: currentVersion)
    }
    try enableWriteAheadLog(database)
    try database.transaction { () throws(TodoStoreError) in
      // Another process may have migrated the file since it was read.
      let version = try database.userVersion()
      try check(version: version, of: database)
      for migration in migrations[version...] {
        try database.executeScript(migration)
      }
    }
  }

  private static func check(version: Int, of database: SQLiteDatabase) throws(TodoStoreError) {
    if version < 0 { throw .invalidSchema(path: database.path, version: version) }
    if version > currentVersion {
      throw .newerSchema(path: database.path, version: version, supported: currentVersion)
    }
    if version == 0 {
      let objects = try database.query("SELECT count(*) FROM sqlite_master").first?.first?.integer
      if objects ?? 0 > 0 { throw .foreignDatabase(path: database.path) }
    }
  }

  /// Switches the file to write-ahead logging, so that readers and a writer in other
  /// processes do not block each other; the mode is stored in the file.
  ///
  /// The switch needs the file to itself, and SQLite reports a busy file at once instead of
  /// waiting: two commands opening a new file together is ordinary, so the switch is retried
  /// for up to about two seconds before the file counts as locked.
  private static func enableWriteAheadLog(_ database: SQLiteDatabase) throws(TodoStoreError) {
    guard !database.isReadOnly else { return }
    var retries = 400
    while true {
      do throws(TodoStoreError) {
        _ = try database.query("PRAGMA journal_mode = WAL")
        return
      } catch {
        guard case .busy = error, retries > 0 else { throw error }
        retries -= 1
        usleep(5_000)
      }
    }
  }
}
