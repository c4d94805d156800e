import CLibPQ
import Foundation

/// Where a todo server is: a libpq connection string (`host=db.example.org dbname=todos`) or
/// URI (`postgresql://todo@db.example.org/todos?sslmode=verify-full`), checked, with a
/// description that never shows its password.
///
/// ```swift
/// let server = try PostgresServer("postgresql://todo@db.example.org/todos?sslmode=require")
/// print(server)  // todos on db.example.org:5432 as todo
/// let repository = try PostgresTodoRepository(server: server)
/// ```
///
/// Every setting libpq knows passes through as given, TLS ones (`sslmode`, `sslrootcert`,
/// `sslcert`, `sslkey`…) included, and the `PG…` environment variables fill in what the
/// string leaves out, as for any libpq program. The password is best left to libpq too
/// (``passwordAdvice``). One written in the string is passed to libpq and shown nowhere:
/// ``description`` names the server without it, and no message repeats the string.
public struct PostgresServer: Hashable, Sendable, CustomStringConvertible {
  /// The connection string or URI, as given; it may hold a password, so it is never shown.
  public let connectionString: String
  /// The database name, as the string or the environment gives it (libpq's default, the user
  /// name, when neither does).
  public let database: String
  /// The host, or the folder of the Unix socket; `nil` for libpq's default socket.
  public let host: String?
  /// The port; `nil` for libpq's default.
  public let port: String?
  /// The user name, as the string or the environment gives it.
  public let user: String?
  /// Whether the string itself holds a password (`password=` or `user:password@` in a URI).
  public let hasPassword: Bool

  /// Where a password belongs, said the same way by `--help`, the messages and the README.
  public static let passwordAdvice = "keep the password in ~/.pgpass or PGPASSWORD, never in the address"

  /// The version of the libpq library this program runs on, such as `15.18`.
  public static var libraryVersion: String {
    let version = Int(PQlibVersion())
    return "\(version / 10_000).\(version % 10_000)"
  }

  /// Checks a connection string or URI, without connecting.
  ///
  /// - Parameter connectionString: A libpq connection string or URI.
  /// - Throws: ``TodoStoreError/badServerAddress(reason:)`` when libpq cannot parse it; its
  ///   reason names the field at fault and repeats nothing of the address.
  public init(_ connectionString: String) throws(TodoStoreError) {
    var message: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(connectionString, &message) else {
      // libpq's message repeats the part it could not read, which may be the password: the
      // reason shown is ours, worked out from what libpq found wrong, naming only the field.
      let libpqMessage = message.map { String(cString: $0) } ?? ""
      PQfreemem(message)
      throw .badServerAddress(
        reason: AddressProblem(libpqMessage: libpqMessage, address: connectionString).description)
    }
    defer { PQconninfoFree(options) }
    var given: [String: String] = [:]
    var index = 0
    while let keyword = options[index].keyword {
      if let value = options[index].val { given[String(cString: keyword)] = String(cString: value) }
      index += 1
    }
    // What the string leaves out comes from the environment (PGHOST, PGDATABASE…), as libpq
    // takes it when connecting.
    var defaults: [String: String] = [:]
    if let fallback = PQconndefaults() {
      defer { PQconninfoFree(fallback) }
      var index = 0
      while let keyword = fallback[index].keyword {
        if let value = fallback[index].val { defaults[String(cString: keyword)] = String(cString: value) }
        index += 1
      }
    }
    func setting(_ name: String) -> String? {
      if let value = given[name], !value.isEmpty { return value }
      if let value = defaults[name], !value.isEmpty { return value }
      return nil
    }
    self.connectionString = connectionString
    host = setting("host") ?? setting("hostaddr")
    port = setting("port")
    user = setting("user")
    database = setting("dbname") ?? user ?? "postgres"
    hasPassword = !(given["password"] ?? "").isEmpty
  }

  /// Checks the server's address the way the program takes it: from `--server`, where a
  /// password is refused (the process list and the shell's history would show it), or from
  /// `UNIFLOW_TODO_SERVER`.
  ///
  /// - Parameters:
  ///   - address: A libpq connection string or URI.
  ///   - isOption: Whether it was given on the command line.
  /// - Throws: ``TodoStoreError/badServerAddress(reason:)``, or
  ///   ``TodoStoreError/passwordOnCommandLine(server:)`` for a password in `--server`.
  public init(_ address: String, isOption: Bool) throws(TodoStoreError) {
    try self.init(address)
    if isOption, hasPassword { throw .passwordOnCommandLine(server: description) }
  }

  /// The server in one phrase, without a password: `todos on db.example.org:5432 as todo`.
  public var description: String {
    var text = database
    let place = [host, port].compactMap { $0 }.joined(separator: ":")
    if !place.isEmpty { text += " on \(place)" }
    if let user { text += " as \(user)" }
    return text
  }

  /// libpq's message (which may end with a line break, or run over several lines) on one line.
  static func oneLine(_ message: String) -> String {
    message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: "; ")
  }
}
