import Testing
import Uniflow
import UniflowTesting

/// Work bound to a feature's presence: started when its state appears, at any depth and when
/// the store is made, and cancelled when the state goes, whoever removed it.
@MainActor
@Suite struct PresenceTests {
  let clock = TestClock()
  let log = PresenceLog()
  let diagnostics = DiagnosticLog()

  func makeStore(_ state: SheetHost.State = SheetHost.State()) -> Store<SheetHost.State, SheetHost.Action> {
    Store(
      initialState: state, reducer: SheetHost(clock: clock, log: log),
      configuration: diagnostics.configuration)
  }

  /// Each hook runs after those of the reducers it wraps: a screen's `onAppear`, written after
  /// its `forEach`, after its rows'.
  @Test func theRootAndEveryFeatureInTheInitialStateAppearWithTheStore() async {
    let store = makeStore(SheetHost.State(sheet: .showing(rows: [1, 2])))
    #expect(log.entries == ["row 1 appeared", "row 2 appeared", "screen appeared", "root appeared"])
    // Two timers, two disappearance watches.
    #expect(store.runningEffectCount == 4)
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(2)
    let screen = store.sheet?.path.first
    #expect(screen?.rows.map(\.ticks) == [1, 1])
    #expect(diagnostics.entries.isEmpty)
  }

  @Test func aRowInsideAStackScreenInsideASheetGoesWhenItsGrandparentPopsTheScreen() async {
    let store = makeStore()
    let present = store.send(.present(.showing(rows: [1])))
    #expect(log.entries == ["root appeared", "row 1 appeared", "screen appeared"])
    #expect(store.runningEffectCount == 2)

    // The sheet, the row's grandparent, pops the screen the row is in.
    store.send(.sheet(.presented(.popAll)))
    await log.waitFor(count: 4)
    #expect(log.entries.last == "row 1 went")
    // The row's timer ended with it.
    await present.finish()
    #expect(store.sheet?.path.isEmpty == true)
    #expect(diagnostics.entries.isEmpty)
  }

  @Test func rowsGoWhenTheRootDismissesTheSheetAboveThem() async {
    let store = makeStore()
    let present = store.send(.present(.showing(rows: [1, 2])))
    #expect(store.runningEffectCount == 4)
    store.send(.close)
    await log.waitFor(count: 6)
    #expect(Set(log.entries.suffix(2)) == ["row 1 went", "row 2 went"])
    await present.finish()
  }

  @Test func aRowInsertedOrRemovedByItsParentAppearsAndGoes() async {
    let store = makeStore()
    store.send(.present(.showing(rows: [])))
    let screenID = store.sheet!.path.ids[0]
    let add = store.send(.sheet(.presented(.path(.element(id: screenID, action: .add(7))))))
    #expect(log.entries.last == "row 7 appeared")
    #expect(store.runningEffectCount == 2)
    // The row's timer runs under the row, and ticks reach it.
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(1)
    #expect(store.sheet?.path[id: screenID]?.rows[id: 7]?.ticks == 1)

    store.send(.sheet(.presented(.path(.element(id: screenID, action: .remove(7))))))
    await log.waitFor(count: 4)
    #expect(log.entries.last == "row 7 went")
    await add.finish()
  }

  @Test func aScreenPushedOnTheStackAppearsWithItsRows() {
    let store = makeStore()
    store.send(.present(StackSheet.State()))
    #expect(log.entries == ["root appeared"])
    store.send(
      .sheet(.presented(.path(.push(ListScreen.State(rows: [WatchedRow.State(id: 3)]))))))
    #expect(log.entries == ["root appeared", "row 3 appeared", "screen appeared"])
    #expect(store.runningEffectCount == 2)
    store.send(.close)
  }

  @Test func releasingTheStoreEndsEveryFeatureInIt() async {
    var store: Store<SheetHost.State, SheetHost.Action>? = makeStore(
      SheetHost.State(sheet: .showing(rows: [1])))
    #expect(store?.runningEffectCount == 2)
    store = nil
    await log.waitFor(count: 4)
    #expect(log.entries.last == "row 1 went")
  }

  @Test func theTestStoreReceivesWhatTheStoresCreationStarted() async {
    struct Loader: Reducer {
      struct State: Equatable { var items: [String] = [] }
      enum Action: Equatable { case loaded([String]) }
      var body: some Reducer<State, Action> {
        Reduce { state, action in
          if case .loaded(let items) = action { state.items = items }
          return .none
        }
        .onAppear { _ in .run { send in await send(.loaded(["milk"])) } }
      }
    }
    let store = TestStore(initialState: Loader.State(), reducer: Loader())
    await store.receive(.loaded(["milk"])) { $0.items = ["milk"] }
    await store.finish()
  }
}
