import CSQLite
import Uniflow

/// The SQLite version this build links.
public var sqliteVersion: String { String(cString: sqlite3_libversion()) }
