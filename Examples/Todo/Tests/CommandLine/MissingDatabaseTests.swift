import Foundation
import Testing
import TodoCore

/// A command that only reads never creates a file or a folder: where there is no database it
/// answers as from an empty one, and names a path the user chose, which may be mistyped.
@Suite struct MissingDatabaseTests {
  let todo: TodoProcess
  /// A database in a folder that does not exist, as a typo makes it.
  let typo: String

  init() throws {
    todo = try TodoProcess()
    typo = todo.directory.file("typo") + "/todos.sqlite"
  }

  private var warning: String {
    "todo: warning: there is no todo database at \(typo); nothing is read or created there"
  }

  /// The files and folders of the test's directory, but for the home folder the runs get.
  private func createdFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: todo.directory.path).filter {
      !$0.hasPrefix("stdout-") && !$0.hasPrefix("stderr-")
    }
  }

  @Test func readingCommandsAnswerAsFromAnEmptyListAndCreateNothing() async throws {
    let cases: [(arguments: [String], status: Int32, output: String, error: String?)] = [
      (["list"], 0, "", nil),
      (["list", "--json"], 0, "[]\n", nil),
      ([], 0, "", nil),
      (["show", "1"], 1, "", "no todo with id 1"),
      (["done", "1"], 1, "", "no todo with id 1"),
      (["reopen", "1"], 1, "", "no todo with id 1"),
      (["rename", "1", "Buy milk"], 1, "", "no todo with id 1"),
      (["rm", "1"], 1, "", "no todo with id 1"),
      (["note", "1", "Oat milk"], 1, "", "no todo with id 1"),
      (["clear-done"], 0, "No done todos to clear\n", nil),
      (["undo"], 1, "", "nothing more to undo"),
      (["redo"], 1, "", "nothing to redo"),
      (["config"], 0, ConfigTests.defaults, nil),
      (["config", "filter"], 0, "all\n", nil),
    ]
    for (arguments, status, output, error) in cases {
      let result = try await todo.runWithoutDatabase(["--db", typo] + arguments)
      #expect(result.status == status, "\(arguments): \(result.standardError)")
      #expect(result.standardOutput == output, "\(arguments)")
      #expect(result.errorLines.first.map(String.init) == warning, "\(arguments)")
      #expect(result.errorLines.count == (error == nil ? 1 : 2), "\(arguments): \(result.standardError)")
      if let error { #expect(result.errorLines.last?.contains(error) == true, "\(arguments)") }
      #expect(try createdFiles() == [], "\(arguments)")
    }
  }

  @Test func thePathFromTheEnvironmentIsNamedTooAndTheDefaultOneIsNot() async throws {
    let fromEnvironment = try await todo.runWithoutDatabase(
      ["list"], environment: [TodoDatabaseLocation.environmentVariable: typo])
    #expect(fromEnvironment.status == 0)
    #expect(fromEnvironment.errorLines.map(String.init) == [warning])

    // A fresh user's first look at the list: nothing to say, and nothing made in their home.
    let home = todo.directory.file("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: false)
    try await expectSuccess(todo.runWithoutDatabase(["list"]), printing: "")
    #expect(try FileManager.default.contentsOfDirectory(atPath: home) == [])
    #expect(try createdFiles() == ["home"])
  }

  @Test func whatStoresSomethingCreatesTheDatabaseAndItsFolder() async throws {
    try await expectSuccess(
      todo.runWithoutDatabase(["--db", typo, "config", "sort", "title"]), printing: "Set sort to title\n")
    #expect(FileManager.default.fileExists(atPath: typo))
    try await expectSuccess(todo.runWithoutDatabase(["--db", typo, "config", "sort"]), printing: "title\n")
    try await expectSuccess(
      todo.runWithoutDatabase(["--db", typo, "add", "Buy milk"]), printing: "Added 1: Buy milk\n")
    try await expectSuccess(todo.runWithoutDatabase(["--db", typo, "list"]), printing: "1  [ ] Buy milk\n")
  }
}
