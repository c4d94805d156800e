import Testing
import TodoCore

/// Makes the history every migration test starts from: add “Buy milk”, delete it, add “Call
/// mom”. The test then takes the database back to an older schema, which kept no times.
func makeTheHistoryOfAnOlderVersion(in repository: any TodoRepository) async throws {
  _ = try await repository.add(title: "Buy milk", at: testDate)
  _ = try await repository.delete(id: 1)
  _ = try await repository.add(title: "Call mom", at: testDate)
}

/// Checks that the history ``makeTheHistoryOfAnOlderVersion(in:)`` made, kept by an older
/// version and migrated, still works: its changes have no times, a new change has one, and
/// the old changes still undo, and redo, without times.
func expectTheUndatedHistoryStillUndoes(
  in repository: any TodoRepository, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
  #expect(
    try await repository.changes(of: 2) == [TodoHistoryEntry("add “Call mom”", note: "")],
    sourceLocation: sourceLocation)
  _ = try await repository.setNote("Her birthday", id: 2)
  let changes = try await repository.changes(of: 2)
  #expect(changes.map(\.label) == ["add “Call mom”", "note on “Call mom”"], sourceLocation: sourceLocation)
  #expect(changes.map { $0.date != nil } == [false, true], sourceLocation: sourceLocation)
  #expect(changes.last?.note == "Her birthday", sourceLocation: sourceLocation)
  for label in ["note on “Call mom”", "add “Call mom”", "delete “Buy milk”"] {
    #expect(try await repository.undo().value == label, sourceLocation: sourceLocation)
  }
  #expect(try await repository.snapshot().todos == [todo(1, "Buy milk")], sourceLocation: sourceLocation)
  #expect(try await repository.redo().value == "delete “Buy milk”", sourceLocation: sourceLocation)
  #expect(try await repository.changes(of: 1).map(\.date) == [nil, nil], sourceLocation: sourceLocation)
}
