import Testing
import UniflowMVVM

@MainActor
@Suite struct ListViewModelTests {
  private func makeStore(_ titles: [String] = ["Milk", "Eggs", "Bread"]) -> StoreOf<Checklist> {
    let tasks = titles.enumerated().map { Checklist.Task(id: $0.offset + 1, title: $0.element) }
    return Store(
      initialState: Checklist.State(tasks: IdentifiedArray(uniqueElements: tasks)),
      reducer: Checklist())
  }

  private func makeList(
    _ store: StoreOf<Checklist>
  ) -> ListViewModel<Checklist.Task, TaskRowViewModel> {
    ListViewModel(store: store, rows: \.tasks, action: Checklist.Action.tasks) {
      TaskRowViewModel(store: $0)
    }
  }

  @Test func exposesTheRowCountAndARowViewModelPerRow() {
    let list = makeList(makeStore())
    #expect(list.count.value == 3)
    #expect(list.ids == [1, 2, 3])
    #expect(list.row(at: 1).title.value == "Eggs")
    #expect(list.row(id: 3)?.title.value == "Bread")
    #expect(list.row(id: 99) == nil)
  }

  @Test func aRowViewModelIsMadeOnFirstUseAndKept() {
    let list = makeList(makeStore())
    #expect(list.rowViewModelCount == 0)
    let row = list.row(at: 0)
    #expect(list.row(at: 0) === row)
    #expect(list.row(id: 1) === row)
    #expect(list.rowViewModelCount == 1)
  }

  @Test func aRowInputReachesTheRootAsAnElementAction() {
    var actions: [Checklist.Action] = []
    let store = Store(
      initialState: Checklist.State(tasks: [Checklist.Task(id: 1, title: "Milk")]),
      reducer: Checklist(), middleware: [Middleware { action, _, _ in actions.append(action) }])
    let list = makeList(store)
    let row = list.row(at: 0)
    row.toggle()
    #expect(row.isDone.value)
    #expect(store.state.tasks[id: 1]?.isDone == true)
    #expect(actions == [.tasks(.element(id: 1, action: .toggle))])
  }

  @Test func reportsInsertionsDeletionsMovesAndUpdatesByID() {
    let store = makeStore()
    let list = makeList(store)
    var reported: [RowChanges<Int>] = []
    let token = list.changes.observe { reported.append($0) }

    store.send(.add(Checklist.Task(id: 4, title: "Tea")))
    store.send(.remove(id: 2))
    store.send(.move(from: 2, to: 0))
    store.send(.tasks(.element(id: 1, action: .rename("Oat milk"))))

    #expect(
      reported == [
        RowChanges(insertions: [.init(id: 4, offset: 3)]),
        RowChanges(deletions: [.init(id: 2, offset: 1)]),
        RowChanges(moves: [.init(id: 4, from: 2, to: 0)]),
        RowChanges(updates: [.init(id: 1, from: 1, to: 1)]),
      ])
    #expect(list.ids == [4, 1, 3])
    withExtendedLifetime(token) {}
  }

  @Test func actionsThatLeaveTheRowsAloneReportNothing() {
    let store = makeStore()
    let list = makeList(store)
    var reports = 0
    let token = list.changes.observe { _ in reports += 1 }
    store.send(.setFilter("milk"))
    store.send(.tasks(.element(id: 1, action: .rename("Milk"))))  // the same title
    #expect(reports == 0)
    withExtendedLifetime(token) {}
  }

  @Test func anObserverOfTheChangesReadsTheNewRows() {
    let store = makeStore()
    let list = makeList(store)
    var seen: [(Int, [String])] = []
    // Unowned: a store drops a released token's callback at its next action only, so a
    // callback holding its own view model would keep it alive after the test.
    let token = list.changes.observe { [unowned list] _ in
      seen.append((list.count.value, (0..<list.count.value).map { list.row(at: $0).title.value }))
    }
    store.send(.add(Checklist.Task(id: 4, title: "Tea")))
    #expect(seen.count == 1)
    #expect(seen.first?.0 == 4)
    #expect(seen.first?.1 == ["Milk", "Eggs", "Bread", "Tea"])
    withExtendedLifetime(token) {}
  }

  @Test func theCountEmitsOnlyWhenItChanged() {
    let store = makeStore()
    let list = makeList(store)
    var counts: [Int] = []
    let token = list.count.observe { counts.append($0) }
    store.send(.add(Checklist.Task(id: 4, title: "Tea")))
    store.send(.move(from: 0, to: 3))
    store.send(.remove(id: 1))
    #expect(counts == [4, 3])
    withExtendedLifetime(token) {}
  }

  @Test func aDeletedRowsViewModelIsReleased() {
    let store = makeStore()
    let list = makeList(store)
    weak let removed = list.row(id: 2)
    let kept = list.row(id: 1)
    #expect(removed != nil)
    store.send(.remove(id: 2))
    #expect(removed == nil)
    #expect(list.row(id: 1) === kept)
    #expect(list.rowViewModelCount == 1)
  }

  @Test func releasingTheListEndsItsSubscriptionsAndLeaksNothing() {
    var store: StoreOf<Checklist>? = makeStore()
    weak let weakStore = store
    var list: ListViewModel<Checklist.Task, TaskRowViewModel>? = makeList(store!)
    weak let weakList = list
    weak let weakRow = list?.row(at: 0)
    #expect(store!.observedSelectionCount > 0)
    list = nil
    #expect(weakList == nil)
    #expect(weakRow == nil)
    store!.send(.setFilter("x"))
    #expect(store!.observedSelectionCount == 0)
    store = nil
    #expect(weakStore == nil)
  }

  @Test func aCustomContentComparisonDecidesWhichRowsAreUpdated() {
    let store = makeStore()
    let list = ListViewModel(
      store: store, rows: \.tasks, action: Checklist.Action.tasks,
      isContentEqual: { $0.isDone == $1.isDone }
    ) { TaskRowViewModel(store: $0) }
    var updated: [[Int]] = []
    let token = list.changes.observe { updated.append($0.updates.map(\.id)) }
    store.send(.tasks(.element(id: 1, action: .rename("Oat milk"))))  // not shown: no update
    store.send(.tasks(.element(id: 2, action: .toggle)))
    #expect(updated == [[2]])
    withExtendedLifetime(token) {}
  }
}

