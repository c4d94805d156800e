import Foundation
import Testing
import TodoCore
import Uniflow
import UniflowTesting

/// The todo feature's reducer and effects, step by step: every action's state change, every
/// action the effects send back, and no effect left running at the end.
@MainActor
@Suite struct TodoFeatureTests {
  typealias FeatureStore = TestStore<TodoFeature.State, TodoFeature.Action>

  let clock = TestClock()

  func makeStore(
    _ repository: any TodoRepository = InMemoryTodoRepository(), state: TodoFeature.State = .init()
  ) -> FeatureStore {
    // Only a failing test waits for the timeout; a generous one keeps a busy machine from
    // failing a passing test.
    TestStore(
      initialState: state,
      reducer: TodoFeature(repository: repository, clock: clock, now: { testDate }),
      timeout: .seconds(10))
  }

  /// Binds the repository, receives the contents it publishes at once, and waits until the
  /// periodic check for outside changes sleeps on the clock.
  @discardableResult
  func startObserving(
    _ store: FeatureStore, loading todos: IdentifiedArray<Todo>,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async -> TestStoreTask {
    let binding = await store.send(
      .startObserving, fileID: fileID, filePath: filePath, line: line, column: column)
    await store.receive(
      .snapshotLoaded(TodoSnapshot(todos: todos)),
      assert: {
        $0.todos = todos
        $0.isLoaded = true
      }, fileID: fileID, filePath: filePath, line: line, column: column)
    await clock.waitForSleepers()
    return binding
  }

  /// Ends the binding and waits until its effects are over, so that the test ends with nothing
  /// running and nothing sleeping on the clock.
  func stopObserving(
    _ store: FeatureStore,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await store.send(.stopObserving, fileID: fileID, filePath: filePath, line: line, column: column)
    await store.finish(fileID: fileID, filePath: filePath, line: line, column: column)
    clock.checkNoSleepers(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // MARK: Binding

  @Test func theBindingFeedsAnotherProcesssChangesIntoTheState() async throws {
    let repository = OutsideChangesRepository(todos: [todo(1, "Buy milk")])
    let store = makeStore(repository)
    await startObserving(store, loading: [todo(1, "Buy milk")])
    #expect(store.state.selection == 1)

    // A change another process made arrives through the binding.
    try await repository.changeFromOutside { base throws(TodoStoreError) in
      try await base.add(title: "Call mom", at: testDate)
    }
    await store.receive(
      .snapshotLoaded(
        TodoSnapshot(todos: [todo(1, "Buy milk"), todo(2, "Call mom")], undoHistory: ["add “Call mom”"]))
    ) {
      $0.todos.append(todo(2, "Call mom"))
      $0.undoHistory = ["add “Call mom”"]
    }
    await stopObserving(store)
  }

  @Test func stoppingTheBindingEndsItsEffects() async throws {
    let repository = OutsideChangesRepository()
    let store = makeStore(repository)
    // The binding and the periodic check for outside changes, which sleeps on the clock.
    let binding = await startObserving(store, loading: [])
    #expect(!binding.isFinished)
    #expect(clock.sleeperCount == 1)

    await store.send(.stopObserving)
    await binding.finish()
    #expect(clock.sleeperCount == 0)

    // Changes no longer arrive by themselves; reading the contents still works.
    try await repository.changeFromOutside { base throws(TodoStoreError) in
      try await base.add(title: "Buy milk", at: testDate)
    }
    await store.send(.load)
    await store.receive(
      .snapshotLoaded(TodoSnapshot(todos: [todo(1, "Buy milk")], undoHistory: ["add “Buy milk”"]))
    ) {
      $0.todos = [todo(1, "Buy milk")]
      $0.undoHistory = ["add “Buy milk”"]
    }
    await store.finish()
  }

  @Test func startingAgainReplacesTheBindingInsteadOfDoublingIt() async throws {
    let repository = OutsideChangesRepository()
    let store = makeStore(repository)
    let first = await startObserving(store, loading: [])

    // The new binding publishes the contents at once; the state holds them already.
    await store.send(.startObserving)
    await store.receive(.snapshotLoaded(TodoSnapshot()))
    // The first binding and its check ended; one check sleeps on the clock.
    await first.finish()
    await clock.waitForSleepers()
    #expect(clock.sleeperCount == 1)

    // One change, one snapshot.
    try await repository.changeFromOutside { base throws(TodoStoreError) in
      try await base.add(title: "Buy milk", at: testDate)
    }
    await store.receive(
      .snapshotLoaded(TodoSnapshot(todos: [todo(1, "Buy milk")], undoHistory: ["add “Buy milk”"]))
    ) {
      $0.todos = [todo(1, "Buy milk")]
      $0.undoHistory = ["add “Buy milk”"]
    }
    await stopObserving(store)
  }

  @Test func observingChecksForOutsideChangesOnTheClock() async {
    let repository = ReloadCountingRepository()
    let store = makeStore(repository)
    await startObserving(store, loading: [])
    #expect(repository.reloadCount == 0)

    for expected in 1...3 {
      await clock.advance(by: .seconds(1))
      // The check is over once it sleeps again.
      await clock.waitForSleepers()
      #expect(repository.reloadCount == expected)
    }
    await stopObserving(store)
  }

  @Test func loadReadsTheContentsOnce() async {
    let store = makeStore(InMemoryTodoRepository(todos: [todo(4, "Buy milk")]))
    await store.send(.load)
    await store.receive(.snapshotLoaded(TodoSnapshot(todos: [todo(4, "Buy milk")]))) {
      $0.todos = [todo(4, "Buy milk")]
      $0.isLoaded = true
    }
    // Nothing keeps running.
    await store.finish()
  }

  // MARK: Commands

  @Test func addingListsReportsAndSelectsTheNewTodoInOneAction() async {
    let store = makeStore(InMemoryTodoRepository(todos: [todo(1, "Call mom")]))
    await startObserving(store, loading: [todo(1, "Call mom")])

    await store.send(.add(title: "  Buy milk\n"))
    // The outcome comes with the contents the change left: nothing else follows.
    await store.receive(
      .finished(
        .added(todo(2, "Buy milk")),
        contents: TodoSnapshot(
          todos: [todo(1, "Call mom"), todo(2, "Buy milk")], undoHistory: ["add “Buy milk”"]))
    ) {
      $0.todos.append(todo(2, "Buy milk"))
      $0.undoHistory = ["add “Buy milk”"]
      $0.outcome = .added(todo(2, "Buy milk"))
      $0.selection = 2
    }
    #expect(store.state.selectedIndex == 1)
    #expect(store.state.error == nil)
    await stopObserving(store)
  }

  /// The interactive list toggles the selected todo; a todo selected because it was just added
  /// is one the state holds.
  @Test func aTodoCanBeToggledAsSoonAsItsAdditionIsReported() async throws {
    let store = makeStore()
    await startObserving(store, loading: [])

    await store.send(.add(title: "Buy milk"))
    await store.receive(
      .finished(
        .added(todo(1, "Buy milk")),
        contents: TodoSnapshot(todos: [todo(1, "Buy milk")], undoHistory: ["add “Buy milk”"]))
    ) {
      $0.todos = [todo(1, "Buy milk")]
      $0.undoHistory = ["add “Buy milk”"]
      $0.outcome = .added(todo(1, "Buy milk"))
    }

    await store.send(.toggle(id: try #require(store.state.selection)))
    await store.receive(
      .finished(
        .completed(todo(1, "Buy milk", isDone: true)),
        contents: TodoSnapshot(
          todos: [todo(1, "Buy milk", isDone: true)], undoHistory: ["add “Buy milk”", "complete “Buy milk”"]))
    ) {
      $0.todos = [todo(1, "Buy milk", isDone: true)]
      $0.undoHistory.append("complete “Buy milk”")
      $0.outcome = .completed(todo(1, "Buy milk", isDone: true))
    }
    await stopObserving(store)
  }

  @Test func anEmptyTitleIsAnErrorAndReachesNoRepository() async {
    let store = makeStore(FailingRepository(.busy(path: "unused")))
    let adding = await store.send(.add(title: " \t ")) { $0.error = .emptyTitle }
    await store.send(.dismissMessage) { $0.error = nil }
    let renaming = await store.send(.rename(id: 1, title: "")) { $0.error = .emptyTitle }
    // Neither started an effect: the repository was not asked.
    #expect(adding.isFinished)
    #expect(renaming.isFinished)
    #expect(store.state.outcome == nil)
  }

  @Test func togglingCompletesThenReopens() async {
    let repository = InMemoryTodoRepository(todos: [todo(1, "Buy milk")])
    let store = makeStore(repository)
    await startObserving(store, loading: [todo(1, "Buy milk")])

    await store.send(.toggle(id: 1))
    await store.receive(
      .finished(
        .completed(todo(1, "Buy milk", isDone: true)),
        contents: TodoSnapshot(
          todos: [todo(1, "Buy milk", isDone: true)], undoHistory: ["complete “Buy milk”"]))
    ) {
      $0.todos[id: 1]?.isDone = true
      $0.todos[id: 1]?.completedAt = testDate
      $0.undoHistory = ["complete “Buy milk”"]
      $0.outcome = .completed(todo(1, "Buy milk", isDone: true))
    }
    #expect((store.state.openCount, store.state.doneCount) == (0, 1))

    // The state now says it is done: toggling reopens it.
    await store.send(.toggle(id: 1))
    await store.receive(
      .finished(
        .reopened(todo(1, "Buy milk")),
        contents: TodoSnapshot(
          todos: [todo(1, "Buy milk")], undoHistory: ["complete “Buy milk”", "reopen “Buy milk”"]))
    ) {
      $0.todos[id: 1] = todo(1, "Buy milk")
      $0.undoHistory.append("reopen “Buy milk”")
      $0.outcome = .reopened(todo(1, "Buy milk"))
    }
    #expect((store.state.openCount, store.state.doneCount) == (1, 0))
    await stopObserving(store)
  }

  /// A property check found this: the second toggle, sent before the first one's result was
  /// back, decided from the list as it still showed the todo open, and both marked it done.
  @Test func twoTogglesSentBeforeTheFirstIsBackUndoEachOther() async {
    let store = makeStore(LaggingRepository(clock: clock))
    store.exhaustivity = .off
    await store.send(.add(title: "a"))
    await clock.advance(by: .milliseconds(200))
    await store.send(.toggle(id: 1))
    await store.send(.toggle(id: 1))
    await clock.run()
    await store.finish()
    #expect(store.state.todos.elements == [todo(1, "a")])
    #expect(store.state.undoHistory == ["add “a”", "complete “a”", "reopen “a”"])
  }

  @Test func togglingATodoTheStateDoesNotHaveIsAnError() async {
    let store = makeStore()
    await startObserving(store, loading: [])
    await store.send(.toggle(id: 9)) { $0.error = .todoNotFound(9) }
    await stopObserving(store)
  }

  @Test func renamingDeletingClearingAndUndoingReportTheirOutcome() async {
    let store = makeStore(
      InMemoryTodoRepository(todos: [todo(1, "Buy milk"), todo(2, "Call mom", isDone: true)]))
    await store.send(.rename(id: 1, title: "Buy oat milk"))
    await store.receive(
      .finished(
        .renamed(todo(1, "Buy oat milk")),
        contents: TodoSnapshot(
          todos: [todo(1, "Buy oat milk"), todo(2, "Call mom", isDone: true)],
          undoHistory: ["rename “Buy milk” to “Buy oat milk”"]))
    ) {
      $0.todos = [todo(1, "Buy oat milk"), todo(2, "Call mom", isDone: true)]
      $0.undoHistory = ["rename “Buy milk” to “Buy oat milk”"]
      $0.isLoaded = true
      $0.outcome = .renamed(todo(1, "Buy oat milk"))
    }

    await store.send(.clearDone)
    await store.receive(
      .finished(
        .clearedDone([todo(2, "Call mom", isDone: true)]),
        contents: TodoSnapshot(
          todos: [todo(1, "Buy oat milk")],
          undoHistory: ["rename “Buy milk” to “Buy oat milk”", "clear 1 done"]))
    ) {
      $0.todos.remove(id: 2)
      $0.undoHistory.append("clear 1 done")
      $0.outcome = .clearedDone([todo(2, "Call mom", isDone: true)])
    }

    await store.send(.delete(id: 1))
    await store.receive(
      .finished(
        .deleted(todo(1, "Buy oat milk")),
        contents: TodoSnapshot(undoHistory: [
          "rename “Buy milk” to “Buy oat milk”", "clear 1 done", "delete “Buy oat milk”",
        ]))
    ) {
      $0.todos = []
      $0.undoHistory.append("delete “Buy oat milk”")
      $0.outcome = .deleted(todo(1, "Buy oat milk"))
    }

    await store.send(.undo)
    await store.receive(
      .finished(
        .undid("delete “Buy oat milk”"),
        contents: TodoSnapshot(
          todos: [todo(1, "Buy oat milk")],
          undoHistory: ["rename “Buy milk” to “Buy oat milk”", "clear 1 done"]))
    ) {
      $0.todos = [todo(1, "Buy oat milk")]
      $0.undoHistory.removeLast()
      $0.outcome = .undid("delete “Buy oat milk”")
    }
    await store.finish()
  }

  @Test func aFailedCommandBecomesTheErrorShownAndTheNextSuccessClearsIt() async {
    let store = makeStore(InMemoryTodoRepository(todos: [todo(1, "Buy milk")]))
    await store.send(.setDone(id: 5, isDone: true))
    await store.receive(.failed(.todoNotFound(5))) { $0.error = .todoNotFound(5) }
    // A new command clears the error shown at once.
    await store.send(.undo) { $0.error = nil }
    await store.receive(.failed(.nothingToUndo)) { $0.error = .nothingToUndo }
    #expect(store.state.outcome == nil)

    await store.send(.setDone(id: 1, isDone: true)) { $0.error = nil }
    await store.receive(
      .finished(
        .completed(todo(1, "Buy milk", isDone: true)),
        contents: TodoSnapshot(
          todos: [todo(1, "Buy milk", isDone: true)], undoHistory: ["complete “Buy milk”"]))
    ) {
      $0.todos = [todo(1, "Buy milk", isDone: true)]
      $0.undoHistory = ["complete “Buy milk”"]
      $0.isLoaded = true
      $0.outcome = .completed(todo(1, "Buy milk", isDone: true))
    }

    await store.send(.dismissMessage) { $0.outcome = nil }
    await store.finish()
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
      await store.send(action)
      await store.receive(.failed(failure)) { $0.error = failure }
      await store.send(.dismissMessage) { $0.error = nil }
    }

    // A failure the repository publishes arrives through the binding.
    await startObserving(store, loading: [])
    await store.receive(.failed(failure)) { $0.error = failure }
    await stopObserving(store)
  }

  @Test func addingManyTitlesIsOneChangeThatUndoRevertsAndRedoAppliesAgain() async {
    let store = makeStore()
    await store.send(.addAll(titles: ["Buy milk", "  Call mom "]))
    let added = [todo(1, "Buy milk"), todo(2, "Call mom")]
    await store.receive(
      .finished(
        .addedAll(added),
        contents: TodoSnapshot(todos: IdentifiedArray(uniqueElements: added), undoHistory: ["add 2 todos"]))
    ) {
      $0.todos = IdentifiedArray(uniqueElements: added)
      $0.undoHistory = ["add 2 todos"]
      $0.isLoaded = true
      $0.outcome = .addedAll(added)
    }

    await store.send(.undo)
    await store.receive(
      .finished(
        .undid("add 2 todos"),
        contents: TodoSnapshot(todos: [], undoHistory: []))
    ) {
      $0.todos = []
      $0.undoHistory = []
      $0.outcome = .undid("add 2 todos")
    }

    await store.send(.redo)
    await store.receive(
      .finished(
        .redid("add 2 todos"),
        contents: TodoSnapshot(todos: IdentifiedArray(uniqueElements: added), undoHistory: ["add 2 todos"]))
    ) {
      $0.todos = IdentifiedArray(uniqueElements: added)
      $0.undoHistory = ["add 2 todos"]
      $0.outcome = .redid("add 2 todos")
    }
    await store.send(.redo)
    await store.receive(.failed(.nothingToRedo)) {
      $0.error = .nothingToRedo
      $0.outcome = nil
    }
    await store.finish()
  }

  @Test func badTitlesFailAtOnceWithoutReachingTheRepository() async {
    let store = makeStore()
    let long = String(repeating: "x", count: Todo.maximumTitleLength + 1)
    await store.send(.add(title: long)) {
      $0.error = .titleTooLong(length: Todo.maximumTitleLength + 1, maximum: Todo.maximumTitleLength)
    }
    await store.send(.addAll(titles: ["Buy milk", " "])) { $0.error = .emptyTitle }
    await store.send(.addAll(titles: [])) { $0.error = .emptyTitle }
    await store.finish()
  }

  @Test func aChangeThatFindsTheTodoAlreadySoSaysIt() async {
    let store = makeStore(InMemoryTodoRepository(todos: [todo(1, "Buy milk")]))
    await store.send(.setDone(id: 1, isDone: false))
    await store.receive(
      .finished(
        .alreadyOpen(todo(1, "Buy milk")),
        contents: TodoSnapshot(todos: [todo(1, "Buy milk")]))
    ) {
      $0.todos = [todo(1, "Buy milk")]
      $0.isLoaded = true
      $0.outcome = .alreadyOpen(todo(1, "Buy milk"))
    }
    #expect(store.state.undoHistory.isEmpty)
    #expect(store.state.outcome?.description == "1 is already open: Buy milk")
    await store.finish()
  }

  // MARK: Filter and selection

  @Test func theSearchKeepsTheTodosWhoseTitleContainsItIgnoringCaseAndAccents() {
    var state = TodoFeature.State(
      todos: [todo(1, "Buy milk"), todo(2, "Call mom", isDone: true), todo(3, "Crème brûlée")], isLoaded: true
    )
    state.search = "CREME"
    #expect(state.visibleTodos.map(\.id) == [3])
    #expect(state.selection == 3)
    state.search = "m"
    state.filter = .done
    #expect(state.visibleTodos.map(\.id) == [2])
    state.search = ""
    state.filter = .all
    #expect(state.visibleTodos.map(\.id) == [1, 2, 3])
  }

  @Test func theFilterDecidesTheVisibleTodosAndTheCountsStayWhole() async {
    let store = makeStore(
      state: TodoFeature.State(todos: [todo(1, "a"), todo(2, "b", isDone: true), todo(3, "c")]))
    #expect(store.state.visibleTodos.ids == [1, 2, 3])
    await store.send(.cycleFilter) { $0.filter = .open }
    #expect(store.state.visibleTodos.ids == [1, 3])
    await store.send(.cycleFilter) { $0.filter = .done }
    #expect(store.state.visibleTodos.ids == [2])
    #expect((store.state.openCount, store.state.doneCount) == (2, 1))
    await store.send(.cycleFilter) { $0.filter = .all }
    await store.send(.setFilter(.done)) { $0.filter = .done }
    #expect(store.state.visibleTodos.ids == [2])
  }

  @Test func theSelectionMovesWithinTheVisibleTodos() async {
    let store = makeStore(
      state: TodoFeature.State(todos: [todo(1, "a"), todo(2, "b", isDone: true), todo(3, "c"), todo(4, "d")]))
    #expect(store.state.selection == 1)
    await store.send(.moveSelection(by: 1)) { $0.selection = 2 }
    #expect(store.state.selectedIndex == 1)
    await store.send(.moveSelection(by: 10)) { $0.selection = 4 }
    await store.send(.moveSelection(by: -2)) { $0.selection = 2 }
    await store.send(.moveSelection(by: Int.min)) { $0.selection = 1 }
    await store.send(.moveSelection(by: Int.max)) { $0.selection = 4 }

    // Hiding the selected todo selects the one that takes its place.
    await store.send(.select(id: 2)) { $0.selection = 2 }
    await store.send(.setFilter(.open)) { $0.filter = .open }
    #expect((store.state.selection, store.state.selectedIndex) == (3, 1))
    await store.send(.setFilter(.done)) { $0.filter = .done }
    #expect(store.state.selection == 2)
  }

  @Test func deletingTheSelectedTodoSelectsItsNeighbour() async {
    let repository = InMemoryTodoRepository(todos: [todo(1, "a"), todo(2, "b"), todo(3, "c")])
    let store = makeStore(repository)
    await startObserving(store, loading: [todo(1, "a"), todo(2, "b"), todo(3, "c")])
    await store.send(.select(id: 3)) { $0.selection = 3 }

    await store.send(.delete(id: 3))
    await store.receive(
      .finished(
        .deleted(todo(3, "c")),
        contents: TodoSnapshot(todos: [todo(1, "a"), todo(2, "b")], undoHistory: ["delete “c”"]))
    ) {
      $0.todos.remove(id: 3)
      $0.undoHistory = ["delete “c”"]
      $0.outcome = .deleted(todo(3, "c"))
    }
    #expect(store.state.selection == 2)

    await store.send(.delete(id: 1))
    await store.receive(
      .finished(
        .deleted(todo(1, "a")),
        contents: TodoSnapshot(todos: [todo(2, "b")], undoHistory: ["delete “c”", "delete “a”"]))
    ) {
      $0.todos.remove(id: 1)
      $0.undoHistory.append("delete “a”")
      $0.outcome = .deleted(todo(1, "a"))
    }
    #expect(store.state.selection == 2)

    await store.send(.delete(id: 2))
    await store.receive(
      .finished(
        .deleted(todo(2, "b")),
        contents: TodoSnapshot(undoHistory: ["delete “c”", "delete “a”", "delete “b”"]))
    ) {
      $0.todos = []
      $0.undoHistory.append("delete “b”")
      $0.outcome = .deleted(todo(2, "b"))
    }
    #expect(store.state.selection == nil)
    #expect(store.state.selectedIndex == nil)
    await stopObserving(store)
  }
}
