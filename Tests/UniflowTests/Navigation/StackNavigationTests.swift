import Foundation
import Testing
import Uniflow
import UniflowTesting

/// A navigation stack: elements pushed and popped by identifier, each element an instance whose
/// effects are its own.
@MainActor
@Suite struct StackNavigationTests {
  let clock = TestClock()
  let log = DiagnosticLog()

  func makeStore(_ state: Navigator.State = Navigator.State()) -> StoreOf<Navigator> {
    Store(initialState: state, reducer: Navigator(clock: clock), configuration: log.configuration)
  }

  @Test func pushesGetGrowingIdentifiersAndPopFromRemovesTheElementAndAbove() {
    let store = makeStore()
    store.send(.showDetail(1))
    store.send(.showHistory(1))
    store.send(.path(.push(.detail(Detail.State(id: 2)))))
    #expect(store.path.ids == [0, 1, 2])
    store.send(.path(.popFrom(id: 1)))
    #expect(store.path.ids == [0])
    #expect(store.path[id: 0] == .detail(Detail.State(id: 1)))
    #expect(log.entries.isEmpty)
  }

  @Test func identifiersAreNeverReusedAfterPopsOrANewStack() {
    let store = makeStore()
    store.send(.showDetail(1))
    store.send(.showDetail(2))
    store.send(.popToRoot)
    store.send(.showDetail(3))
    #expect(store.path.ids == [2])
    // A stack made anew by the parent continues the old one's numbering.
    store.send(.replaceStack([.detail(Detail.State(id: 4)), .detail(Detail.State(id: 5))]))
    #expect(store.path.ids == [3, 4])
    store.send(.popToRoot)
    store.send(.replaceStack([]))
    store.send(.showDetail(6))
    #expect(store.path.ids == [5])
  }

