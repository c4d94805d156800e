import Foundation

/// Where the todo database lives: an explicit path, the `UNIFLOW_TODO_DB` environment
/// variable, or the user's data directory.
///
/// ```swift
/// let path = try TodoDatabaseLocation.resolve(
///   explicitPath: options.databasePath, environment: ProcessInfo.processInfo.environment)
/// ```
///
/// The default follows the XDG base directory specification:
/// `$XDG_DATA_HOME/uniflow-todo/todos.sqlite`, or `~/.local/share/uniflow-todo/todos.sqlite`
/// when `XDG_DATA_HOME` is unset, empty or relative.
public enum TodoDatabaseLocation {
  /// The environment variable that overrides the default location: `UNIFLOW_TODO_DB`.
  public static let environmentVariable = "UNIFLOW_TODO_DB"

  /// The directory, under the data directory, that holds the database.
  public static let directoryName = "uniflow-todo"

  /// The name of the database file.
  public static let fileName = "todos.sqlite"

  /// The database path to use.
  ///
  /// - Parameters:
  ///   - explicitPath: A path the user gave (`--db PATH`); it wins over everything else.
  ///   - environment: The process environment, for `UNIFLOW_TODO_DB`, `XDG_DATA_HOME` and
  ///     `HOME`.
  /// - Returns: The path of the database file. Its directory may not exist yet.
  /// - Throws: ``TodoStoreError/cannotOpen(path:reason:)`` when no location is given and
  ///   there is no home directory to put the default one in.
  public static func resolve(
    explicitPath: String? = nil, environment: [String: String]
  ) throws(TodoStoreError)
    -> String
  {
    if let explicitPath { return explicitPath }
    if let path = environment[environmentVariable], !path.isEmpty { return path }
    let dataHome: String
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      dataHome = xdg
    } else if let home = environment["HOME"], !home.isEmpty {
      dataHome = (home as NSString).appendingPathComponent(".local/share")
    } else {
      throw .cannotOpen(
        path: "~/.local/share/\(directoryName)/\(fileName)",
        reason: "HOME is not set; pass --db PATH or set \(environmentVariable)")
    }
    return ((dataHome as NSString).appendingPathComponent(directoryName) as NSString)
      .appendingPathComponent(fileName)
  }

  /// Whether there is nothing at `path`: no file, and possibly not its folder either. A path
  /// that cannot be looked at (a folder that cannot be read, a file in the way of a folder) is
  /// not missing: opening it says what is wrong.
  ///
  /// - Parameter path: The path of the database file.
  /// - Returns: Whether the path names nothing.
  public static func isMissing(_ path: String) -> Bool {
    var status = stat()
    return lstat(path, &status) != 0 && errno == ENOENT
  }
}
