import Testing
import TodoCore
import Uniflow
import UniflowTesting

/// The title editor on its own: the draft and what it asks its parent to do.
@MainActor
@Suite struct TitleEditorFeatureTests {
  @Test func editsChangeTheDraftAndSavingAsksToRenameTheTodo() async {
    let store = TestStore(initialState: TitleEditorFeature.State(renaming: todo(3, "Buy milk"))) {
      TitleEditorFeature()
    }
    await store.send(.edit(.moveToStart)) { $0.draft = TextDraft("Buy milk", cursor: 0) }
    await store.send(.edit(.insert("Go and "))) { $0.draft = TextDraft("Go and Buy milk", cursor: 7) }
    await store.send(.save)
    await store.receive(.delegate(.save(id: 3, title: "Go and Buy milk")))
  }

  @Test func aNewTodoIsSavedWithoutAnIdAndCancellingAsksToClose() async {
    let store = TestStore(initialState: TitleEditorFeature.State()) {
      TitleEditorFeature()
    }
    await store.send(.edit(.insert("Call mom"))) { $0.draft = TextDraft("Call mom") }
    await store.send(.save)
    await store.receive(.delegate(.save(id: nil, title: "Call mom")))
    await store.send(.cancel)
    await store.receive(.delegate(.cancel))
  }
}
