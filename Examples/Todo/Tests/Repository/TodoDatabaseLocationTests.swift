import Testing
import TodoCore

@Suite struct TodoDatabaseLocationTests {
  @Test func anExplicitPathWinsOverEverything() throws {
    let path = try TodoDatabaseLocation.resolve(
      explicitPath: "/x/given.sqlite",
      environment: ["UNIFLOW_TODO_DB": "/y/env.sqlite", "XDG_DATA_HOME": "/data", "HOME": "/home/me"])
    #expect(path == "/x/given.sqlite")
  }

  @Test func theEnvironmentVariableWinsOverTheDefault() throws {
    let path = try TodoDatabaseLocation.resolve(
      environment: ["UNIFLOW_TODO_DB": "/y/env.sqlite", "XDG_DATA_HOME": "/data", "HOME": "/home/me"])
    #expect(path == "/y/env.sqlite")
  }

  @Test func theDefaultIsInTheXDGDataDirectory() throws {
    let path = try TodoDatabaseLocation.resolve(
      environment: ["UNIFLOW_TODO_DB": "", "XDG_DATA_HOME": "/data", "HOME": "/home/me"])
    #expect(path == "/data/uniflow-todo/todos.sqlite")
  }

  @Test(arguments: [nil, "", "relative/dir"])
  func withoutAnAbsoluteXDGDataDirectoryTheDefaultIsUnderHome(_ xdg: String?) throws {
    var environment = ["HOME": "/home/me"]
    environment["XDG_DATA_HOME"] = xdg
    let path = try TodoDatabaseLocation.resolve(environment: environment)
    #expect(path == "/home/me/.local/share/uniflow-todo/todos.sqlite")
  }

  @Test func withoutAHomeTheErrorSaysWhatToDo() {
    let error = #expect(throws: TodoStoreError.self) { try TodoDatabaseLocation.resolve(environment: [:]) }
    #expect(error?.description.contains("--db PATH") == true)
  }
}
