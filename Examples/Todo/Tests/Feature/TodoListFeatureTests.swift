import Foundation
import Testing
import TodoCore
import Uniflow
import UniflowTesting

/// The list on its own: what it shows, the selection, and the intents it hands to its parent.
@MainActor
@Suite struct TodoListFeatureTests {
  func makeStore(_ state: TodoListFeature.State) -> TestStore<TodoListFeature.State, TodoListFeature.Action> {
    TestStore(initialState: state) {
      TodoListFeature()
    }
  }

  @Test func theSearchKeepsTheTodosWhoseTitleContainsItIgnoringCaseAndAccents() {
    var state = TodoListFeature.State(
      todos: [todo(1, "Buy milk"), todo(2, "Call mom", isDone: true), todo(3, "Crème brûlée")], isLoaded: true
    )
    state.search = "CREME"
    #expect(state.visibleTodos.map(\.id) == [3])
    #expect(state.selection == 3)
    state.search = "m"
    state.shownSettings.filter = .done
    #expect(state.visibleTodos.map(\.id) == [2])
    state.search = ""
    state.shownSettings.filter = .all
    #expect(state.visibleTodos.map(\.id) == [1, 2, 3])
  }

  @Test func theFilterDecidesTheVisibleTodosAndTheCountsStayWhole() async {
    let store = makeStore(
      TodoListFeature.State(todos: [todo(1, "a"), todo(2, "b", isDone: true), todo(3, "c")]))
    #expect(store.state.visibleTodos.ids == [1, 2, 3])
    await store.send(.cycleFilter) { $0.setFilter(.open) }
    #expect(store.state.visibleTodos.ids == [1, 3])
    await store.send(.cycleFilter) { $0.setFilter(.done) }
    #expect(store.state.visibleTodos.ids == [2])
    #expect((store.state.openCount, store.state.doneCount) == (2, 1))
    await store.send(.cycleFilter) { $0.setFilter(.all) }
    await store.send(.setFilter(.done)) { $0.setFilter(.done) }
    #expect(store.state.visibleTodos.ids == [2])
    #expect(store.state.settings.filter == .done)
  }

  @Test func theSelectionMovesWithinTheVisibleTodos() async {
    let store = makeStore(
      TodoListFeature.State(todos: [todo(1, "a"), todo(2, "b", isDone: true), todo(3, "c"), todo(4, "d")]))
    #expect(store.state.selection == 1)
    await store.send(.moveSelection(by: 1)) { $0.selection = 2 }
    #expect(store.state.selectedIndex == 1)
    await store.send(.moveSelection(by: 10)) { $0.selection = 4 }
    await store.send(.moveSelection(by: -2)) { $0.selection = 2 }
    await store.send(.moveSelection(by: Int.min)) { $0.selection = 1 }
    await store.send(.moveSelection(by: Int.max)) { $0.selection = 4 }
    await store.send(.selectFirst) { $0.selection = 1 }
    await store.send(.selectLast) { $0.selection = 4 }

    // Hiding the selected todo selects the one that takes its place.
    await store.send(.select(id: 2)) { $0.selection = 2 }
    await store.send(.setFilter(.open)) { $0.setFilter(.open) }
    #expect((store.state.selection, store.state.selectedIndex) == (3, 1))
    await store.send(.setFilter(.done)) { $0.setFilter(.done) }
    #expect(store.state.selection == 2)
    // A todo the list does not show cannot be selected.
    await store.send(.select(id: 3))
  }

  @Test func theRowsOnScreenFollowTheSelectionAPageAtATime() async {
    let todos = IdentifiedArray(uniqueElements: (1...10).map { todo(Todo.ID($0), "item \($0)") })
    let store = makeStore(TodoListFeature.State(todos: todos, pageSize: 3))
    await store.send(.moveSelection(by: 2)) { $0.selection = 3 }
    #expect(store.state.firstVisibleIndex == 0)
    // One row further: the rows scroll by one.
    await store.send(.moveSelection(by: 1)) { $0.selection = 4 }
    #expect(store.state.firstVisibleIndex == 1)
    await store.send(.movePage(by: 1)) { $0.selection = 7 }
    #expect(store.state.firstVisibleIndex == 4)
    await store.send(.selectLast) { $0.selection = 10 }
    #expect(store.state.firstVisibleIndex == 7)
    // Going up moves the rows only once the selection reaches the top one.
    await store.send(.moveSelection(by: -2)) { $0.selection = 8 }
    #expect(store.state.firstVisibleIndex == 7)
    await store.send(.movePage(by: -1)) { $0.selection = 5 }
    #expect(store.state.firstVisibleIndex == 4)
    // A taller screen shows a full last page.
    await store.send(.setPageSize(8)) { $0.pageSize = 8 }
    #expect(store.state.firstVisibleIndex == 2)
    await store.send(.setPageSize(0)) { $0.pageSize = 1 }
    #expect(store.state.firstVisibleIndex == 4)
  }

