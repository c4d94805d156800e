import Foundation
import Testing

/// What the program creates is the user's alone: the database, its folder, its journal files and
/// a recording, 0600 files in a 0700 folder, whatever the process's umask lets through.
@Suite struct PrivateFilesTests {
  let todo: TodoProcess

  init() throws {
    todo = try TodoProcess()
  }

  /// The permission bits of the file at `path`.
  func permissions(_ path: String) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  @Test func theDatabaseItsFolderAndARecordingAreCreatedPrivate() async throws {
    let folder = todo.directory.file("data/uniflow-todo")
    let database = folder + "/todos.sqlite"
    let log = todo.directory.file("session.jsonl")
    expectSuccess(
      try await todo.runWithoutDatabase(["--db", database, "--record", log, "add", "Buy milk"]),
      printing: "Added 1: Buy milk\n")
    #expect(try permissions(todo.directory.file("data")) == 0o700)
    #expect(try permissions(folder) == 0o700)
    #expect(try permissions(log) == 0o600)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(files.contains("todos.sqlite"))
    for file in files {
      #expect(try permissions(folder + "/" + file) == 0o600, "\(file)")
    }
  }
}
