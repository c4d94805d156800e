import Foundation
import Testing
import TodoCore
import Uniflow

/// The change watch of each repository: another process's (another client's) change reaches
/// this one's subscribers without anyone asking.
@Suite(.timeLimit(.minutes(10))) struct TodoChangeWatchTests {
  enum Kind: String, CaseIterable, CustomTestStringConvertible {
    case sqlite, postgres
    var testDescription: String { rawValue }
  }

  /// Two repositories on one database, as two programs have them, and the watch of the first.
  struct Subject {
    let watched: any TodoRepository
    let other: any TodoRepository
    let watch: any TodoChangeWatch
    let directory: TemporaryDirectory

    init(_ kind: Kind) throws {
      directory = try TemporaryDirectory()
      switch kind {
      case .sqlite:
        let path = directory.file("todos.sqlite")
        let watched = try SQLiteTodoRepository(path: path)
        (self.watched, watch) = (watched, SQLiteChangeWatch(repository: watched))
        other = try SQLiteTodoRepository(path: path)
      case .postgres:
        let server = try PostgresTestCluster.shared().makeDatabase()
        let watched = try PostgresTodoRepository(server: server)
        (self.watched, watch) = (watched, PostgresChangeWatch(repository: watched))
        other = try PostgresTodoRepository(server: server)
      }
    }
  }

  @Test(arguments: Kind.allCases)
  func anotherProgramsChangesReachTheSubscribersInOrder(_ kind: Kind) async throws {
    let subject = try Subject(kind)
    var updates = subject.watched.updates().makeAsyncIterator()
    #expect(try await updates.next()?.get().todos == [])
    let watching = Task { [watch = subject.watch] in
      await watch.run { error in Issue.record("unexpected failure: \(error)") }
    }
    defer { watching.cancel() }

    try await subject.other.add(title: "Buy milk", at: testDate)
    try await nextContents(of: &updates, until: { $0.todos == [todo(1, "Buy milk")] })
    try await subject.other.setDone(true, id: 1, at: testDate)
    try await nextContents(of: &updates, until: { $0.todos == [todo(1, "Buy milk", isDone: true)] })
    try await subject.other.undo()
    try await nextContents(of: &updates) {
      $0 == TodoSnapshot(todos: [todo(1, "Buy milk")], undoHistory: ["add “Buy milk”"])
    }
    // This program's own changes reach it through their commands, not through the watch.
    try await subject.watched.add(title: "Call mom", at: testDate)
    try await subject.other.add(title: "Write report", at: testDate)
    try await nextContents(of: &updates) {
      $0.todos.map(\.title) == ["Buy milk", "Call mom", "Write report"]
    }
    watching.cancel()
    await watching.value
  }

  @Test(arguments: Kind.allCases)
  func aWatchStartedLateCatchesUpWhatChangedBefore(_ kind: Kind) async throws {
    let subject = try Subject(kind)
    var updates = subject.watched.updates().makeAsyncIterator()
    #expect(try await updates.next()?.get().todos == [])
    try await subject.other.add(title: "Buy milk", at: testDate)
    let watching = Task { [watch = subject.watch] in
      await watch.run { error in Issue.record("unexpected failure: \(error)") }
    }
    try await nextContents(of: &updates, until: { $0.todos == [todo(1, "Buy milk")] })
    watching.cancel()
    await watching.value
  }
}

/// Takes updates until one's contents satisfy `isExpected`; a failure in between fails the
/// test.
func nextContents(
  of updates: inout AsyncStream<Result<TodoSnapshot, TodoStoreError>>.Iterator,
  until isExpected: (TodoSnapshot) -> Bool
) async throws {
  while let update = await updates.next() {
    if isExpected(try update.get()) { return }
  }
  Issue.record("the updates ended before the expected contents came")
}
