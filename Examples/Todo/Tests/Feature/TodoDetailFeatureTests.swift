import Foundation
import Testing
import TodoCore
import Uniflow
import UniflowTesting

/// The detail screen on the app's stack: Enter's push, the note saved once the user pauses on
/// the test clock, the save that closing flushes before the pop, and a failed save on screen.
@MainActor
@Suite struct TodoDetailFeatureTests {
  typealias AppStore = TestStore<TodoFeature.State, TodoFeature.Action>

  let clock = TestClock()
  let milk = todo(1, "Buy milk")

  func makeStore(_ repository: any TodoRepository) -> AppStore {
    TestStore(
      initialState: TodoFeature.State(list: .init(todos: [milk], isLoaded: true)),
      reducer: TodoFeature(repository: repository, now: { testDate }, clock: clock),
      timeout: .seconds(10))
  }

  /// The detail of `milk` as it is after `note` was typed, in one run of typing.
  func detail(
    typed note: String, _ change: (inout TodoDetailFeature.State) -> Void = { _ in }
  )
    -> TodoDestination.State
  {
    var detail = TodoDetailFeature.State(todo: milk)
    detail.note = TextDraft(note)
    detail.noteHistory = UndoHistory(undo: note.isEmpty ? [] : ["Typing"])
    change(&detail)
    return .detail(detail)
  }

  func noted(_ note: String) -> Todo {
    var todo = milk
    todo.note = note
    return todo
  }

  /// Pushes the detail of the selected todo, as Enter does.
  func open(_ store: AppStore) async {
    await store.send(.list(.openSelected))
    await store.receive(.list(.delegate(.open(milk)))) {
      $0.path.append(.detail(TodoDetailFeature.State(todo: milk)))
    }
  }