  @Test func theParentRunsAfterTheElementAndBeforePushesAndPops() {
    let store = makeStore()
    store.send(.path(.push(.detail(Detail.State(id: 1)))))
    store.send(.path(.element(id: 0, action: .detail(.noteChanged("Oat milk")))))
    store.send(.path(.popFrom(id: 0)))
    #expect(
      store.log == [
        "parent saw push onto 0",
        "parent saw note Oat milk in #0",
        "parent saw pop from #0 of 1",
      ])
    #expect(store.path.isEmpty)
  }

  @Test func poppingCancelsExactlyThePoppedElementsEffects() async throws {
    let store = makeStore()
    for id in 1...3 { store.send(.showDetail(id)) }
    let timers = [0, 1, 2].map { id in
      store.send(.path(.element(id: StackElementID(generation: id), action: .detail(.startTimer))))
    }
    await clock.waitForSleepers(3)

    store.send(.path(.popFrom(id: 1)))
    await timers[1].finish()
    await timers[2].finish()
    #expect(store.runningEffectCount == 1)
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(1)
    let bottom = try #require(store.path[id: 0])
    #expect(bottom == .detail(Detail.State(id: 1, ticks: 1)))
    store.send(.popToRoot)
    await timers[0].finish()
    #expect(store.runningEffectCount == 0)
  }

  @Test func removingAMiddleElementCancelsOnlyItsEffects() async {
    let store = makeStore()
    for id in 1...3 { store.send(.showDetail(id)) }
    let timers = [0, 1, 2].map { id in
      store.send(.path(.element(id: StackElementID(generation: id), action: .detail(.startTimer))))
    }
    await clock.waitForSleepers(3)
    store.send(.removeMiddle(1))
    #expect(store.path.ids == [0, 2])
    await timers[1].finish()
    #expect(store.runningEffectCount == 2)
    #expect(clock.sleeperCount == 2)
    store.send(.popToRoot)
    await timers[0].finish()
    await timers[2].finish()
  }

  @Test func anActionForAPoppedElementIsDroppedWithADiagnostic() {
    let store = makeStore()
    store.send(.showDetail(1))
    store.send(.path(.popFrom(id: 0)))
    store.send(.showDetail(2))
    let before = store.state
    store.send(.path(.element(id: 0, action: .detail(.noteChanged("late")))))
    store.send(.path(.popFrom(id: 0)))
    #expect(store.state == before)
    #expect(
      log.entries.map(\.description) == [
        "Uniflow: no element #0 on the StackState<Path.State> (popped already?); dropped "
          + "element(id: #0, action: detail.noteChanged(\"late\"))",
        "Uniflow: no element #0 on the StackState<Path.State> (popped already?); dropped "
          + "popFrom(id: #0)",
      ])
  }

  @Test func anElementDismissesItselfFromItsReducer() {
    let store = makeStore()
    store.send(.showDetail(1))
    store.send(.showDetail(2))
    store.send(.path(.element(id: 1, action: .detail(.close))))
    #expect(store.path.ids == [0])
    #expect(store.log.last == "parent saw pop from #1 of 2")
    #expect(log.entries.isEmpty)
  }

  @Test func anElementDismissesItselfFromAnEffectWhileTheSenderAwaitsIt() async {
    let store = makeStore()
    store.send(.showDetail(1))
    store.send(.path(.element(id: 0, action: .detail(.startTimer))))
    let task = store.send(.path(.element(id: 0, action: .detail(.closeLater))))
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(1))
    // The dismissing effect is cancelled with the element's other effects; nothing hangs.
    await task.finish()
    #expect(store.path.isEmpty)
    #expect(store.runningEffectCount == 0)
    #expect(log.entries.isEmpty)
  }

  @Test func dismissingTwiceIsIgnoredWithADiagnosticAndNoAction() {
    let store = makeStore()
    var actions: [Navigator.Action] = []
    let token = store.observeActions { action, _ in actions.append(action) }
    store.send(.showDetail(1))
    store.send(.showDetail(2))
    store.send(.path(.element(id: 1, action: .detail(.closeTwice))))
    #expect(store.path.ids == [0])
    #expect(store.log.filter { $0.hasPrefix("parent saw pop") } == ["parent saw pop from #1 of 2"])
    #expect(
      actions.filter { if case .path(.popFrom) = $0 { true } else { false } } == [.path(.popFrom(id: 1))])
    #expect(
      log.entries.map(\.description) == [
        "Uniflow: a dismissal was ignored: no element #1 on the StackState<Path.State> (popped "
          + "already?)"
      ])
    withExtendedLifetime(token) {}
  }

  @Test func aLateDismissalOfAPoppedElementIsIgnoredWithADiagnosticAndNoAction() async {
    let store = makeStore()
    var actions: [Navigator.Action] = []
    let token = store.observeActions { action, _ in actions.append(action) }
    store.send(.showDetail(1))
    let task = store.send(.path(.element(id: 0, action: .detail(.closeEvenIfPopped))))
    await clock.waitForSleepers(1)
    store.send(.popToRoot)
    // Popping cancels the element's effect, which then asks to be dismissed.
    await task.finish()
    #expect(store.path.isEmpty)
    #expect(!actions.contains { if case .path(.popFrom) = $0 { true } else { false } })
    #expect(
      log.entries.map(\.description) == [
        "Uniflow: a dismissal was ignored: no element #0 on the StackState<Path.State> (popped "
          + "already?)"
      ])
    withExtendedLifetime(token) {}
  }

  @Test func anActionForAnElementsAbsentChildIsIgnored() {
    let store = makeStore()
    store.send(.showDetail(1))
    store.send(.path(.element(id: 0, action: .detail(.editor(.presented(.typed("x")))))))
    #expect(log.entries.isEmpty)
    #expect(store.path.ids == [0])
    // Not presented: the action is ignored, as ifLet ignores actions of an absent child.
    guard case .detail(let detail)? = store.path[id: 0] else {
      Issue.record("the element is gone")
      return
    }
    #expect(detail.editor == nil)
  }

  @Test func aStoreScopedToAnElementFollowsItAndGoesQuietOnceItIsPopped() throws {
    let store = makeStore()
    store.send(.showDetail(1))
    // The note's save runs on the clock, which this test never advances.
    let screen = try #require(store.scope(id: 0, in: \.path, action: Navigator.Action.pathCase))
    var seen: [Path.State] = []
    let token = screen.observe(\.self) { seen.append($0) }
    screen.send(.detail(.noteChanged("Eggs")))
    #expect(screen.state == .detail(Detail.State(id: 1, note: "Eggs")))
    #expect(seen == [.detail(Detail.State(id: 1, note: "Eggs"))])

    store.send(.popToRoot)
    store.send(.showDetail(2))
    screen.send(.detail(.noteChanged("stale")))
    #expect(screen.state == .detail(Detail.State(id: 1, note: "Eggs")))
    #expect(store.path[id: 1] == .detail(Detail.State(id: 2)))
    #expect(seen.count == 1)
    withExtendedLifetime(token) {}
  }

  @Test func aRestoredStackKeepsItsIdentifiersAndContinuesItsWork() async throws {
    let store = makeStore()
    for id in 1...3 { store.send(.showDetail(id)) }
    store.send(.path(.popFrom(id: 2)))
    store.send(.showHistory(2))
    store.send(.path(.element(id: 3, action: .history(.load))))
    #expect(store.path.ids == [0, 1, 3])

    let data = try JSONEncoder().encode(store.state)
    let restored = makeStore(try JSONDecoder().decode(Navigator.State.self, from: data))
    #expect(restored.path == store.path)
    let task = restored.send(.path(.element(id: 3, action: .history(.load))))
    await clock.waitForSleepers(2)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(restored.path[id: 3] == .history(History.State(id: 2, entries: ["created #2"])))
    restored.send(.showDetail(9))
    #expect(restored.path.ids == [0, 1, 3, 4])
    store.send(.popToRoot)
  }

  @Test func aDeepLinkIsAStackBuiltFromScreens() {
    let path = StackState<Path.State>([.detail(Detail.State(id: 7)), .history(History.State(id: 7))])
    #expect(path.ids == [0, 1])
    let store = makeStore(Navigator.State(path: path))
    store.send(.showDetail(8))
    #expect(store.path.ids == [0, 1, 2])
  }

  @Test func aDecodedStackWhoseIdentifiersDoNotGrowIsRejected() {
    let json = #"{"elements": [{"id": 2, "element": 1}, {"id": 1, "element": 2}], "nextID": 3}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(StackState<Int>.self, from: Data(json.utf8))
    }
  }
}
