import Foundation
import Testing
import TodoCore
import TodoTerminal
import Uniflow
import UniflowTesting

/// The questions the app asks before a deletion the user may not expect: clearing several done
/// todos, deleting a todo that has a note.
@MainActor
@Suite struct TodoPromptTests {
  let milk = {
    var milk = todo(1, "Buy milk", isDone: true)
    milk.note = "oat, not cow"
    return milk
  }()
  let mom = todo(2, "Call mom", isDone: true)
  let eggs = todo(3, "Buy eggs")

  func makeStore(_ todos: IdentifiedArray<Todo>) -> TestStore<TodoFeature.State, TodoFeature.Action> {
    var state = TodoFeature.State()
    state.list.todos = todos
    state.list.isLoaded = true
    return TestStore(
      initialState: state,
      reducer: TodoFeature(repository: InMemoryTodoRepository(todos: todos), now: { testDate }),
      timeout: .seconds(10))
  }

  @Test func deletingATodoWithANoteAsksFirstAndYesDeletesIt() async {
    let store = makeStore([milk, eggs])
    await store.send(.list(.delegate(.delete(id: 1)))) {
      $0.prompt = .confirmation(
        title: "Delete “Buy milk” and its note?", message: "Undo brings it back.",
        buttons: [.destructive("Delete", action: .delete(id: 1)), .cancel("Keep it")])
    }
    await store.send(.prompt(.presented(.delete(id: 1))))
    await store.receive(.prompt(.dismiss)) { $0.prompt = nil }
    await store.receive(.delete(id: 1))
    store.exhaustivity = .off
    await store.receive { if case .finished = $0 { true } else { false } }
    #expect(store.state.todos.ids == [3])
    #expect(store.state.outcome == .deleted(milk))
  }

  @Test func aTodoWithoutANoteIsDeletedWithoutAQuestion() async {
    let store = makeStore([milk, eggs])
    await store.send(.list(.delegate(.delete(id: 3))))
    await store.receive(.delete(id: 3))
    store.exhaustivity = .off
    await store.receive { if case .finished = $0 { true } else { false } }
    #expect(store.state.todos.ids == [1])
  }

  @Test func clearingSeveralDoneTodosAsksFirstAndNoKeepsThem() async {
    let store = makeStore([milk, mom, eggs])
    await store.send(.clearDoneTapped) {
      $0.prompt = .confirmation(
        title: "Delete the 2 done todos?", message: "Undo brings them back.",
        buttons: [.destructive("Delete 2 todos", action: .clearDone), .cancel("Keep them")])
    }
    #expect(store.state.mode == .answering(store.state.prompt!))
    await store.send(.prompt(.dismiss)) { $0.prompt = nil }
    #expect(store.state.todos.count == 3)
  }

  @Test func clearingOneDoneTodoDoesNotAsk() async {
    let store = makeStore([mom, eggs])
    await store.send(.clearDoneTapped)
    await store.receive(.clearDone)
    store.exhaustivity = .off
    await store.receive { if case .finished = $0 { true } else { false } }
    #expect(store.state.todos.ids == [3])
  }

  @Test func aQuestionSurvivesEncoding() throws {
    let prompt = try #require(TodoFeature.clearDonePrompt(doneCount: 3))
    let decoded = try JSONDecoder().decode(
      PromptState<TodoFeature.Confirmation>.self, from: JSONEncoder().encode(prompt))
    #expect(decoded == prompt)
    #expect(TodoFeature.clearDonePrompt(doneCount: 1) == nil)
  }
}

/// The keys of a question: y or Enter confirm, n or Esc cancel, the others wait.
@Suite struct PromptKeyTests {
  let prompt = TodoFeature.clearDonePrompt(doneCount: 2)!

  @Test func yesConfirmsNoCancelsAndOtherKeysWait() {
    let mode = TodoFeature.Mode.answering(prompt)
    for key: Key in [.character("y"), .character("Y"), .enter] {
      #expect(KeyMap.command(for: key, in: mode) == .sendInOrder(.prompt(.presented(.clearDone))))
    }
    for key: Key in [.character("n"), .character("N"), .escape] {
      #expect(KeyMap.command(for: key, in: mode) == .send(.prompt(.dismiss)))
    }
    #expect(KeyMap.command(for: .character("d"), in: mode) == nil)
    #expect(KeyMap.command(for: .character(" "), in: mode) == nil)
    #expect(KeyMap.promptHint(prompt) == " y Delete 2 todos  n/esc Keep them")
  }
}