  @Test func theNoteIsSavedOnceTheUserPausesAndTheListFollows() async throws {
    let repository = InMemoryTodoRepository(todos: [milk])
    let store = makeStore(repository)
    await open(store)
    await store.send(.path(.element(id: 0, action: .detail(.edit(.insert("Oat")))))) {
      $0.path[id: 0] = detail(typed: "Oat")
    }
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(600))
    // An edit before the pause is over starts the wait again.
    await store.send(.path(.element(id: 0, action: .detail(.edit(.insert(" milk")))))) {
      $0.path[id: 0] = detail(typed: "Oat milk")
    }
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(600))
    #expect(try await repository.snapshot().todos == [milk])
    await clock.advance(by: .milliseconds(400))
    await store.receive(.path(.element(id: 0, action: .detail(.save)))) {
      $0.path[id: 0] = detail(typed: "Oat milk") { $0.saveStatus = .saving("Oat milk") }
    }
    let contents = TodoSnapshot(todos: [noted("Oat milk")], undoHistory: ["note on “Buy milk”"])
    await store.receive(
      .path(.element(id: 0, action: .detail(.saved(noted("Oat milk"), contents: contents))))
    ) {
      $0.path[id: 0] = detail(typed: "Oat milk") { $0.todo = noted("Oat milk") }
      $0.list.todos = contents.todos
      $0.undoHistory = contents.undoHistory
      $0.outcome = .noted(noted("Oat milk"))
    }
    #expect(try await repository.snapshot().todos == [noted("Oat milk")])
    await store.send(.path(.element(id: 0, action: .detail(.close))))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
  }

  @Test func closingFlushesThePendingSaveBeforeThePop() async throws {
    let repository = InMemoryTodoRepository(todos: [milk])
    let store = makeStore(repository)
    await open(store)
    await store.send(.path(.element(id: 0, action: .detail(.edit(.insert("Oat")))))) {
      $0.path[id: 0] = detail(typed: "Oat")
    }
    // Closed before the pause is over: the save is not lost, it is made at once.
    await store.send(.path(.element(id: 0, action: .detail(.close)))) {
      $0.path[id: 0] = detail(typed: "Oat") {
        $0.isClosing = true
        $0.saveStatus = .saving("Oat")
      }
    }
    let contents = TodoSnapshot(todos: [noted("Oat")], undoHistory: ["note on “Buy milk”"])
    await store.receive(.path(.element(id: 0, action: .detail(.saved(noted("Oat"), contents: contents))))) {
      $0.path[id: 0] = detail(typed: "Oat") {
        $0.isClosing = true
        $0.todo = noted("Oat")
      }
      $0.list.todos = contents.todos
      $0.undoHistory = contents.undoHistory
      $0.outcome = .noted(noted("Oat"))
    }
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    #expect(try await repository.snapshot().todos == [noted("Oat")])
    // The pending save's wait was cancelled: nothing sleeps on the clock any more.
    clock.checkNoSleepers()
  }

  @Test func aNoteRefusedOfflineIsSavedAgainByItselfWhenTheServerIsBack() async throws {
    let offline = TodoStoreError.offline(server: "todos on db.example.org:5432 as todo")
    let repository = InMemoryTodoRepository(todos: [milk])
    var state = TodoFeature.State(list: .init(todos: [milk], isLoaded: true))
    state.error = offline
    state.path.append(detail(typed: "Oat") { $0.saveStatus = .failed(offline) })
    let store = TestStore(
      initialState: state, reducer: TodoFeature(repository: repository, now: { testDate }, clock: clock),
      timeout: .seconds(10))
    store.exhaustivity = .off
    // The contents arrive again, as the change watch publishes them once the server is back.
    await store.send(.snapshotLoaded(try await repository.snapshot())) { $0.error = nil }
    await store.receive(.path(.element(id: 0, action: .detail(.save)))) {
      $0.path[id: 0] = detail(typed: "Oat") { $0.saveStatus = .saving("Oat") }
    }
    await store.receive({
      if case .path(.element(_, .detail(.saved)))? = Optional($0) { true } else { false }
    }) {
      $0.path[id: 0] = detail(typed: "Oat") { $0.todo = noted("Oat") }
    }
    #expect(try await repository.snapshot().todos == [noted("Oat")])
  }

  @Test func aFailedSaveStaysOnScreenWithTheNoteTypedAndClosingAgainTriesAgain() async throws {
    let store = makeStore(FailingRepository(.readOnly(path: "/db")))
    await open(store)
    await store.send(.path(.element(id: 0, action: .detail(.edit(.insert("Oat")))))) {
      $0.path[id: 0] = detail(typed: "Oat")
    }
    await store.send(.path(.element(id: 0, action: .detail(.close)))) {
      $0.path[id: 0] = detail(typed: "Oat") {
        $0.isClosing = true
        $0.saveStatus = .saving("Oat")
      }
    }
    await store.receive(.path(.element(id: 0, action: .detail(.saveFailed(.readOnly(path: "/db")))))) {
      $0.path[id: 0] = detail(typed: "Oat") { $0.saveStatus = .failed(.readOnly(path: "/db")) }
    }
    // The screen stays, with the failure; typing again clears it and saves again later.
    await store.send(.path(.element(id: 0, action: .detail(.edit(.insert("!")))))) {
      $0.path[id: 0] = detail(typed: "Oat!")
    }
    await clock.waitForSleepers()
    await clock.advance(by: TodoDetailFeature.saveDelay)
    await store.receive(.path(.element(id: 0, action: .detail(.save)))) {
      $0.path[id: 0] = detail(typed: "Oat!") { $0.saveStatus = .saving("Oat!") }
    }
    await store.receive(.path(.element(id: 0, action: .detail(.saveFailed(.readOnly(path: "/db")))))) {
      $0.path[id: 0] = detail(typed: "Oat!") { $0.saveStatus = .failed(.readOnly(path: "/db")) }
    }
    // Closing after a failure tries again: nothing typed is dropped, the screen stays with the
    // note and the reason.
    await store.send(.path(.element(id: 0, action: .detail(.close)))) {
      $0.path[id: 0] = detail(typed: "Oat!") {
        $0.isClosing = true
        $0.saveStatus = .saving("Oat!")
      }
    }
    await store.receive(.path(.element(id: 0, action: .detail(.saveFailed(.readOnly(path: "/db")))))) {
      $0.path[id: 0] = detail(typed: "Oat!") { $0.saveStatus = .failed(.readOnly(path: "/db")) }
    }
    // Deleting what was typed leaves the note as it is stored, and the screen with it.
    await store.send(.path(.element(id: 0, action: .detail(.edit(.deleteToStart))))) {
      $0.path[id: 0] = detail(typed: "Oat!") {
        $0.note = TextDraft()
        $0.noteHistory = UndoHistory(undo: ["Typing", "Deletion"])
      }
    }
    await store.send(.path(.element(id: 0, action: .detail(.close))))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
  }

  @Test func closingWhileASaveRunsSavesAgainAndPopsOnceTheNoteIsStored() async throws {
    // The repository answers once its own clock moves: a save stays on its way until then.
    let network = TestClock()
    let repository = LaggingRepository(clock: network)
    _ = try await repository.base.add(title: "Buy milk", at: testDate)
    let store = makeStore(repository)
    await open(store)
    await store.send(.path(.element(id: 0, action: .detail(.edit(.insert("Oa")))))) {
      $0.path[id: 0] = detail(typed: "Oa")
    }
    await clock.waitForSleepers()
    await clock.advance(by: TodoDetailFeature.saveDelay)
    await store.receive(.path(.element(id: 0, action: .detail(.save)))) {
      $0.path[id: 0] = detail(typed: "Oa") { $0.saveStatus = .saving("Oa") }
    }
    await network.waitForSleepers()
    // "t" is typed and the screen closed while the save of "Oa" is on its way.
    await store.send(.path(.element(id: 0, action: .detail(.edit(.insert("t")))))) {
      $0.path[id: 0] = detail(typed: "Oat") { $0.saveStatus = .saving("Oa") }
    }
    let closing = await store.send(.path(.element(id: 0, action: .detail(.close)))) {
      $0.path[id: 0] = detail(typed: "Oat") {
        $0.isClosing = true
        $0.saveStatus = .saving("Oat")
      }
    }
    await network.waitForSleepers(2)
    store.exhaustivity = .off
    await network.advance(by: repository.latency)
    // Awaiting the close awaits its own save, and the pop that follows it.
    await closing.finish()
    #expect(store.state.path.isEmpty)
    #expect(try await repository.base.snapshot().todos == [noted("Oat")])
    await store.skipReceivedActions()
  }

  @Test func closingWithNothingTypedPopsAtOnceAndAnotherOpenPushesANewScreen() async {
    let store = makeStore(InMemoryTodoRepository(todos: [milk]))
    await open(store)
    await store.send(.path(.element(id: 0, action: .detail(.edit(.moveLeft)))))
    await store.send(.path(.element(id: 0, action: .detail(.close))))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await store.send(.list(.openSelected))
    await store.receive(.list(.delegate(.open(milk)))) {
      $0.path[id: 1] = .detail(TodoDetailFeature.State(todo: milk))
    }
  }

  @Test func aNoteTooLongToStoreFailsOnScreenAndTheStoredNoteStays() async throws {
    let repository = InMemoryTodoRepository(todos: [milk])
    let store = makeStore(repository)
    await open(store)
    let long = String(repeating: "n", count: Todo.maximumNoteLength + 1)
    await store.send(.path(.element(id: 0, action: .detail(.edit(.insert(long)))))) {
      $0.path[id: 0] = detail(typed: long)
    }
    await store.send(.path(.element(id: 0, action: .detail(.close)))) {
      $0.path[id: 0] = detail(typed: long) {
        $0.isClosing = true
        $0.saveStatus = .saving(long)
      }
    }
    let error = TodoStoreError.noteTooLong(length: long.count, maximum: Todo.maximumNoteLength)
    await store.receive(.path(.element(id: 0, action: .detail(.saveFailed(error))))) {
      $0.path[id: 0] = detail(typed: long) { $0.saveStatus = .failed(error) }
    }
    #expect(try await repository.snapshot().todos == [milk])
    // Leaving again tries again: the screen stays, with the note typed and the reason.
    await store.send(.path(.element(id: 0, action: .detail(.close)))) {
      $0.path[id: 0] = detail(typed: long) {
        $0.isClosing = true
        $0.saveStatus = .saving(long)
      }
    }
    await store.receive(.path(.element(id: 0, action: .detail(.saveFailed(error))))) {
      $0.path[id: 0] = detail(typed: long) { $0.saveStatus = .failed(error) }
    }
    // Undoing the typing leaves the note as stored, which clears the failure: then the screen
    // can go.
    await store.send(.path(.element(id: 0, action: .detail(.undo(.undo))))) {
      $0.path[id: 0] = detail(typed: "") {
        $0.noteHistory = UndoHistory(undo: [], redo: ["Typing"])
      }
    }
    await store.send(.path(.element(id: 0, action: .detail(.close))))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
  }

  @Test func typingUndoesAsOneStepAndWhatUndoPutsBackIsSavedAfterAPause() async throws {
    let repository = InMemoryTodoRepository(todos: [milk])
    let store = TestStore(initialState: TodoDetailFeature.State(todo: milk)) {
      TodoDetailFeature(repository: repository, clock: clock)
    }
    await store.send(.edit(.insert("Oat"))) {
      $0.note = TextDraft("Oat")
      $0.noteHistory = UndoHistory(undo: ["Typing"])
    }
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(500))
    await store.send(.edit(.insert(" milk"))) { $0.note = TextDraft("Oat milk") }
    // Moving the cursor is no step; the typing before and after it is one.
    await store.send(.edit(.moveLeft)) { $0.note = TextDraft("Oat milk", cursor: 7) }
    await store.send(.edit(.insert("!"))) { $0.note = TextDraft("Oat mil!k", cursor: 8) }
    await clock.waitForSleepers()
    await clock.advance(by: TodoDetailFeature.saveDelay)
    await store.receive(.save) { $0.saveStatus = .saving("Oat mil!k") }
    // The save the pause made is no step of its own.
    let saved = TodoSnapshot(todos: [noted("Oat mil!k")], undoHistory: ["note on “Buy milk”"])
    await store.receive(.saved(noted("Oat mil!k"), contents: saved)) {
      $0.todo = noted("Oat mil!k")
      $0.saveStatus = .idle
    }

    // One undo takes the whole run back, cursor and all, and saves that after a pause.
    await store.send(.undo(.undo)) {
      $0.note = TextDraft("")
      $0.noteHistory = UndoHistory(undo: [], redo: ["Typing"])
    }
    await clock.waitForSleepers()
    await clock.advance(by: TodoDetailFeature.saveDelay)
    await store.receive(.save) { $0.saveStatus = .saving("") }
    let undone = TodoSnapshot(
      todos: [noted("")], undoHistory: ["note on “Buy milk”", "note on “Buy milk”"])
    await store.receive(.saved(noted(""), contents: undone)) {
      $0.todo = noted("")
      $0.saveStatus = .idle
    }

    await store.send(.undo(.redo)) {
      $0.note = TextDraft("Oat mil!k", cursor: 8)
      $0.noteHistory = UndoHistory(undo: ["Typing"])
    }
    await clock.waitForSleepers()
    await clock.advance(by: TodoDetailFeature.saveDelay)
    await store.receive(.save) { $0.saveStatus = .saving("Oat mil!k") }
    let redone = TodoSnapshot(
      todos: [noted("Oat mil!k")],
      undoHistory: ["note on “Buy milk”", "note on “Buy milk”", "note on “Buy milk”"])
    await store.receive(.saved(noted("Oat mil!k"), contents: redone)) {
      $0.todo = noted("Oat mil!k")
      $0.saveStatus = .idle
    }
    #expect(try await repository.snapshot().todos == [noted("Oat mil!k")])
  }

  @Test func deletingIsAStepApartFromTyping() async {
    let store = TestStore(initialState: TodoDetailFeature.State(todo: noted("Oat"))) {
      TodoDetailFeature(repository: InMemoryTodoRepository(todos: [noted("Oat")]), clock: clock)
    }
    store.exhaustivity = .off
    await store.send(.edit(.insert(" milk")))
    await store.send(.edit(.deleteBackward))
    await store.send(.edit(.deleteBackward))
    #expect(store.state.noteHistory.undoLabels == ["Typing", "Deletion"])
    await store.send(.undo(.undo)) { $0.note = TextDraft("Oat milk") }
    await store.send(.undo(.undo)) { $0.note = TextDraft("Oat") }
    await store.skipInFlightEffects()
  }
}
