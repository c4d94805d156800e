import Foundation
import TodoCore

/// Where the todos live, as the program names it to the user: the header of the list, the
/// first line of `--help` and the settings screen say it, never with a password.
struct Backend: Equatable {
  /// The place in a few words: `~/.local/share/uniflow-todo/todos.sqlite`, or
  /// `todos on db.example.org:5432 as todo`.
  let name: String
  /// What `--help` says the list is on.
  let phrase: String
  /// Where the display settings live, as the settings screen says it.
  let settingsPlace: String

  /// The local SQLite file at `path`, with the settings in it; `home` is shown as `~`.
  static func local(path: String, home: String?) -> Backend {
    var shown = path
    if let home, !home.isEmpty, home != "/", path.hasPrefix(home + "/") {
      shown = "~" + path.dropFirst(home.count)
    }
    return Backend(
      name: shown, phrase: "the SQLite file \(shown)",
      settingsPlace: "kept in the database file, for every todo")
  }

  /// The todo server, the settings staying in the local file of each machine.
  static func server(_ server: PostgresServer) -> Backend {
    Backend(
      name: server.description, phrase: "the PostgreSQL server \(server.description)",
      settingsPlace: "kept on this machine, in its local file, not on the server")
  }
}