  @Test func theSearchIsTypedAsADraftThatTheListFollows() async {
    let store = makeStore(TodoListFeature.State(todos: [todo(1, "Buy milk"), todo(2, "Call mom")]))
    await store.send(.startSearch) { $0.searchDraft = TextDraft() }
    await store.send(.editSearch(.insert("mo"))) {
      $0.searchDraft = TextDraft("mo")
      $0.search = "mo"
    }
    #expect(store.state.visibleTodos.ids == [2])
    await store.send(.keepSearch) { $0.searchDraft = nil }

    // Typing again starts from the search kept; Esc clears it.
    await store.send(.startSearch) { $0.searchDraft = TextDraft("mo") }
    await store.send(.editSearch(.deleteBackward)) {
      $0.searchDraft = TextDraft("m")
      $0.search = "m"
    }
    await store.send(.clearSearch) {
      $0.searchDraft = nil
      $0.search = ""
    }
    // An edit with no search being typed changes nothing.
    await store.send(.editSearch(.insert("x")))
  }

  @Test func intentsAboutTheSelectionAskTheParentForTheCommand() async {
    let store = makeStore(TodoListFeature.State(todos: [todo(1, "Buy milk"), todo(2, "Call mom")]))
    await store.send(.moveSelection(by: 1)) { $0.selection = 2 }
    await store.send(.toggleSelected)
    await store.receive(.delegate(.toggle(id: 2)))
    await store.send(.deleteSelected)
    await store.receive(.delegate(.delete(id: 2)))
    await store.send(.editSelected)
    await store.receive(.delegate(.rename(todo(2, "Call mom"))))
    await store.send(.addTodo)
    await store.receive(.delegate(.add))
  }

  @Test func theSortOrderAndDoneLastOrderTheVisibleTodos() async {
    var state = TodoListFeature.State(
      todos: [todo(1, "pears"), todo(2, "Apples", isDone: true), todo(3, "bread"), todo(4, "apples")])
    #expect(state.visibleTodos.ids == [1, 2, 3, 4])
    state.shownSettings.sortOrder = .title
    // By title ignoring case; equal titles by identifier.
    #expect(state.visibleTodos.ids == [2, 4, 3, 1])
    state.shownSettings.showsDoneLast = true
    #expect(state.visibleTodos.ids == [4, 3, 1, 2])
    state.shownSettings.sortOrder = .created
    #expect(state.visibleTodos.ids == [1, 3, 4, 2])
    // The selection moves in the order shown.
    let store = makeStore(state)
    #expect(store.state.selection == 1)
    await store.send(.moveSelection(by: 1)) { $0.selection = 3 }
    await store.send(.selectLast) { $0.selection = 2 }
  }

  @Test func aChangeMadeElsewhereReachesTheRowsWithSettingsChanged() async throws {
    let settings = Shared(TodoSettings())
    let store = makeStore(
      TodoListFeature.State(todos: [todo(1, "b"), todo(2, "a", isDone: true)], settings: settings))
    // Another holder (the settings screen, another process) changes the settings: the list's
    // rows still show what they showed, until the list is told.
    var elsewhere = settings
    elsewhere.change { $0.sortOrder = .title }
    #expect(store.state.visibleTodos.ids == [1, 2])
    await store.send(.settingsChanged) { $0.shownSettings.sortOrder = .title }
    #expect(store.state.visibleTodos.ids == [2, 1])
    // Told again with nothing new, nothing changes.
    await store.send(.settingsChanged)
  }

  @Test func openingTheSettingsAsksTheParent() async {
    let store = makeStore(TodoListFeature.State())
    await store.send(.openSettings)
    await store.receive(.delegate(.openSettings))
  }

  @Test func intentsWithNothingSelectedDoNothing() async {
    let store = makeStore(TodoListFeature.State())
    await store.send(.toggleSelected)
    await store.send(.deleteSelected)
    await store.send(.editSelected)
  }
}

extension TodoListFeature.State {
  /// What the list's filter actions do, as a test describes it: the shared settings change,
  /// and the rows show them.
  mutating func setFilter(_ filter: TodoFilter) {
    settings.withLock { $0.filter = filter }
    shownSettings.filter = filter
  }
}
