import Testing
import Uniflow
import UniflowTesting

@MainActor
@Suite(.timeLimit(.minutes(10))) struct RowStoreTests {
  @Test func thousandRowsEachWithItsOwnStore() {
    let root = Store(initialState: .withRows(1_000), reducer: AppFeature(clock: TestClock()))
    let rows = root.scope(forEach: \.rows, action: ActionCase(AppFeature.Action.rows))
    #expect(rows.count == 1_000)

    var toggled: [Int] = []
    let tokens = rows.map { row in
      let id = row.state.id
      return row.observe(\.isDone) { _ in toggled.append(id) }
    }
    for row in rows where row.state.id % 100 == 0 { row.send(.toggle) }

    #expect(toggled == Array(stride(from: 0, to: 1_000, by: 100)))
    #expect(root.state.rows.filter(\.isDone).map(\.id) == toggled)
    #expect(rows[100].isDone)
    #expect(!rows[101].isDone)
    withExtendedLifetime(tokens) {}
  }

  @Test func rowActionsReachTheRootAsIdentifiedActions() {
    var seen: [AppFeature.Action] = []
    let root = Store(
      initialState: .withRows(3), reducer: AppFeature(clock: TestClock()),
      middleware: [Middleware { action, _, _ in seen.append(action) }])
    let row = try! #require(root.scope(id: 2, in: \.rows, action: ActionCase(AppFeature.Action.rows)))
    row.send(.rename("two"))
    #expect(seen == [.rows(.element(id: 2, action: .rename("two")))])
    #expect(root.state.rows[id: 2]?.title == "two")
    #expect(root.scope(id: 99, in: \.rows, action: ActionCase(AppFeature.Action.rows)) == nil)
  }

  @Test func removingARowCancelsItsEffectAndStopsItsStore() async {
    let clock = TestClock()
    let root = Store(initialState: .withRows(3), reducer: AppFeature(clock: clock))
    let row = try! #require(root.scope(id: 1, in: \.rows, action: ActionCase(AppFeature.Action.rows)))
    let other = try! #require(root.scope(id: 2, in: \.rows, action: ActionCase(AppFeature.Action.rows)))
    let task = row.send(.renameLater("late"))
    let otherTask = other.send(.renameLater("kept"))
    await clock.waitForSleepers(2)

    root.send(.removeRow(1))
    await task.finish()
    #expect(root.runningEffectCount == 1)

    // The removed row's store keeps its last state and sends nothing.
    #expect(row.title == "row 1")
    row.send(.toggle)
    #expect(root.state.rows.map(\.id) == [0, 2])

    await clock.advance(by: .seconds(1))
    await otherTask.finish()
    #expect(root.state.rows[id: 2]?.title == "kept")
    #expect(root.state.rows.count == 2)
  }

  @Test func rowObserverIgnoresOtherRows() {
    let root = Store(initialState: .withRows(3), reducer: AppFeature(clock: TestClock()))
    let first = try! #require(root.scope(id: 0, in: \.rows, action: ActionCase(AppFeature.Action.rows)))
    let second = try! #require(root.scope(id: 1, in: \.rows, action: ActionCase(AppFeature.Action.rows)))
    var firstTitles: [String] = []
    let token = first.observe(\.title) { firstTitles.append($0) }
    second.send(.rename("b"))
    first.send(.rename("a"))
    second.send(.toggle)
    #expect(firstTitles == ["a"])
    withExtendedLifetime(token) {}
  }

  #if !os(Windows)
    @Test func aRowChangingItsOwnIDStopsWithAMessageInEveryBuild() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        await MainActor.run {
          let store = Store(initialState: Renumbered.State(), reducer: Renumbered())
          store.send(.rows(.element(id: 1, action: .renumber(to: 7))))
        }
      }
      let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(message.contains("changed its element's id from 1 to 7"))
    }
  #endif
}

/// A list whose rows can (wrongly) change their own id.
private struct Renumbered: Reducer {
  struct Row: Identifiable, Equatable {
    var id: Int
  }

  struct RowFeature: Reducer {
    enum Action: Equatable { case renumber(to: Int) }

    func reduce(into state: inout Row, action: Action) -> Effect<Action> {
      switch action {
      case .renumber(let id): state.id = id
      }
      return .none
    }
  }

  struct State: Equatable {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
  }

  enum Action: Equatable {
    case rows(IdentifiedAction<Int, RowFeature.Action>)
    static let rowsCase = ActionCase(embed: Action.rows) {
      if case .rows(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    EmptyReducer().forEach(\.rows, action: Action.rowsCase) { RowFeature() }
  }
}
