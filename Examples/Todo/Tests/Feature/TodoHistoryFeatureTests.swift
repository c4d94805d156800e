import Foundation
import Testing
import TodoCore
import Uniflow
import UniflowTesting

/// The second level of the stack: the detail pushes the todo's change history, which reads the
/// undo history and pops back to the detail.
@MainActor
@Suite struct TodoHistoryFeatureTests {
  let clock = TestClock()
  let milk = todo(1, "Buy milk")

  @Test func theDetailPushesTheHistoryWhichReadsItAndPopsBackToTheDetail() async throws {
    let repository = InMemoryTodoRepository(now: { testDate })
    _ = try await repository.add(title: "Buy milk", at: testDate)
    _ = try await repository.add(title: "Call mom", at: testDate)
    _ = try await repository.setNote("Oat", id: 1)
    _ = try await repository.setNote("Oat milk\n2 litres", id: 1)
    _ = try await repository.setDone(true, id: 1, at: testDate)
    let store = TestStore(
      initialState: TodoFeature.State(
        list: .init(todos: try await repository.snapshot().todos, isLoaded: true)),
      reducer: TodoFeature(repository: repository, now: { testDate }, clock: clock),
      timeout: .seconds(10))
    var done = todo(1, "Buy milk", isDone: true)
    done.note = "Oat milk\n2 litres"
    await store.send(.list(.openSelected))
    await store.receive(.list(.delegate(.open(done)))) {
      $0.path.append(.detail(TodoDetailFeature.State(todo: done)))
    }
    await store.send(.path(.element(id: 0, action: .detail(.showHistory)))) {
      $0.path.append(.history(TodoHistoryFeature.State(todo: done)))
    }
    #expect(store.state.screen == .history(1))
    await store.receive(.path(.element(id: 1, action: .history(.load))))
    // Each change with when it was made, and the note it left: the two notes tell apart.
    let changes = [
      TodoHistoryEntry("add “Buy milk”", date: testDate, note: ""),
      TodoHistoryEntry("note on “Buy milk”", date: testDate, note: "Oat"),
      TodoHistoryEntry("note on “Buy milk”", date: testDate, note: "Oat milk\n2 litres"),
      TodoHistoryEntry("complete “Buy milk”", date: testDate, note: "Oat milk\n2 litres"),
    ]
    await store.receive(.path(.element(id: 1, action: .history(.loaded(changes))))) {
      var history = TodoHistoryFeature.State(todo: done)
      history.changes = changes.reversed()
      $0.path[id: 1] = .history(history)
    }
    await store.send(.path(.element(id: 1, action: .history(.close))))
    await store.receive(.path(.popFrom(id: 1))) {
      _ = $0.path.popLast()
    }
    #expect(store.state.screen == .detail(0))
    #expect(store.state.mode == .editingNote(0))
  }

  @Test func aHistoryThatCannotBeReadSaysWhy() async {
    let store = TestStore(
      initialState: TodoHistoryFeature.State(todo: milk),
      reducer: TodoHistoryFeature(repository: FailingRepository(.busy(path: "/db"))),
      timeout: .seconds(10))
    await store.send(.load)
    await store.receive(.loadFailed(.busy(path: "/db"))) { $0.error = .busy(path: "/db") }
  }

  @Test func closingTheDetailUnderTheHistoryPopsBoth() async {
    let store = TestStore(
      initialState: TodoFeature.State(
        list: .init(todos: [milk], isLoaded: true),
        path: [.detail(TodoDetailFeature.State(todo: milk)), .history(TodoHistoryFeature.State(todo: milk))]),
      reducer: TodoFeature(
        repository: InMemoryTodoRepository(todos: [milk]), now: { testDate }, clock: clock),
      timeout: .seconds(10))
    await store.send(.path(.element(id: 0, action: .detail(.close))))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    #expect(store.state.screen == .list)
  }
}
