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
/// string leaves out, as for any libpq program. The password is best left to libpq too: the
/// password file (`~/.pgpass`, or `passfile=`) or `PGPASSWORD`. One written in the string is
/// passed to libpq and shown nowhere: ``description`` names the server without it.
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

  /// The version of the libpq library this program runs on, such as `15.18`.
  public static var libraryVersion: String {
    let version = Int(PQlibVersion())
    return "\(version / 10_000).\(version % 10_000)"
  }

  /// Checks a connection string or URI, without connecting.
  ///
  /// - Parameter connectionString: A libpq connection string or URI.
  /// - Throws: ``TodoStoreError/badServerAddress(reason:)`` when libpq cannot parse it.
  public init(_ connectionString: String) throws(TodoStoreError) {
    var message: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(connectionString, &message) else {
      let reason = message.map { String(cString: $0) } ?? "libpq could not parse it"
      PQfreemem(message)
      throw .badServerAddress(reason: Self.oneLine(reason))
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

  /// The server's address as the program shows it: the string or URI given, its password
  /// masked (`postgresql://todo:***@db.example.org/todos`, `password=***`).
  public var maskedConnectionString: String {
    Self.masked(connectionString)
  }

  private static func masked(_ text: String) -> String {
    if let scheme = ["postgresql://", "postgres://"].first(where: { text.hasPrefix($0) }) {
      let rest = text.dropFirst(scheme.count)
      let authorityEnd = rest.firstIndex { "/?".contains($0) } ?? rest.endIndex
      let authority = rest[..<authorityEnd]
      var masked = scheme
      if let at = authority.lastIndex(of: "@") {
        let userInfo = authority[..<at]
        if let colon = userInfo.firstIndex(of: ":") {
          masked += userInfo[..<colon] + ":***"
        } else {
          masked += userInfo
        }
        masked += authority[at...]
      } else {
        masked += authority
      }
      var query = String(rest[authorityEnd...])
      query = maskQueryPassword(query)
      return masked + query
    }
    return maskKeywordPassword(text)
  }

  /// `password=secret` in a URI's query, masked.
  private static func maskQueryPassword(_ query: String) -> String {
    guard let start = query.range(of: "password=") else { return query }
    let valueEnd = query[start.upperBound...].firstIndex(of: "&") ?? query.endIndex
    return query.replacingCharacters(in: start.upperBound..<valueEnd, with: "***")
  }

  /// `password=secret` or `password = 'sec ret'` in a keyword string, masked.
  private static func maskKeywordPassword(_ text: String) -> String {
    var result = ""
    var rest = Substring(text)
    while let range = rest.range(of: "password") {
      result += rest[..<range.upperBound]
      rest = rest[range.upperBound...]
      let spaces = rest.prefix { $0 == " " }
      rest = rest.dropFirst(spaces.count)
      guard rest.first == "=" else {
        result += spaces
        continue
      }
      result += spaces + "="
      rest = rest.dropFirst()
      let more = rest.prefix { $0 == " " }
      result += more
      rest = rest.dropFirst(more.count)
      if rest.first == "'" {
        // A quoted value: up to the closing quote not escaped by a backslash.
        var index = rest.index(after: rest.startIndex)
        while index < rest.endIndex, rest[index] != "'" {
          if rest[index] == "\\" { index = rest.index(after: index) }
          if index < rest.endIndex { index = rest.index(after: index) }
        }
        rest = index < rest.endIndex ? rest[rest.index(after: index)...] : ""
      } else {
        rest = rest.drop { $0 != " " }
      }
      result += "***"
    }
    return result + rest
  }
}
