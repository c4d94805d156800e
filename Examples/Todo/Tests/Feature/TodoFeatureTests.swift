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

  func makeStore(
    _ repository: any TodoRepository = InMemoryTodoRepository(), state: TodoFeature.State = .init()
  ) -> FeatureStore {
    // Only a failing test waits for the timeout; a generous one keeps a busy machine from
    // failing a passing test.
    TestStore(
      initialState: state,
      reducer: TodoFeature(repository: repository, now: { testDate }),
      timeout: .seconds(10))
  }

  /// Binds the repository, and receives the contents it publishes at once.
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
        $0.list.todos = todos
        $0.list.isLoaded = true
      }, fileID: fileID, filePath: filePath, line: line, column: column)
    return binding
  }

  /// Ends the binding and waits until its effects are over, so that the test ends with nothing
  /// running.
  func stopObserving(
    _ store: FeatureStore,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await store.send(.stopObserving, fileID: fileID, filePath: filePath, line: line, column: column)
    await store.finish(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // MARK: Binding

  @Test func theBindingFeedsAnotherProcesssChangesIntoTheState() async throws {
    let repository = OutsideChangesRepository(todos: [todo(1, "Buy milk")])
    let store = makeStore(repository)
    await startObserving(store, loading: [todo(1, "Buy milk")])
    #expect(store.state.list.selection == 1)

    // A change another process made arrives through the binding.
    try await repository.changeFromOutside { base throws(TodoStoreError) in
      try await base.add(title: "Call mom", at: testDate)
    }
    await store.receive(
      .snapshotLoaded(
        TodoSnapshot(todos: [todo(1, "Buy milk"), todo(2, "Call mom")], undoHistory: ["add “Call mom”"]))
    ) {
      $0.list.todos.append(todo(2, "Call mom"))
      $0.undoHistory = ["add “Call mom”"]
    }
    await stopObserving(store)
  }

  /// What this program's last command did stops being the news once another process changes
  /// the list: "Added 2" must not stay after another window undid that add.
  @Test func anotherProcesssChangeClearsTheLastCommandsMessage() async throws {
    let repository = OutsideChangesRepository(todos: [todo(1, "Buy milk")])
    let store = makeStore(repository)
    await startObserving(store, loading: [todo(1, "Buy milk")])
    await store.send(.add(title: "Call mom"))
    let added = TodoSnapshot(
      todos: [todo(1, "Buy milk"), todo(2, "Call mom")], undoHistory: ["add “Call mom”"])
    await store.receive(.finished(.added(todo(2, "Call mom")), contents: added)) {
      $0.list.todos = added.todos
      $0.undoHistory = added.undoHistory
      $0.list.selection = 2
      $0.outcome = .added(todo(2, "Call mom"))
    }

    _ = try await repository.changeFromOutside { base throws(TodoStoreError) in try await base.undo() }
    await store.receive(.snapshotLoaded(TodoSnapshot(todos: [todo(1, "Buy milk")]))) {
      $0.list.todos = [todo(1, "Buy milk")]
      $0.undoHistory = []
      $0.list.selection = 1
      $0.outcome = nil
    }
    await stopObserving(store)
  }

  /// A screen pushed over the list starts without the list's message: "Saved the note" does not
  /// follow the user to the settings.
  @Test func aScreenPushedStartsWithoutTheLastMessage() async {
    var state = TodoFeature.State(list: .init(todos: [todo(1, "Buy milk")], isLoaded: true))
    state.outcome = .noted(todo(1, "Buy milk"))
    let store = makeStore(state: state)
    await store.send(.list(.openSettings))
    await store.receive(.list(.delegate(.openSettings))) {
      $0.outcome = nil
      $0.path.append(.settings(TodoSettingsFeature.State(settings: $0.list.settings)))
    }
    await store.send(.path(.element(id: 0, action: .settings(.close))))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await store.send(.failed(.nothingToUndo)) { $0.error = .nothingToUndo }
    await store.send(.list(.openSelected))
    await store.receive(.list(.delegate(.open(todo(1, "Buy milk"))))) {
      $0.error = nil
      $0.path.append(.detail(TodoDetailFeature.State(todo: todo(1, "Buy milk"))))
    }
  }

  @Test func stoppingTheBindingEndsItsEffects() async throws {
    let repository = OutsideChangesRepository()
    let store = makeStore(repository)
    let binding = await startObserving(store, loading: [])
    #expect(!binding.isFinished)

    await store.send(.stopObserving)
    await binding.finish()

    // Changes no longer arrive by themselves; reading the contents still works.
    try await repository.changeFromOutside { base throws(TodoStoreError) in
      try await base.add(title: "Buy milk", at: testDate)
    }
    await store.send(.load)
    await store.receive(
      .snapshotLoaded(TodoSnapshot(todos: [todo(1, "Buy milk")], undoHistory: ["add “Buy milk”"]))
    ) {
      $0.list.todos = [todo(1, "Buy milk")]
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
    // The first binding ended.
    await first.finish()

    // One change, one snapshot.
    try await repository.changeFromOutside { base throws(TodoStoreError) in
      try await base.add(title: "Buy milk", at: testDate)
    }
    await store.receive(
      .snapshotLoaded(TodoSnapshot(todos: [todo(1, "Buy milk")], undoHistory: ["add “Buy milk”"]))
    ) {
      $0.list.todos = [todo(1, "Buy milk")]
      $0.undoHistory = ["add “Buy milk”"]
    }
    await stopObserving(store)
  }

  @Test func loadReadsTheContentsOnce() async {
    let store = makeStore(InMemoryTodoRepository(todos: [todo(4, "Buy milk")]))
    await store.send(.load)
    await store.receive(.snapshotLoaded(TodoSnapshot(todos: [todo(4, "Buy milk")]))) {
      $0.list.todos = [todo(4, "Buy milk")]
      $0.list.isLoaded = true
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
      $0.list.todos.append(todo(2, "Buy milk"))
      $0.undoHistory = ["add “Buy milk”"]
      $0.outcome = .added(todo(2, "Buy milk"))
      $0.list.selection = 2
    }
    #expect(store.state.list.selectedIndex == 1)
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
      $0.list.todos = [todo(1, "Buy milk")]
      $0.undoHistory = ["add “Buy milk”"]
      $0.outcome = .added(todo(1, "Buy milk"))
    }

    await store.send(.toggle(id: try #require(store.state.list.selection)))
    await store.receive(
      .finished(
        .completed(todo(1, "Buy milk", isDone: true)),
        contents: TodoSnapshot(
          todos: [todo(1, "Buy milk", isDone: true)], undoHistory: ["add “Buy milk”", "complete “Buy milk”"]))
    ) {
      $0.list.todos = [todo(1, "Buy milk", isDone: true)]
      $0.undoHistory.append("complete “Buy milk”")
      $0.outcome = .completed(todo(1, "Buy milk", isDone: true))
    }
    await stopObserving(store)
  }

  @Test func anEmptyTitleIsAnErrorAndReachesNoRepository() async {
    let store = makeStore(FailingRepository(.busy(path: "unused")))
    let adding = await store.send(.add(title: " \t ")) { $0.error = .emptyTitle }
    await store.send(.back) { $0.error = nil }
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
      $0.list.todos[id: 1]?.isDone = true
      $0.list.todos[id: 1]?.completedAt = testDate
      $0.undoHistory = ["complete “Buy milk”"]
      $0.outcome = .completed(todo(1, "Buy milk", isDone: true))
    }
    #expect((store.state.list.openCount, store.state.list.doneCount) == (0, 1))

    // The state now says it is done: toggling reopens it.
    await store.send(.toggle(id: 1))
    await store.receive(
      .finished(
        .reopened(todo(1, "Buy milk")),
        contents: TodoSnapshot(
          todos: [todo(1, "Buy milk")], undoHistory: ["complete “Buy milk”", "reopen “Buy milk”"]))
    ) {
      $0.list.todos[id: 1] = todo(1, "Buy milk")
      $0.undoHistory.append("reopen “Buy milk”")
      $0.outcome = .reopened(todo(1, "Buy milk"))
    }
    #expect((store.state.list.openCount, store.state.list.doneCount) == (1, 0))
    await stopObserving(store)
  }

  /// A property check found this: the second toggle, sent before the first one's result was
  /// back, decided from the list as it still showed the todo open, and both marked it done.
  @Test func twoTogglesSentBeforeTheFirstIsBackUndoEachOther() async {
    let clock = TestClock()
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
      $0.list.todos = [todo(1, "Buy oat milk"), todo(2, "Call mom", isDone: true)]
      $0.undoHistory = ["rename “Buy milk” to “Buy oat milk”"]
      $0.list.isLoaded = true
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
      $0.list.todos.remove(id: 2)
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
      $0.list.todos = []
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
      $0.list.todos = [todo(1, "Buy oat milk")]
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
      $0.list.todos = [todo(1, "Buy milk", isDone: true)]
      $0.undoHistory = ["complete “Buy milk”"]
      $0.list.isLoaded = true
      $0.outcome = .completed(todo(1, "Buy milk", isDone: true))
    }

    await store.send(.back) { $0.outcome = nil }
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
      await store.send(.back) { $0.error = nil }
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
      $0.list.todos = IdentifiedArray(uniqueElements: added)
      $0.undoHistory = ["add 2 todos"]
      $0.list.isLoaded = true
      $0.outcome = .addedAll(added)
    }

    await store.send(.undo)
    await store.receive(
      .finished(
        .undid("add 2 todos"),
        contents: TodoSnapshot(todos: [], undoHistory: []))
    ) {
      $0.list.todos = []
      $0.undoHistory = []
      $0.outcome = .undid("add 2 todos")
    }

    await store.send(.redo)
    await store.receive(
      .finished(
        .redid("add 2 todos"),
        contents: TodoSnapshot(todos: IdentifiedArray(uniqueElements: added), undoHistory: ["add 2 todos"]))
    ) {
      $0.list.todos = IdentifiedArray(uniqueElements: added)
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
      $0.list.todos = [todo(1, "Buy milk")]
      $0.list.isLoaded = true
      $0.outcome = .alreadyOpen(todo(1, "Buy milk"))
    }
    #expect(store.state.undoHistory.isEmpty)
    #expect(store.state.outcome?.description == "1 is already open: Buy milk")
    await store.finish()
  }

  // MARK: Children

  @Test func addingATodoOpensTheTitleEditorAndSavingRunsTheCommand() async {
    let store = makeStore()
    await startObserving(store, loading: [])
    #expect(store.state.mode == .browsing)

    await store.send(.list(.addTodo))
    await store.receive(.list(.delegate(.add))) { $0.editor = TitleEditorFeature.State() }
    #expect(store.state.mode == .editingTitle)
    await store.send(.editor(.edit(.insert("Buy milk")))) { $0.editor?.draft = TextDraft("Buy milk") }
    await store.send(.editor(.save))
    // The editor stays until the todo is added.
    await store.receive(.editor(.delegate(.save(id: nil, title: "Buy milk"))))
    await store.receive(.add(title: "Buy milk"))
    await store.receive(
      .finished(
        .added(todo(1, "Buy milk")),
        contents: TodoSnapshot(todos: [todo(1, "Buy milk")], undoHistory: ["add “Buy milk”"]))
    ) {
      $0.editor = nil
      $0.list.todos = [todo(1, "Buy milk")]
      $0.undoHistory = ["add “Buy milk”"]
      $0.outcome = .added(todo(1, "Buy milk"))
    }
    await stopObserving(store)
  }

  /// A title that cannot be saved is not lost: the editor stays with it, and the status line
  /// says why.
  @Test func aTitleThatCannotBeSavedStaysInTheEditorWithTheReason() async {
    let store = makeStore(FailingRepository(.readOnly(path: "/db")))
    await store.send(.list(.addTodo))
    await store.receive(.list(.delegate(.add))) { $0.editor = TitleEditorFeature.State() }
    await store.send(.editor(.edit(.insert("Buy milk")))) { $0.editor?.draft = TextDraft("Buy milk") }
    await store.send(.editor(.save))
    await store.receive(.editor(.delegate(.save(id: nil, title: "Buy milk"))))
    await store.receive(.add(title: "Buy milk"))
    await store.receive(.failed(.readOnly(path: "/db"))) { $0.error = .readOnly(path: "/db") }
    #expect(store.state.mode == .editingTitle)
    #expect(store.state.editor?.draft.text == "Buy milk")
    await store.finish()
  }

  @Test func editingTheSelectedTodoStartsFromItsTitleAndCancellingChangesNothing() async {
    let store = makeStore(state: TodoFeature.State(list: .init(todos: [todo(1, "Buy milk")], isLoaded: true)))
    await store.send(.list(.editSelected))
    await store.receive(.list(.delegate(.rename(todo(1, "Buy milk"))))) {
      $0.editor = TitleEditorFeature.State(renaming: todo(1, "Buy milk"))
    }
    await store.send(.editor(.edit(.deleteToStart))) { $0.editor?.draft = TextDraft() }
    await store.send(.editor(.cancel))
    await store.receive(.editor(.delegate(.cancel))) { $0.editor = nil }
    // With the editor gone, its actions are ignored.
    await store.send(.editor(.edit(.insert("x"))))
    await store.finish()
  }

  @Test func renamingThroughTheEditorRunsTheRenameCommand() async {
    let store = makeStore(
      InMemoryTodoRepository(todos: [todo(1, "Buy milk")]),
      state: TodoFeature.State(list: .init(todos: [todo(1, "Buy milk")], isLoaded: true)))
    await store.send(.list(.editSelected))
    await store.receive(.list(.delegate(.rename(todo(1, "Buy milk"))))) {
      $0.editor = TitleEditorFeature.State(renaming: todo(1, "Buy milk"))
    }
    await store.send(.editor(.edit(.insert("!")))) { $0.editor?.draft = TextDraft("Buy milk!") }
    await store.send(.editor(.save))
    await store.receive(.editor(.delegate(.save(id: 1, title: "Buy milk!"))))
    await store.receive(.rename(id: 1, title: "Buy milk!"))
    await store.receive(
      .finished(
        .renamed(todo(1, "Buy milk!")),
        contents: TodoSnapshot(
          todos: [todo(1, "Buy milk!")], undoHistory: ["rename “Buy milk” to “Buy milk!”"]))
    ) {
      $0.editor = nil
      $0.list.todos = [todo(1, "Buy milk!")]
      $0.undoHistory = ["rename “Buy milk” to “Buy milk!”"]
      $0.outcome = .renamed(todo(1, "Buy milk!"))
    }
    await store.finish()
  }

  @Test func togglingTheSelectedTodoRunsTheToggleCommandOnIt() async {
    let store = makeStore(
      InMemoryTodoRepository(todos: [todo(1, "Buy milk"), todo(2, "Call mom")]),
      state: TodoFeature.State(
        list: .init(todos: [todo(1, "Buy milk"), todo(2, "Call mom")], isLoaded: true)))
    await store.send(.list(.moveSelection(by: 1))) { $0.list.selection = 2 }
    await store.send(.list(.toggleSelected))
    await store.receive(.list(.delegate(.toggle(id: 2))))
    await store.receive(.toggle(id: 2))
    await store.receive(
      .finished(
        .completed(todo(2, "Call mom", isDone: true)),
        contents: TodoSnapshot(
          todos: [todo(1, "Buy milk"), todo(2, "Call mom", isDone: true)],
          undoHistory: ["complete “Call mom”"]))
    ) {
      $0.list.todos[id: 2] = todo(2, "Call mom", isDone: true)
      $0.undoHistory = ["complete “Call mom”"]
      $0.outcome = .completed(todo(2, "Call mom", isDone: true))
    }
    await store.finish()
  }

  /// With done todos last, a todo checked off moves down and the next one takes its place under
  /// the cursor: `k space k space` checks off two neighbours.
  @Test func withDoneTodosLastTheCursorStaysWhereItWasAndTheNextTodoTakesThePlace() async {
    let todos: IdentifiedArray<Todo> = [todo(1, "a"), todo(2, "b"), todo(3, "c")]
    let store = makeStore(
      InMemoryTodoRepository(todos: todos),
      state: TodoFeature.State(
        list: .init(
          todos: todos, settings: Shared(TodoSettings(showsDoneLast: true)), selection: 3, isLoaded: true)))
    await store.send(.list(.moveSelection(by: -1))) { $0.list.selection = 2 }
    await store.send(.list(.toggleSelected))
    await store.receive(.list(.delegate(.toggle(id: 2))))
    await store.receive(.toggle(id: 2))
    await store.receive(
      .finished(
        .completed(todo(2, "b", isDone: true)),
        contents: TodoSnapshot(
          todos: [todo(1, "a"), todo(2, "b", isDone: true), todo(3, "c")], undoHistory: ["complete “b”"]))
    ) {
      $0.list.todos[id: 2] = todo(2, "b", isDone: true)
      $0.undoHistory = ["complete “b”"]
      $0.outcome = .completed(todo(2, "b", isDone: true))
      $0.list.selection = 3
    }
    #expect(store.state.list.visibleTodos.ids == [1, 3, 2])
    #expect(store.state.list.selectedIndex == 1)

    await store.send(.list(.moveSelection(by: -1))) { $0.list.selection = 1 }
    await store.send(.list(.toggleSelected))
    await store.receive(.list(.delegate(.toggle(id: 1))))
    await store.receive(.toggle(id: 1))
    await store.receive(
      .finished(
        .completed(todo(1, "a", isDone: true)),
        contents: TodoSnapshot(
          todos: [todo(1, "a", isDone: true), todo(2, "b", isDone: true), todo(3, "c")],
          undoHistory: ["complete “b”", "complete “a”"]))
    ) {
      $0.list.todos[id: 1] = todo(1, "a", isDone: true)
      $0.undoHistory.append("complete “a”")
      $0.outcome = .completed(todo(1, "a", isDone: true))
      $0.list.selection = 3
    }
    #expect(store.state.list.visibleTodos.ids == [3, 1, 2])
    #expect(store.state.list.selectedIndex == 0)
    await store.finish()
  }

  @Test func typingASearchPutsTheListScreenInSearchMode() async {
    let store = makeStore(state: TodoFeature.State(list: .init(todos: [todo(1, "Buy milk")], isLoaded: true)))
    #expect(store.state.screen == .list)
    await store.send(.list(.startSearch)) { $0.list.searchDraft = TextDraft() }
    #expect(store.state.mode == .searching)
    await store.send(.list(.keepSearch)) { $0.list.searchDraft = nil }
    #expect(store.state.mode == .browsing)
  }

  @Test func deletingTheSelectedTodoSelectsItsNeighbour() async {
    let repository = InMemoryTodoRepository(todos: [todo(1, "a"), todo(2, "b"), todo(3, "c")])
    let store = makeStore(repository)
    await startObserving(store, loading: [todo(1, "a"), todo(2, "b"), todo(3, "c")])
    await store.send(.list(.select(id: 3))) { $0.list.selection = 3 }

    await store.send(.delete(id: 3))
    await store.receive(
      .finished(
        .deleted(todo(3, "c")),
        contents: TodoSnapshot(todos: [todo(1, "a"), todo(2, "b")], undoHistory: ["delete “c”"]))
    ) {
      $0.list.todos.remove(id: 3)
      $0.undoHistory = ["delete “c”"]
      $0.outcome = .deleted(todo(3, "c"))
    }
    #expect(store.state.list.selection == 2)

    await store.send(.delete(id: 1))
    await store.receive(
      .finished(
        .deleted(todo(1, "a")),
        contents: TodoSnapshot(todos: [todo(2, "b")], undoHistory: ["delete “c”", "delete “a”"]))
    ) {
      $0.list.todos.remove(id: 1)
      $0.undoHistory.append("delete “a”")
      $0.outcome = .deleted(todo(1, "a"))
    }
    #expect(store.state.list.selection == 2)

    await store.send(.delete(id: 2))
    await store.receive(
      .finished(
        .deleted(todo(2, "b")),
        contents: TodoSnapshot(undoHistory: ["delete “c”", "delete “a”", "delete “b”"]))
    ) {
      $0.list.todos = []
      $0.undoHistory.append("delete “b”")
      $0.outcome = .deleted(todo(2, "b"))
    }
    #expect(store.state.list.selection == nil)
    #expect(store.state.list.selectedIndex == nil)
    await stopObserving(store)
  }

  // MARK: Stepping back, a rename that lost its todo, undo's selection

  @Test func escClearsTheMessageShownFirstThenTheSearchKept() async {
    let store = makeStore(
      state: TodoFeature.State(
        list: .init(todos: [todo(1, "Buy milk"), todo(2, "Call mom")], isLoaded: true)))
    await store.send(.failed(.busy(path: "/db"))) { $0.error = .busy(path: "/db") }
    await store.send(.list(.startSearch)) { $0.list.searchDraft = TextDraft() }
    await store.send(.list(.editSearch(.insert("milk")))) {
      $0.list.searchDraft = TextDraft("milk")
      $0.list.search = "milk"
    }
    await store.send(.list(.keepSearch)) { $0.list.searchDraft = nil }

    await store.send(.back) { $0.error = nil }
    #expect(store.state.list.search == "milk")
    await store.send(.back)
    await store.receive(.list(.clearSearch)) { $0.list.search = "" }
    // Nothing left to step back from.
    await store.send(.back)
    await store.finish()
  }

  @Test func savingARenameOfATodoAnotherProcessDeletedKeepsTheTitleToAddAsNew() async {
    // The list still shows the todo; the repository no longer has it.
    let store = makeStore(
      InMemoryTodoRepository(),
      state: TodoFeature.State(list: .init(todos: [todo(1, "Buy milk")], isLoaded: true)))
    await store.send(.list(.editSelected))
    await store.receive(.list(.delegate(.rename(todo(1, "Buy milk"))))) {
      $0.editor = TitleEditorFeature.State(renaming: todo(1, "Buy milk"))
    }
    await store.send(.editor(.edit(.insert(" and eggs")))) {
      $0.editor?.draft = TextDraft("Buy milk and eggs")
    }
    await store.send(.editor(.save))
    await store.receive(.editor(.delegate(.save(id: 1, title: "Buy milk and eggs"))))
    await store.receive(.rename(id: 1, title: "Buy milk and eggs"))
    await store.receive(.renameFoundTodoDeleted(id: 1, title: "Buy milk and eggs")) {
      $0.editor = TitleEditorFeature.State(keeping: "Buy milk and eggs", ofDeleted: 1)
      $0.error = .todoNotFound(1)
    }
    #expect(store.state.mode == .editingTitle)

    // Saving it adds it as a new todo.
    await store.send(.editor(.save))
    await store.receive(.editor(.delegate(.save(id: nil, title: "Buy milk and eggs"))))
    await store.receive(.add(title: "Buy milk and eggs")) { $0.error = nil }
    await store.receive(
      .finished(
        .added(todo(1, "Buy milk and eggs")),
        contents: TodoSnapshot(
          todos: [todo(1, "Buy milk and eggs")], undoHistory: ["add “Buy milk and eggs”"]))
    ) {
      $0.editor = nil
      $0.list.todos = [todo(1, "Buy milk and eggs")]
      $0.undoHistory = ["add “Buy milk and eggs”"]
      $0.outcome = .added(todo(1, "Buy milk and eggs"))
    }
    await store.finish()
  }

  @Test func undoingADeletionSelectsTheRestoredTodo() async {
    let repository = InMemoryTodoRepository(todos: [todo(1, "a"), todo(2, "b"), todo(3, "c")])
    let store = makeStore(repository)
    await startObserving(store, loading: [todo(1, "a"), todo(2, "b"), todo(3, "c")])
    await store.send(.list(.select(id: 2))) { $0.list.selection = 2 }
    await store.send(.delete(id: 2))
    await store.receive(
      .finished(
        .deleted(todo(2, "b")),
        contents: TodoSnapshot(todos: [todo(1, "a"), todo(3, "c")], undoHistory: ["delete “b”"]))
    ) {
      $0.list.todos.remove(id: 2)
      $0.undoHistory = ["delete “b”"]
      $0.outcome = .deleted(todo(2, "b"))
    }
    await store.send(.list(.select(id: 1))) { $0.list.selection = 1 }

    await store.send(.undo)
    await store.receive(
      .finished(
        .undid("delete “b”"),
        contents: TodoSnapshot(todos: [todo(1, "a"), todo(2, "b"), todo(3, "c")]))
    ) {
      $0.list.todos = [todo(1, "a"), todo(2, "b"), todo(3, "c")]
      $0.list.selection = 2
      $0.undoHistory = []
      $0.outcome = .undid("delete “b”")
    }
    await stopObserving(store)
  }
}