@Suite struct ListViewModelMisuseTests {
  @Test func askingForARowPastTheEndStopsWithAMessage() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let store = Store(initialState: Checklist.State(), reducer: Checklist())
        let list = ListViewModel(store: store, rows: \.tasks, action: Checklist.Action.tasks) {
          TaskRowViewModel(store: $0)
        }
        _ = list.row(at: 0)
      }
    }
  }
}

/// A list view model made from a store scoped to its collection: two arguments.
@MainActor
@Suite struct ListViewModelFromScopedRowsTests {
  @Test func aListMadeFromTheRowsStoreShowsUpdatesAndSendsThroughTheRoot() {
    var actions: [Checklist.Action] = []
    let store = Store(
      initialState: Checklist.State(tasks: [Checklist.Task(id: 1, title: "Milk")]),
      reducer: Checklist(), middleware: [Middleware { action, _, _ in actions.append(action) }])

    let list = ListViewModel(rows: store.scope(state: \.tasks, action: ActionCase(Checklist.Action.tasks))) {
      TaskRowViewModel(store: $0)
    }

    var reported: [RowChanges<Int>] = []
    let token = list.changes.observe { reported.append($0) }
    withExtendedLifetime(token) {
      #expect(list.count.value == 1)
      list.row(at: 0).toggle()
      #expect(actions == [.tasks(.element(id: 1, action: .toggle))])
      #expect(reported.last?.updates.map(\.id) == [1])
      store.send(.add(Checklist.Task(id: 2, title: "Eggs")))
      #expect(list.count.value == 2)
      #expect(list.row(at: 1).title.value == "Eggs")
      #expect(reported.last?.insertions.map(\.id) == [2])
    }
  }
}

/// A row view model with an event: each title its row is given.
@MainActor
private final class RenamedRowViewModel: StoreViewModel<Checklist.Task, Checklist.Row.Action> {
  let renamed: OutputEvent<String>

  override init(store: Store<Checklist.Task, Checklist.Row.Action>) {
    renamed = OutputEvent.extracting(in: store) { action, _ in
      if case .rename(let title) = action { title } else { nil }
    }
    super.init(store: store)
  }
}

/// A list view model given its rows' case as a function: its rows still hear their own actions.
@MainActor
@Suite struct ListViewModelRowEventTests {
  @Test func aRowOfAListMadeWithTheCasesFunctionHearsItsOwnRowsActions() throws {
    let store = Store(
      initialState: Checklist.State(tasks: [
        Checklist.Task(id: 1, title: "Milk"), Checklist.Task(id: 2, title: "Eggs"),
      ]),
      reducer: Checklist())
    let list = ListViewModel(store: store, rows: \.tasks, action: Checklist.Action.tasks) {
      RenamedRowViewModel(store: $0)
    }
    var heard: [String] = []
    let tokens = [
      try #require(list.row(id: 1)).renamed.observe { heard.append("1: \($0)") },
      try #require(list.row(id: 2)).renamed.observe { heard.append("2: \($0)") },
    ]
    store.send(.tasks(.element(id: 2, action: .rename("Oat milk"))))
    store.send(.setFilter("milk"))
    store.send(.tasks(.element(id: 1, action: .rename("Tea"))))
    store.send(.tasks(.element(id: 2, action: .toggle)))
    #expect(heard == ["2: Oat milk", "1: Tea"])
    withExtendedLifetime(tokens) {}
  }
}
