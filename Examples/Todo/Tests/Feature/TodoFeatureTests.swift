import Foundation
import Testing
import TodoCore
import Uniflow

@MainActor
@Suite struct TodoFeatureTests {
  typealias TodoStore = Store<TodoFeature.State, TodoFeature.Action>

  let clock = ManualClock()

  func makeStore(
    _ repository: any TodoRepository = InMemoryTodoRepository(), state: TodoFeature.State = .init()
  ) -> TodoStore {
    Store(
      initialState: state,
      reducer: TodoFeature(repository: repository, clock: clock, now: { testDate }))
  }

  /// A store bound to `repository`, with its first snapshot in.
  func makeObservingStore(_ repository: any TodoRepository = InMemoryTodoRepository()) async -> TodoStore {
    let store = makeStore(repository)
    store.send(.startObserving)
    #expect(await eventually { store.isLoaded })
    return store
  }

  // MARK: Binding

  @Test func theBindingFeedsEachPublishedSnapshotIntoTheState() async throws {
    let repository = InMemoryTodoRepository(todos: [todo(1, "Buy milk")])
    let store = await makeObservingStore(repository)
    #expect(store.todos == [todo(1, "Buy milk")])

    // A change made outside the store arrives through the binding too.
    _ = try await repository.add(title: "Call mom", at: testDate)
    #expect(await eventually { store.todos.count == 2 })
    #expect(store.undoHistory == ["add “Call mom”"])
  }

  @Test func stoppingTheBindingEndsItsEffects() async throws {
    let repository = InMemoryTodoRepository()
    let store = await makeObservingStore(repository)
    // The binding and the periodic check for outside changes.
    #expect(store.runningEffectCount == 2)

    store.send(.stopObserving)
    #expect(await eventually { store.runningEffectCount == 0 })
    _ = try await repository.add(title: "Buy milk", at: testDate)
    await store.send(.load).finish()
    #expect(store.todos.count == 1)
  }

  @Test func startingAgainReplacesTheBindingInsteadOfDoublingIt() async {
    let store = await makeObservingStore()
    #expect(store.runningEffectCount == 2)
    store.send(.startObserving)
    #expect(await eventually { store.runningEffectCount == 2 && clock.sleeperCount == 1 })
  }

  @Test func observingChecksForOutsideChangesOnTheClock() async {
    let repository = ReloadCountingRepository()
    let store = await makeObservingStore(repository)
    #expect(repository.reloadCount == 0)

    for expected in 1...3 {
      #expect(await eventually { clock.sleeperCount == 1 })
      clock.advance(by: .seconds(1))
      #expect(await eventually { repository.reloadCount == expected })
    }
    store.send(.stopObserving)
    #expect(await eventually { clock.sleeperCount == 0 })
  }

  @Test func loadReadsTheContentsOnce() async {
    let store = makeStore(InMemoryTodoRepository(todos: [todo(4, "Buy milk")]))
    await store.send(.load).finish()
    #expect(store.isLoaded)
    #expect(store.todos == [todo(4, "Buy milk")])
    #expect(store.runningEffectCount == 0)
  }

  // MARK: Commands

  @Test func addingReportsTheNewTodoAndSelectsIt() async {
    let store = await makeObservingStore(InMemoryTodoRepository(todos: [todo(1, "Call mom")]))
    await store.send(.add(title: "  Buy milk\n")).finish()
    #expect(store.outcome == .added(todo(2, "Buy milk")))
    #expect(store.error == nil)
    #expect(await eventually { store.todos.count == 2 })
    #expect(store.selection == 2)
    #expect(store.selectedIndex == 1)
  }

  @Test func anEmptyTitleIsAnErrorAndReachesNoRepository() async {
    let repository = FailingRepository(.busy(path: "unused"))
    let store = makeStore(repository)
    await store.send(.add(title: " \t ")).finish()
    #expect(store.error == .emptyTitle)
    await store.send(.rename(id: 1, title: "")).finish()
    #expect(store.error == .emptyTitle)
    #expect(store.outcome == nil)
  }

  @Test func togglingCompletesThenReopens() async {
    let store = await makeObservingStore(InMemoryTodoRepository(todos: [todo(1, "Buy milk")]))
    await store.send(.toggle(id: 1)).finish()
    #expect(store.outcome == .completed(todo(1, "Buy milk", isDone: true)))
    #expect(await eventually { store.doneCount == 1 })
    await store.send(.toggle(id: 1)).finish()
    #expect(store.outcome == .reopened(todo(1, "Buy milk")))
    #expect(await eventually { store.openCount == 1 })
  }

  @Test func togglingATodoTheStateDoesNotHaveIsAnError() async {
    let store = await makeObservingStore()
    await store.send(.toggle(id: 9)).finish()
    #expect(store.error == .todoNotFound(9))
  }

