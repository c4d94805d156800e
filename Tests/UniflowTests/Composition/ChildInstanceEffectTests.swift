import Testing
import Uniflow
import UniflowTesting

/// A child feature's effects belong to that instance of the child: dismissing, removing or
/// replacing one child cancels exactly its effects, and its cancellation identifiers are its
/// own.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct ChildInstanceEffectTests {
  @Test func dismissingOneTabsSheetLeavesTheOtherTabsRequestRunning() async {
    let clock = TestClock()
    let store = Store(initialState: Tabs.State(), reducer: Tabs(clock: clock))
    store.send(.first(.present(id: 1)))
    store.send(.second(.present(id: 1)))
    let first = store.send(.first(.sheet(.start)))
    let second = store.send(.second(.sheet(.start)))
    await clock.waitForSleepers(2)

    store.send(.first(.dismiss))
    await first.finish()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    await second.finish()
    #expect(store.state.second.sheet?.isDone == true)
    #expect(store.runningEffectCount == 0)
  }

  @Test func cancellingByIdentifierInOneTabLeavesTheOtherTabAlone() async {
    let clock = TestClock()
    let store = Store(initialState: Tabs.State(), reducer: Tabs(clock: clock))
    store.send(.first(.present(id: 1)))
    store.send(.second(.present(id: 1)))
    let first = store.send(.first(.sheet(.start)))
    let second = store.send(.second(.sheet(.start)))
    await clock.waitForSleepers(2)

    store.send(.first(.sheet(.cancel)))
    await first.finish()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    await second.finish()
    #expect(store.state.first.sheet?.isDone == false)
    #expect(store.state.second.sheet?.isDone == true)
  }

  @Test func dismissingTheChildOfAGenericParentCancelsItsEffects() async {
    let clock = TestClock()
    let store = Store(
      initialState: Host<Request>.State(), reducer: Host(content: Request(clock: clock)))
    store.send(.present(Request.State()))
    let task = store.send(.content(.start))
    await clock.waitForSleepers()

    store.send(.dismiss)
    await task.finish()
    #expect(store.runningEffectCount == 0)
    #expect(clock.sleeperCount == 0)
  }

  @Test func replacingThePresentedCaseCancelsTheOldCasesEffects() async {
    let clock = TestClock()
    let store = Store(
      initialState: Host<Destination>.State(), reducer: Host(content: Destination(clock: clock)))
    store.send(.present(.first(Request.State())))
    let task = store.send(.content(.first(.start)))
    await clock.waitForSleepers()

    store.send(.present(.second(Request.State())))
    await task.finish()
    #expect(store.runningEffectCount == 0)
    #expect(store.state.content == .second(Request.State()))
  }

  @Test func anEffectStartedAsTheChildChangesItsOwnIDIsCancelledWithTheChild() async {
    let clock = TestClock()
    let store = Store(initialState: Tab.State(), reducer: Tab(clock: clock))
    store.send(.present(id: 1))
    // The child takes id 2 and starts a request in the same action: the request belongs to
    // the child as the action leaves it, so dismissing child 2 cancels it.
    let task = store.send(.sheet(.restart(id: 2)))
    await clock.waitForSleepers()

    store.send(.dismiss)
    await task.finish()
    #expect(store.runningEffectCount == 0)
    #expect(clock.sleeperCount == 0)
  }

  @Test func aChildHeldByReferenceAndRenumberedInPlaceHasItsEffectsCancelled() async {
    let clock = TestClock()
    let store = Store(
      initialState: DocumentHost.State(document: SharedDocument(id: 1)),
      reducer: DocumentHost(clock: clock))
    let task = store.send(.document(.start))
    await clock.waitForSleepers()

    // The same object takes another id: it is another child now, and the old one's work ends.
    store.send(.renumber(2))
    await task.finish()
    #expect(store.runningEffectCount == 0)
    #expect(clock.sleeperCount == 0)
  }

  @Test func replacingThePresentedChildWithAnotherIDCancelsTheOldChildsEffects() async {
    let clock = TestClock()
    let store = Store(initialState: Tab.State(), reducer: Tab(clock: clock))
    store.send(.present(id: 1))
    let task = store.send(.sheet(.start))
    await clock.waitForSleepers()

    store.send(.present(id: 2))
    await task.finish()
    await clock.advance(by: .seconds(1))
    // The old child's request was cancelled; it never finished into the new child.
    #expect(store.state.sheet == Request.State(id: 2, isDone: false))
    #expect(store.runningEffectCount == 0)
  }

  @Test func keepingThePresentedChildKeepsItsEffects() async {
    let clock = TestClock()
    let store = Store(initialState: Tab.State(), reducer: Tab(clock: clock))
    store.send(.present(id: 1))
    let task = store.send(.sheet(.start))
    await clock.waitForSleepers()

    store.send(.present(id: 1))  // the same child again
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state.sheet == Request.State(id: 1, isDone: true))
  }

  @Test func cancellingByIdentifierInOneRowLeavesTheOtherRowsAlone() async {
    let clock = TestClock()
    let store = Store(
      initialState: Requests.State(rows: [Request.State(id: 1), Request.State(id: 2)]),
      reducer: Requests(clock: clock))
    let first = store.send(.rows(.element(id: 1, action: .start)))
    let second = store.send(.rows(.element(id: 2, action: .start)))
    await clock.waitForSleepers(2)

    store.send(.rows(.element(id: 1, action: .cancel)))
    await first.finish()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    await second.finish()
    #expect(store.state.rows.map(\.isDone) == [false, true])
  }

  @Test func removingOneRowCancelsExactlyItsEffects() async {
    let clock = TestClock()
    let store = Store(
      initialState: Requests.State(rows: [Request.State(id: 1), Request.State(id: 2)]),
      reducer: Requests(clock: clock))
    let first = store.send(.rows(.element(id: 1, action: .start)))
    let second = store.send(.rows(.element(id: 2, action: .start)))
    await clock.waitForSleepers(2)

    store.send(.remove(1))
    await first.finish()
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    await second.finish()
    #expect(store.state.rows.map(\.isDone) == [true])
    #expect(store.runningEffectCount == 0)
  }
}
