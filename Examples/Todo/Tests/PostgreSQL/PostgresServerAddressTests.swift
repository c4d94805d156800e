import Testing
import TodoCore

/// A server's address as libpq parses it: every message ours, naming the field at fault and
/// repeating nothing of the address, whatever the spelling of its password.
@Suite struct PostgresServerAddressTests {
  /// Expects the address refused with exactly `reason`, and no piece of `password` in it.
  func expectRefused(
    _ address: String, reason: String, password: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(throws: TodoStoreError.badServerAddress(reason: reason), sourceLocation: sourceLocation) {
      try PostgresServer(address)
    }
    #expect(!reason.contains(password), sourceLocation: sourceLocation)
  }

  @Test func aMalformedURIIsRefusedNamingTheFieldNotRepeatingIt() {
    expectRefused(
      "postgresql://todo:PwSecret@[::1/todos",
      reason: "the host: an IPv6 address opened with [ is not closed with ]", password: "PwSecret")
    expectRefused(
      "postgresql://todo:Pw%zzX@127.0.0.1:55432/todos",
      reason: "the password: a % that is not followed by two hexadecimal digits, or %00", password: "Pw")
    expectRefused(
      "postgresql://todo%zz:PwSecret@db/todos",
      reason: "the user name: a % that is not followed by two hexadecimal digits, or %00",
      password: "PwSecret")
    expectRefused(
      "postgresql://todo:PwSecret@db/todos?sslmode=require&PwSecret",
      reason: "a setting after ?: each is written keyword=value, separated by &", password: "PwSecret")
    expectRefused(
      "host=db password=Team PwSecret",
      reason: "a setting: each is written keyword=value, separated by spaces", password: "PwSecret")
    expectRefused(
      "host=db password='PwSecret", reason: "a setting's value: a quote ' is not closed",
      password: "PwSecret")
  }

  @Test(arguments: [
    #"host=db password=Team\ PwSecret dbname=todos"#,
    "host=db password\t=PwSecret dbname=todos",
    "host=db password = 'Team PwSecret' dbname=todos",
    "postgresql://todo@db/todos?pass%77ord=PwSecret",
    "postgresql://todo:Pw%53ecret@db/todos",
  ])
  func everySpellingOfAPasswordIsFoundAndRefusedInTheOption(address: String) throws {
    #expect(try PostgresServer(address).hasPassword)
    #expect(try PostgresServer(address, isOption: false).hasPassword)
    let error = #expect(throws: TodoStoreError.self) { try PostgresServer(address, isOption: true) }
    let message = try #require(error).description
    #expect(message.hasPrefix("--server (todos on db:"))
    #expect(message.hasSuffix(PostgresServer.passwordAdvice))
    #expect(!message.contains("Secret") && !message.contains("%53"))
  }

  @Test func theDescriptionNamesTheServerWithoutThePassword() throws {
    let server = try PostgresServer("postgresql://todo:PwSecret@db.example.org:6543/todos")
    #expect(server.description == "todos on db.example.org:6543 as todo")
  }
}