  @Test func renamingDeletingClearingAndUndoingReportTheirOutcome() async {
    let store = makeStore(
      InMemoryTodoRepository(todos: [todo(1, "Buy milk"), todo(2, "Call mom", isDone: true)]))
    await store.send(.rename(id: 1, title: "Buy oat milk")).finish()
    #expect(store.outcome == .renamed(todo(1, "Buy oat milk")))
    await store.send(.clearDone).finish()
    #expect(store.outcome == .clearedDone([todo(2, "Call mom", isDone: true)]))
    await store.send(.delete(id: 1)).finish()
    #expect(store.outcome == .deleted(todo(1, "Buy oat milk")))
    await store.send(.undo).finish()
    #expect(store.outcome == .undid("delete “Buy oat milk”"))
    await store.send(.load).finish()
    #expect(store.todos == [todo(1, "Buy oat milk")])
    #expect(store.undoHistory == ["rename “Buy milk”", "clear 1 done"])
  }

  @Test func aFailedCommandBecomesTheErrorShownAndTheNextSuccessClearsIt() async {
    let store = makeStore(InMemoryTodoRepository(todos: [todo(1, "Buy milk")]))
    await store.send(.setDone(id: 5, isDone: true)).finish()
    #expect(store.error == .todoNotFound(5))
    await store.send(.undo).finish()
    #expect(store.error == .nothingToUndo)
    #expect(store.outcome == nil)

    await store.send(.setDone(id: 1, isDone: true)).finish()
    #expect(store.error == nil)
    #expect(store.outcome == .completed(todo(1, "Buy milk", isDone: true)))

    store.send(.dismissMessage)
    #expect(store.outcome == nil)
  }

  @Test(arguments: [
    TodoStoreError.busy(path: "/db"), .readOnly(path: "/db"), .corrupted(path: "/db"),
    .sqlite(path: "/db", code: 13, message: "database or disk is full"),
  ])
  func repositoryFailuresBecomeState(_ failure: TodoStoreError) async {
    let store = makeStore(FailingRepository(failure))
    for action: TodoFeature.Action in [
      .add(title: "x"), .rename(id: 1, title: "x"), .setDone(id: 1, isDone: true), .delete(id: 1),
      .clearDone, .undo, .load,
    ] {
      store.send(.dismissMessage)
      await store.send(action).finish()
      #expect(store.error == failure, "after \(action)")
    }
    // A failure the repository publishes arrives through the binding.
    store.send(.dismissMessage)
    store.send(.startObserving)
    #expect(await eventually { store.error == failure })
    #expect(store.isLoaded)
  }

  // MARK: Filter and selection

  @Test func theFilterDecidesTheVisibleTodosAndTheCountsStayWhole() {
    let store = makeStore(
      state: TodoFeature.State(todos: [todo(1, "a"), todo(2, "b", isDone: true), todo(3, "c")]))
    #expect(store.visibleTodos.map(\.id) == [1, 2, 3])
    store.send(.cycleFilter)
    #expect(store.filter == .open)
    #expect(store.visibleTodos.map(\.id) == [1, 3])
    store.send(.cycleFilter)
    #expect(store.visibleTodos.map(\.id) == [2])
    #expect((store.openCount, store.doneCount) == (2, 1))
    store.send(.cycleFilter)
    #expect(store.filter == .all)
    store.send(.setFilter(.done))
    #expect(store.visibleTodos.map(\.id) == [2])
  }

  @Test func theSelectionMovesWithinTheVisibleTodos() {
    let store = makeStore(
      state: TodoFeature.State(todos: [todo(1, "a"), todo(2, "b", isDone: true), todo(3, "c"), todo(4, "d")]))
    #expect(store.selection == 1)
    store.send(.moveSelection(by: 1))
    #expect((store.selection, store.selectedIndex) == (2, 1))
    store.send(.moveSelection(by: 10))
    #expect(store.selection == 4)
    store.send(.moveSelection(by: -2))
    #expect(store.selection == 2)
    store.send(.moveSelection(by: Int.min))
    #expect(store.selection == 1)
    store.send(.moveSelection(by: Int.max))
    #expect(store.selection == 4)

    // Hiding the selected todo selects the one that takes its place.
    store.send(.select(id: 2))
    store.send(.setFilter(.open))
    #expect((store.selection, store.selectedIndex) == (3, 1))
    store.send(.setFilter(.done))
    #expect(store.selection == 2)
  }

  @Test func deletingTheSelectedTodoSelectsItsNeighbour() async {
    let store = await makeObservingStore(
      InMemoryTodoRepository(todos: [todo(1, "a"), todo(2, "b"), todo(3, "c")]))
    store.send(.select(id: 3))
    await store.send(.delete(id: 3)).finish()
    #expect(await eventually { store.todos.count == 2 })
    #expect(store.selection == 2)
    await store.send(.delete(id: 1)).finish()
    await store.send(.delete(id: 2)).finish()
    #expect(await eventually { store.todos.isEmpty })
    #expect(store.selection == nil)
    #expect(store.selectedIndex == nil)
  }
}
