/// Why a todo operation failed.
///
/// Every case describes itself in one line, written to follow `todo: error: `:
///
/// ```swift
/// do {
///   let repository = try SQLiteTodoRepository(path: path)
/// } catch {
///   print("todo: error: \(error)")  // todo: error: no todo with id 42
/// }
/// ```
///
/// Errors about the database file are raised before anything is written to it: a file that is
/// not a todo database, or that a newer version made, is left exactly as it was.
public enum TodoStoreError: Error, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The title is empty, or only white space.
  case emptyTitle
  /// The title is longer than ``Todo/maximumTitleLength`` characters.
  case titleTooLong(length: Int, maximum: Int)
  /// The note is longer than ``Todo/maximumNoteLength`` characters.
  case noteTooLong(length: Int, maximum: Int)
  /// No todo has this identifier.
  case todoNotFound(Todo.ID)
  /// There is no change left to undo: every change made was undone, or none was made.
  case nothingToUndo
  /// Every change kept was undone, and older ones were not kept: the history holds the last
  /// `kept` (``TodoSnapshot/undoDepth``) changes.
  case olderChangesNotKept(kept: Int)
  /// No undone change is left to redo: nothing was undone since the last change.
  case nothingToRedo
  /// The file is not an SQLite database (or its header is damaged).
  case notADatabase(path: String)
  /// The file is an SQLite database with its content damaged: SQLite reports it malformed, or
  /// two of its todos share an identifier.
  case corrupted(path: String)
  /// The file is an SQLite database made by another program.
  case foreignDatabase(path: String)
  /// The file was written by a newer version of this program, with a schema this version does
  /// not know.
  case newerSchema(path: String, version: Int, supported: Int)
  /// The file's schema version is one no version of this program writes (a negative one).
  case invalidSchema(path: String, version: Int)
  /// The directory that should hold the database cannot be created.
  case cannotCreateDirectory(path: String, reason: String)
  /// The database file cannot be opened or created.
  case cannotOpen(path: String, reason: String)
  /// The database can be read but not written: the file is write-protected, or its file
  /// system is mounted read-only.
  case readOnly(path: String)
  /// The database can be read but not changed: SQLite keeps its journal in files next to the
  /// database, and `folder` cannot be written.
  case folderNotWritable(path: String, folder: String)
  /// The database can be read but not changed: SQLite cannot create its journal files next to
  /// it (`<path>-wal`, `<path>-shm`), though the folder can be written: something is in their
  /// way.
  case journalNotWritable(path: String)
  /// A database with an older schema cannot be upgraded to this build's, because it cannot be
  /// written.
  case cannotUpgrade(path: String, version: Int, current: Int)
  /// There is no database file, and none can be created: `folder` cannot be written.
  case cannotCreate(path: String, folder: String, reason: String)
  /// Another process kept the database locked for longer than the busy timeout.
  case busy(path: String)
  /// Any other SQLite failure: the extended result code and SQLite's message.
  case sqlite(path: String, code: Int32, message: String)
  /// A setting named or valued wrongly; nothing was changed.
  case badSetting(TodoSettingsError)
  /// A setting changed could not be written to its storage, for this reason: the settings are
  /// back as they are stored.
  case settingNotKept(reason: String)
  /// The server's address (`--server`, `UNIFLOW_TODO_SERVER`) is not a libpq connection
  /// string or URI.
  case badServerAddress(reason: String)
  /// `--server` holds a password, which the process list and the shell's history would show:
  /// refused before connecting.
  case passwordOnCommandLine(server: String)
  /// The todo server cannot be reached when the program starts: libpq's reason.
  case serverUnreachable(server: String, reason: String)
  /// The connection to the todo server is lost, and it cannot be reached again yet: the
  /// change was not made, and changes are refused until the server is back.
  case offline(server: String)
  /// The connection broke while a change was being committed, and the server could not be
  /// reached to send it again: it may or may not have been made.
  case changeOutcomeUnknown(server: String)
  /// The todo server refused the login (a wrong password, an unknown role, no access).
  case loginRefused(server: String, reason: String)
  /// The todo server has no database of that name.
  case serverDatabaseMissing(server: String, database: String)
  /// The database on the server has no todo tables yet, and the command only reads: it was
  /// left as it was (the first command that stores something sets it up).
  case serverNotSetUp(server: String)
  /// The todo database on the server lacks one of its tables: damaged, or another program's.
  case serverTableMissing(server: String, table: String)
  /// The todo database on the server was set up by a newer version of this program.
  case newerServerSchema(server: String, version: Int, supported: Int)
  /// The todo database on the server was set up by an older version of this program, and the
  /// login may use its tables but not alter them to bring it up to date.
  case serverCannotUpgrade(server: String, version: Int, current: Int)
  /// Any other failure the server reports: its SQLSTATE code and message.
  case server(server: String, code: String, message: String)

  /// One line describing the problem, without a trailing period.
  public var description: String {
    switch self {
    case .emptyTitle:
      "the title is empty"
    case .titleTooLong(let length, let maximum):
      "the title is \(length) characters long; a title has at most \(maximum)"
    case .noteTooLong(let length, let maximum):
      "the note is \(length) characters long; a note has at most \(maximum)"
    case .todoNotFound(let id):
      "no todo with id \(id)"
    case .nothingToUndo:
      "nothing more to undo"
    case .olderChangesNotKept(let kept):
      "nothing more to undo: older changes are not kept (undo reaches back \(kept) changes)"
    case .nothingToRedo:
      "nothing to redo (redo applies again what undo reverted, until the next change)"
    case .notADatabase(let path):
      "\(path) is not a todo database (not an SQLite file, or a damaged one); it was left untouched"
    case .corrupted(let path):
      "the database \(path) is corrupted (a malformed file, or two todos with one id)"
    case .foreignDatabase(let path):
      "\(path) is an SQLite database of another program, not a todo list; it was left untouched"
    case .newerSchema(let path, let version, let supported):
      "\(path) has schema version \(version) but this todo knows versions up to \(supported); "
        + "use a newer todo (the file was left untouched)"
    case .invalidSchema(let path, let version):
      "\(path) has schema version \(version), which no version of todo writes; "
        + "it is not a todo database (the file was left untouched)"
    case .cannotCreateDirectory(let path, let reason):
      "cannot create the directory \(path): \(reason)"
    case .cannotOpen(let path, let reason):
      "cannot open the database \(path): \(reason)"
    case .readOnly(let path):
      "the database \(path) cannot be changed: the file is write-protected or on a read-only "
        + "file system; 'todo list' still shows it (make the file writable to change it)"
    case .folderNotWritable(let path, let folder):
      "the database \(path) cannot be changed: its folder \(folder) cannot be written, and "
        + "SQLite keeps its journal there; 'todo list' still shows it (make the folder "
        + "writable, or move the database to a folder that is)"
    case .journalNotWritable(let path):
      "the database \(path) cannot be changed: SQLite cannot create its journal files "
        + "\(path)-wal and \(path)-shm; 'todo list' still shows it (remove what is in their way)"
    case .cannotUpgrade(let path, let version, let current):
      "\(path) has schema version \(version) and this todo needs version \(current), but the "
        + "file cannot be written to upgrade it; make the file and its folder writable, or use "
        + "the todo that made it (the file was left untouched)"
    case .cannotCreate(let path, let folder, let reason):
      "cannot create the database \(path): the folder \(folder) cannot be written (\(reason)); "
        + "choose another place with --db, or make the folder writable"
    case .busy(let path):
      "the database \(path) stayed locked by another process; try again"
    case .sqlite(let path, let code, let message):
      "SQLite error \(code) on \(path): \(message)"
    case .badSetting(let error):
      error.description
    case .settingNotKept(let reason):
      "the setting was not kept: \(reason)"
    case .badServerAddress(let reason):
      "the server address is not a libpq connection string or URI: \(reason)"
    case .passwordOnCommandLine(let server):
      "--server (\(server)) holds a password, which the process list and the shell's history "
        + "would show; \(PostgresServer.passwordAdvice)"
    case .serverUnreachable(let server, let reason):
      "cannot reach the todo server \(server): \(reason)"
    case .offline(let server):
      "offline, reconnecting: changes are refused until the todo server is back (\(server))"
    case .changeOutcomeUnknown(let server):
      "the connection to the todo server \(server) broke while a change was saved, and the "
        + "server cannot be reached to check it: the change may or may not have been made"
    case .loginRefused(let server, let reason):
      "the todo server \(server) refused the login: \(reason) (\(PostgresServer.passwordAdvice))"
    case .serverDatabaseMissing(let server, let database):
      "the todo server \(server) has no database \(database); create it (on a server of your "
        + "own, scripts/todo-server database FOLDER NAME does) or name another one"
    case .serverNotSetUp(let server):
      "the database \(server) has no todo tables yet; nothing is read or created there (the "
        + "first 'todo add' sets it up)"
    case .serverTableMissing(let server, let table):
      "the todo database \(server) has no table \(table): it is damaged or another program's "
        + "(nothing was changed)"
    case .newerServerSchema(let server, let version, let supported):
      "the todo database \(server) has schema version \(version) but this todo knows versions "
        + "up to \(supported); use a newer todo (nothing was changed)"
    case .serverCannotUpgrade(let server, 0, _):
      "the database \(server) has no todo tables yet, and this login may not create them; run "
        + "'todo add' once as a role that may (the database's owner), then this login can use "
        + "them with the grants the README lists (nothing was changed)"
    case .serverCannotUpgrade(let server, let version, let current):
      "the todo database \(server) has schema version \(version) and this todo needs version "
        + "\(current), which this login may not set up; connect once as the tables' owner to "
        + "upgrade it (nothing was changed)"
    case .server(let server, "42501", _):
      "this login may read the todos on \(server) but not change them: it lacks a grant (the "
        + "README lists those a team role needs); nothing was changed"
    case .server(let server, let code, let message):
      "PostgreSQL error \(code) on \(server): \(message)"
    }
  }

  /// Whether the error says the server cannot be reached now: the program shows it until the
  /// server is back, and keeps what was typed.
  public var isConnectionLoss: Bool {
    switch self {
    case .offline, .changeOutcomeUnknown, .loginRefused: true
    default: false
    }
  }
}
