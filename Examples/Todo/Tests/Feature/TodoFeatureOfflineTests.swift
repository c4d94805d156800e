import Foundation
import Testing
import TodoCore
import Uniflow
import UniflowTesting

/// The todo feature while its server is lost: changes are refused, what was typed is kept, and
/// the message goes once contents arrive again.
@MainActor
@Suite struct TodoFeatureOfflineTests {
  static let offline = TodoStoreError.offline(server: "todos on db.example.org:5432 as todo")

  func makeStore(
    _ repository: any TodoRepository, state: TodoFeature.State = .init()
  ) -> TestStore<
    TodoFeature.State, TodoFeature.Action
  > {
    TestStore(
      initialState: state, reducer: TodoFeature(repository: repository, now: { testDate }),
      timeout: .seconds(10))
  }

  @Test func aTitleTypedWhileOfflineStaysInTheEditor() async {
    let store = makeStore(FailingRepository(Self.offline))
    await store.send(.list(.delegate(.add))) { $0.editor = TitleEditorFeature.State() }
    await store.send(.editor(.edit(.insert("Buy milk")))) { $0.editor?.draft = TextDraft("Buy milk") }
    await store.send(.editor(.save))
    await store.receive(.editor(.delegate(.save(id: nil, title: "Buy milk"))))
    await store.receive(.add(title: "Buy milk"))
    await store.receive(.failed(Self.offline)) { $0.error = Self.offline }
    #expect(store.state.mode == .editingTitle)
    #expect(store.state.editor?.draft.text == "Buy milk")
    await store.finish()
  }

  @Test func aRenameTypedWhileOfflineStaysInTheEditorForItsTodo() async {
    let milk = todo(1, "Buy milk")
    let store = makeStore(
      FailingRepository(Self.offline),
      state: TodoFeature.State(list: .init(todos: [milk], isLoaded: true)))
    await store.send(.list(.delegate(.rename(milk)))) {
      $0.editor = TitleEditorFeature.State(renaming: milk)
    }
    await store.send(.editor(.edit(.insert(" now")))) { $0.editor?.draft = TextDraft("Buy milk now") }
    await store.send(.editor(.save))
    await store.receive(.editor(.delegate(.save(id: 1, title: "Buy milk now"))))
    await store.receive(.rename(id: 1, title: "Buy milk now"))
    await store.receive(.failed(Self.offline)) { $0.error = Self.offline }
    #expect(store.state.editor?.id == 1)
    #expect(store.state.editor?.draft.text == "Buy milk now")
    await store.finish()
  }

  @Test func contentsArrivingAgainClearTheOfflineMessageOnly() async {
    var state = TodoFeature.State()
    state.error = Self.offline
    let store = makeStore(InMemoryTodoRepository(), state: state)
    await store.send(.snapshotLoaded(TodoSnapshot(todos: [todo(1, "Buy milk")]))) {
      $0.list.todos = [todo(1, "Buy milk")]
      $0.list.isLoaded = true
      $0.error = nil
    }
    // Another error stays until dismissed.
    await store.send(.failed(.todoNotFound(3))) { $0.error = .todoNotFound(3) }
    await store.send(.snapshotLoaded(TodoSnapshot(todos: [todo(1, "Buy milk")])))
  }
}
