import Foundation
import Testing
import TodoCore

/// The behaviour every repository shares, checked on the in-memory, the SQLite and the
/// PostgreSQL one alike (the last on a database of its own in the test process's cluster).
@Suite struct TodoRepositoryContractTests {
  enum Kind: String, CaseIterable, CustomTestStringConvertible {
    case inMemory, sqlite, postgres
    var testDescription: String { rawValue }
  }

  /// A repository of `kind`, with the directory that holds its file (kept alive with it).
  struct Subject {
    let repository: any TodoRepository
    let directory: TemporaryDirectory

    init(_ kind: Kind) throws {
      directory = try TemporaryDirectory()
      switch kind {
      case .inMemory: repository = InMemoryTodoRepository()
      case .sqlite: repository = try SQLiteTodoRepository(path: directory.file("todos.sqlite"))
      case .postgres:
        repository = try PostgresTodoRepository(server: PostgresTestCluster.shared().makeDatabase())
      }
    }
  }

  @Test(arguments: Kind.allCases)
  func identifiersCountUpAndAreNeverReused(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    #expect(try await repository.add(title: "one", at: testDate).value.id == 1)
    #expect(try await repository.add(title: "two", at: testDate).value.id == 2)
    _ = try await repository.delete(id: 2)
    #expect(try await repository.add(title: "three", at: testDate).value == todo(3, "three"))
    #expect(try await repository.snapshot().todos == [todo(1, "one"), todo(3, "three")])
  }

  @Test(arguments: Kind.allCases)
  func changesApplyAndUndoRevertsThemInReverseOrder(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    _ = try await repository.add(title: "Buy milk", at: testDate)
    _ = try await repository.add(title: "Call mom", at: testDate)
    #expect(
      try await repository.setDone(true, id: 1, at: testDate).value
        == TodoUpdate(todo: todo(1, "Buy milk", isDone: true), isChanged: true))
    #expect(
      try await repository.rename(id: 2, to: "Call dad").value
        == TodoUpdate(todo: todo(2, "Call dad"), isChanged: true))
    #expect(try await repository.clearDone().value == [todo(1, "Buy milk", isDone: true)])
    #expect(try await repository.delete(id: 2).value == todo(2, "Call dad"))
    #expect(try await repository.snapshot().todos.isEmpty)
    #expect(
      try await repository.snapshot().undoHistory == [
        "add “Buy milk”", "add “Call mom”", "complete “Buy milk”", "rename “Call mom” to “Call dad”",
        "clear 1 done",
        "delete “Call dad”",
      ])

    #expect(try await repository.undo().value == "delete “Call dad”")
    #expect(try await repository.snapshot().todos == [todo(2, "Call dad")])
    #expect(try await repository.undo().value == "clear 1 done")
    #expect(
      try await repository.snapshot().todos == [todo(1, "Buy milk", isDone: true), todo(2, "Call dad")])
    #expect(try await repository.undo().value == "rename “Call mom” to “Call dad”")
    #expect(try await repository.undo().value == "complete “Buy milk”")
    #expect(try await repository.snapshot().todos == [todo(1, "Buy milk"), todo(2, "Call mom")])
    #expect(try await repository.undo().value == "add “Call mom”")
    #expect(try await repository.undo().value == "add “Buy milk”")
    let emptied = try await repository.snapshot()
    #expect((emptied.todos, emptied.undoHistory) == ([], []))
    await #expect(throws: TodoStoreError.nothingToUndo) { try await repository.undo() }
  }

  @Test(arguments: Kind.allCases)
  func changesThatDoNothingLeaveNoUndoStep(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    _ = try await repository.add(title: "Buy milk", at: testDate)
    #expect(
      try await repository.setDone(false, id: 1, at: testDate).value
        == TodoUpdate(todo: todo(1, "Buy milk"), isChanged: false))
    #expect(
      try await repository.rename(id: 1, to: "Buy milk").value
        == TodoUpdate(todo: todo(1, "Buy milk"), isChanged: false))
    #expect(try await repository.clearDone().value == [])
    #expect(try await repository.snapshot().undoHistory == ["add “Buy milk”"])
  }

  @Test(arguments: Kind.allCases)
  func toggleDecidesFromTheTodoAsItIsNowAndUndoesLikeAnyChange(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    _ = try await repository.add(title: "Buy milk", at: testDate)
    #expect(
      try await repository.toggleDone(id: 1, at: testDate).value
        == TodoUpdate(todo: todo(1, "Buy milk", isDone: true), isChanged: true))
    #expect(
      try await repository.toggleDone(id: 1, at: testDate).value
        == TodoUpdate(todo: todo(1, "Buy milk"), isChanged: true))
    #expect(
      try await repository.snapshot().undoHistory == [
        "add “Buy milk”", "complete “Buy milk”", "reopen “Buy milk”",
      ])
    #expect(try await repository.undo().value == "reopen “Buy milk”")
    #expect(try await repository.snapshot().todos == [todo(1, "Buy milk", isDone: true)])
  }

  @Test(arguments: Kind.allCases)
  func badInputIsRefusedWithATypedErrorAndChangesNothing(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    _ = try await repository.add(title: "Buy milk", at: testDate)
    let before = try await repository.snapshot()
    await #expect(throws: TodoStoreError.emptyTitle) { try await repository.add(title: " \n ", at: testDate) }
    await #expect(throws: TodoStoreError.emptyTitle) { try await repository.rename(id: 1, to: "") }
    await #expect(throws: TodoStoreError.todoNotFound(7)) { try await repository.rename(id: 7, to: "x") }
    await #expect(throws: TodoStoreError.todoNotFound(7)) {
      try await repository.setDone(true, id: 7, at: testDate)
    }
    await #expect(throws: TodoStoreError.todoNotFound(7)) {
      try await repository.toggleDone(id: 7, at: testDate)
    }
    await #expect(throws: TodoStoreError.todoNotFound(7)) { try await repository.delete(id: 7) }
    #expect(try await repository.snapshot() == before)
  }

  @Test(arguments: Kind.allCases)
  func titlesAreStoredNormalizedAndVerbatim(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    let tricky = "Robert'); DROP TABLE todos; -- “quotes” ? %s \\ 🥛"
    _ = try await repository.add(title: "  Buy\nmilk\t ", at: testDate)
    _ = try await repository.add(title: tricky, at: testDate)
    #expect(try await repository.snapshot().todos.map(\.title) == ["Buy milk", tricky])
  }

  @Test(arguments: Kind.allCases)
  func eachCommandReturnsTheContentsItsChangeLeft(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    let added = try await repository.add(title: "Buy milk", at: testDate)
    #expect(added.contents == TodoSnapshot(todos: [todo(1, "Buy milk")], undoHistory: ["add “Buy milk”"]))
    // A read as soon as the command returns holds what the command returned.
    #expect(try await repository.snapshot() == added.contents)

    // The new todo can be changed at once.
    let completed = try await repository.setDone(true, id: added.value.id, at: testDate)
    #expect(completed.contents.todos == [todo(1, "Buy milk", isDone: true)])
    #expect(completed.contents.undoHistory == ["add “Buy milk”", "complete “Buy milk”"])
    let undone = try await repository.undo()
    #expect(undone.contents.todos == [todo(1, "Buy milk")])
    #expect(undone.contents.undoHistory == ["add “Buy milk”"])

    // A command that fails changes nothing.
    await #expect(throws: TodoStoreError.todoNotFound(9)) { try await repository.delete(id: 9) }
    #expect(try await repository.snapshot() == undone.contents)
  }

  @Test(arguments: Kind.allCases)
  func updatesStartWithTheContentsAndLeaveThisInstancesChangesToItsCommands(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    try await repository.add(title: "Buy milk", at: testDate)
    var updates = repository.updates().makeAsyncIterator()
    #expect(try await updates.next()?.get().todos == [todo(1, "Buy milk")])

    // Changes made here are not published, even when the repository looks for outside ones.
    try await repository.setDone(true, id: 1, at: testDate)
    try await repository.reloadIfChanged()
    try await repository.add(title: "Call mom", at: testDate)
    try await repository.reloadIfChanged()
    // The next update published is the first of another subscription's, not one of those.
    var later = repository.updates().makeAsyncIterator()
    #expect(
      try await later.next()?.get().todos == [todo(1, "Buy milk", isDone: true), todo(2, "Call mom")])
  }

  @Test(arguments: Kind.allCases)
  func addingManyTitlesIsOneChangeThatOneUndoReverts(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    _ = try await repository.add(title: "first", at: testDate)
    let titles = (1...500).map { "item \($0)" }
    let added = try await repository.add(titles: titles, at: testDate).value
    #expect(added.map(\.id) == Array(2...501))
    #expect(added.map(\.title) == titles)
    let snapshot = try await repository.snapshot()
    #expect(snapshot.todos.count == 501)
    #expect(snapshot.undoHistory == ["add “first”", "add 500 todos"])

    #expect(try await repository.undo().value == "add 500 todos")
    #expect(try await repository.snapshot().todos.map(\.title) == ["first"])
    // Identifiers are not reused after the undo.
    #expect(try await repository.add(title: "next", at: testDate).value.id == 502)
  }

  @Test(arguments: Kind.allCases)
  func redoAppliesAgainWhatUndoRevertedUntilTheNextChange(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    await #expect(throws: TodoStoreError.nothingToRedo) { try await repository.redo() }
    _ = try await repository.add(title: "Buy milk", at: testDate)
    _ = try await repository.add(titles: ["Call mom", "Write report"], at: testDate)
    _ = try await repository.setDone(true, id: 1, at: testDate)
    let done = try await repository.snapshot().todos

    #expect(try await repository.undo().value == "complete “Buy milk”")
    #expect(try await repository.undo().value == "add 2 todos")
    #expect(try await repository.snapshot().todos == [todo(1, "Buy milk")])
    #expect(try await repository.redo().value == "add 2 todos")
    #expect(try await repository.redo().value == "complete “Buy milk”")
    #expect(try await repository.snapshot().todos == done)
    await #expect(throws: TodoStoreError.nothingToRedo) { try await repository.redo() }
    // A redo can be undone in turn.
    #expect(try await repository.undo().value == "complete “Buy milk”")
    #expect(try await repository.snapshot().undoHistory == ["add “Buy milk”", "add 2 todos"])

    // A new change ends what can be redone.
    _ = try await repository.delete(id: 2)
    await #expect(throws: TodoStoreError.nothingToRedo) { try await repository.redo() }
  }

  @Test(arguments: Kind.allCases)
  func addingTitlesWithAnEmptyOneAddsNothing(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    await #expect(throws: TodoStoreError.emptyTitle) {
      try await repository.add(titles: ["Buy milk", "  "], at: testDate)
    }
    #expect(try await repository.snapshot().todos.isEmpty)
  }

  @Test(arguments: Kind.allCases)
  func undoHistoryKeepsTheLastHundredChanges(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    for number in 1...105 { _ = try await repository.add(title: "item \(number)", at: testDate) }
    let history = try await repository.snapshot().undoHistory
    #expect(history.count == 100)
    #expect(history.first == "add “item 6”")
    #expect(history.last == "add “item 105”")
    for _ in 1...100 { _ = try await repository.undo() }
    #expect(try await repository.snapshot().todos.map(\.title) == (1...5).map { "item \($0)" })
    await #expect(throws: TodoStoreError.olderChangesNotKept(kept: 100)) {
      try await repository.undo()
    }
    // Redoing and undoing again, or a new change, does not make the dropped steps come back.
    _ = try await repository.redo()
    _ = try await repository.undo()
    await #expect(throws: TodoStoreError.olderChangesNotKept(kept: 100)) {
      try await repository.undo()
    }
  }

  @Test(arguments: Kind.allCases)
  func undoingEveryChangeOfAShortHistorySaysOnlyThatNothingIsLeft(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    for number in 1...100 { _ = try await repository.add(title: "item \(number)", at: testDate) }
    for _ in 1...60 { _ = try await repository.undo() }
    for _ in 1...30 { _ = try await repository.redo() }
    for _ in 1...70 { _ = try await repository.undo() }
    #expect(try await repository.snapshot().todos.isEmpty)
    await #expect(throws: TodoStoreError.nothingToUndo) { try await repository.undo() }
  }

  @Test(arguments: Kind.allCases)
  func aNoteIsSetAndUndoAndRedoRestoreIt(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    _ = try await repository.add(title: "Buy milk", at: testDate)
    var noted = todo(1, "Buy milk")
    noted.note = "Oat milk\n2 litres"
    #expect(
      try await repository.setNote("Oat milk  \n2 litres\n", id: 1).value
        == TodoUpdate(todo: noted, isChanged: true))
    #expect(
      try await repository.setNote("Oat milk\n2 litres", id: 1).value
        == TodoUpdate(todo: noted, isChanged: false))
    #expect(try await repository.snapshot().todos == [noted])
    #expect(try await repository.snapshot().undoHistory == ["add “Buy milk”", "note on “Buy milk”"])

    #expect(try await repository.undo().value == "note on “Buy milk”")
    #expect(try await repository.snapshot().todos == [todo(1, "Buy milk")])
    #expect(try await repository.redo().value == "note on “Buy milk”")
    #expect(try await repository.snapshot().todos == [noted])
  }

  @Test(arguments: Kind.allCases)
  func undoingADeletionBringsTheNoteBack(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    _ = try await repository.add(title: "Buy milk", at: testDate)
    let noted = try await repository.setNote("Oat milk", id: 1).value.todo
    _ = try await repository.setDone(true, id: 1, at: testDate)
    _ = try await repository.clearDone()
    _ = try await repository.undo()
    _ = try await repository.undo()
    #expect(try await repository.snapshot().todos == [noted])
  }

  @Test(arguments: Kind.allCases)
  func aBadNoteIsRefusedAndChangesNothing(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    _ = try await repository.add(title: "Buy milk", at: testDate)
    let before = try await repository.snapshot()
    let long = String(repeating: "n", count: Todo.maximumNoteLength + 1)
    await #expect(throws: TodoStoreError.noteTooLong(length: long.count, maximum: Todo.maximumNoteLength)) {
      try await repository.setNote(long, id: 1)
    }
    await #expect(throws: TodoStoreError.todoNotFound(9)) { try await repository.setNote("x", id: 9) }
    #expect(try await repository.snapshot() == before)
  }

  @Test(arguments: Kind.allCases)
  func aTodosHistoryListsTheUndoStepsThatTouchedIt(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    _ = try await repository.add(title: "Buy milk", at: testDate)
    _ = try await repository.add(titles: ["Call mom", "Write report"], at: testDate)
    _ = try await repository.setNote("Oat", id: 1)
    _ = try await repository.setDone(true, id: 1, at: testDate)
    _ = try await repository.setDone(true, id: 2, at: testDate)
    _ = try await repository.clearDone()
    _ = try await repository.rename(id: 3, to: "Write the report")
    _ = try await repository.undo()
    _ = try await repository.undo()
    _ = try await repository.redo()
    #expect(
      try await repository.history(of: 1) == [
        "add “Buy milk”", "note on “Buy milk”", "complete “Buy milk”", "clear 2 done",
      ])
    #expect(try await repository.history(of: 2) == ["add 2 todos", "complete “Call mom”", "clear 2 done"])
    #expect(try await repository.history(of: 3) == ["add 2 todos"])
    #expect(try await repository.history(of: 9) == [])
  }

  /// The history tells changes of one kind apart: each is dated by the repository's clock (the
  /// database's, for a database), in the order made, and carries the note it left; undo and
  /// redo move a change with the time it was made.
  @Test(arguments: Kind.allCases)
  func aTodosChangesAreDatedInOrderAndCarryTheNoteEachLeft(_ kind: Kind) async throws {
    let repository = try Subject(kind).repository
    let start = Date()
    _ = try await repository.add(title: "Buy milk", at: testDate)
    _ = try await repository.add(title: "Call mom", at: testDate)
    _ = try await repository.setNote("Oat", id: 1)
    _ = try await repository.setNote("Oat milk", id: 1)
    _ = try await repository.setDone(true, id: 1, at: testDate)
    _ = try await repository.delete(id: 1)
    let end = Date()

    let changes = try await repository.changes(of: 1)
    #expect(
      changes.map(\.label) == [
        "add “Buy milk”", "note on “Buy milk”", "note on “Buy milk”", "complete “Buy milk”",
        "delete “Buy milk”",
      ])
    #expect(changes.map(\.note) == ["", "Oat", "Oat milk", "Oat milk", nil])
    let dates = changes.compactMap(\.date)
    #expect(dates.count == changes.count)
    #expect(dates == dates.sorted())
    // The database's clock is this machine's: within a second of the test's.
    let window = start.addingTimeInterval(-1)...end.addingTimeInterval(1)
    #expect(dates.allSatisfy(window.contains))
    #expect(try await repository.changes(of: 2).map(\.label) == ["add “Call mom”"])
    #expect(try await repository.changes(of: 2).map(\.note) == [""])
    #expect(try await repository.changes(of: 9) == [])

    // Undone, the changes leave the history, and the last one kept leaves the todo as it is now.
    _ = try await repository.undo()
    _ = try await repository.undo()
    _ = try await repository.undo()
    #expect(try await repository.changes(of: 1) == Array(changes.prefix(2)))
    #expect(try await repository.snapshot().todos[id: 1]?.note == "Oat")
    // Redone, they come back as they were, with the times they were first made.
    _ = try await repository.redo()
    _ = try await repository.redo()
    #expect(try await repository.changes(of: 1) == Array(changes.prefix(4)))
    _ = try await repository.redo()
    #expect(try await repository.changes(of: 1) == changes)
    // A new change after an undo is dated now, after the ones kept.
    _ = try await repository.undo()
    _ = try await repository.setNote("Soy", id: 1)
    let after = try await repository.changes(of: 1)
    #expect(after.dropLast() == changes.prefix(4))
    #expect(after.last?.label == "note on “Buy milk”")
    #expect(after.last?.note == "Soy")
    let last = try #require(after.last?.date)
    #expect(last >= dates[3] && last <= Date().addingTimeInterval(1))
  }

  /// What the user typed is refused for what it is before the repository is asked: an empty
  /// title is an empty title on a server that cannot be reached, too.
  @Test func badInputIsRefusedBeforeTheRepositoryIsAsked() async throws {
    let offline = TodoStoreError.offline(server: "todos on db.example.org as todo")
    let unreachable = FailingRepository(offline)
    await #expect(throws: TodoStoreError.emptyTitle) { try await unreachable.add(title: "  ", at: testDate) }
    await #expect(throws: TodoStoreError.emptyTitle) {
      try await unreachable.add(titles: ["Buy milk", ""], at: testDate)
    }
    await #expect(throws: TodoStoreError.emptyTitle) { try await unreachable.add(titles: [], at: testDate) }
    await #expect(throws: TodoStoreError.emptyTitle) { try await unreachable.rename(id: 1, to: "") }
    let note = String(repeating: "x", count: Todo.maximumNoteLength + 1)
    await #expect(
      throws: TodoStoreError.noteTooLong(length: note.count, maximum: Todo.maximumNoteLength)
    ) { try await unreachable.setNote(note, id: 1) }
    // Good input reaches the repository, which says why it cannot make the change.
    await #expect(throws: offline) { try await unreachable.add(title: "Buy milk", at: testDate) }
  }
}
