import Testing
import Uniflow
import UniflowTesting

/// A presented feature ends itself without knowing its presenter: a stack element, a child
/// presented with a `PresentationAction` case, or a child inside either.
@MainActor
@Suite struct DismissalTests {
  let log = DiagnosticLog()

  @Test func aPresentedChildDismissesItselfAndTheParentSeesItFirst() {
    let store = Store(initialState: Sheet.State(), reducer: Sheet(), configuration: log.configuration)
    store.send(.edit)
    store.send(.editor(.presented(.typed("Milk"))))
    store.send(.editor(.presented(.done)))
    #expect(store.editor == nil)
    #expect(store.log == ["dismissing Milk"])
    #expect(log.entries.isEmpty)
  }

  @Test func aPresentedChildDismissedTwiceIsDismissedOnceWithADiagnosticAndNoSecondAction() {
    let store = Store(initialState: Sheet.State(), reducer: Sheet(), configuration: log.configuration)
    var dismissals = 0
    let token = store.observeActions { action, _ in
      if case .editor(.dismiss) = action { dismissals += 1 }
    }
    store.send(.edit)
    store.send(.editor(.presented(.doneTwice)))
    #expect(store.editor == nil)
    #expect(store.log == ["dismissing "])
    #expect(dismissals == 1)
    #expect(
      log.entries.map(\.description) == [
        "Uniflow: a dismissal was ignored: PopupEditor.State is not presented (dismissed already?)"
      ])
    withExtendedLifetime(token) {}
  }

  @Test func dismissingAChildThatIsNotPresentedIsIgnoredWithADiagnostic() {
    let store = Store(initialState: Sheet.State(), reducer: Sheet(), configuration: log.configuration)
    store.send(.editor(.dismiss))
    #expect(
      log.entries.map(\.description) == [
        "Uniflow: a dismissal was ignored: PopupEditor.State is not presented (dismissed already?)"
      ])
  }

  @Test func aChildPresentedOverAPlainCaseCannotDismissItselfAndSaysWhy() {
    let store = Store(
      initialState: Host<PopupEditor>.State(), reducer: Host(content: PopupEditor()),
      configuration: log.configuration)
    store.send(.present(PopupEditor.State()))
    store.send(.content(.done))
    #expect(store.content == PopupEditor.State())
    #expect(
      log.entries.map(\.description) == [
        "Uniflow: a dismissal was ignored: PopupEditor is presented with ifLet over a plain action "
          + "case; carry its actions in a PresentationAction case to let it dismiss itself"
      ])
  }

  @Test func aFeatureThatNothingPresentsCannotDismissItself() {
    let store = Store(
      initialState: PopupEditor.State(), reducer: PopupEditor(), configuration: log.configuration)
    store.send(.done)
    #expect(
      log.entries.map(\.description) == [
        "Uniflow: a dismissal was ignored: the feature that asked is not presented (not a stack "
          + "element, nor a child presented with a PresentationAction case), so nothing can "
          + "dismiss it"
      ])
  }

  @Test func aChildPresentedInsideAStackElementDismissesOnlyItself() {
    let clock = TestClock()
    let store = Store(
      initialState: Navigator.State(), reducer: Navigator(clock: clock),
      configuration: log.configuration)
    store.send(.showDetail(1))
    store.send(.path(.element(id: 0, action: .detail(.edit))))
    store.send(.path(.element(id: 0, action: .detail(.editor(.presented(.typed("Eggs")))))))
    store.send(.path(.element(id: 0, action: .detail(.editor(.presented(.done))))))
    #expect(store.path.ids == [0])
    #expect(store.path[id: 0] == .detail(Detail.State(id: 1, note: "Eggs")))
    #expect(log.entries.isEmpty)
  }

  @Test func stacksInSeveralTabsAreSeparateInstances() async {
    let clock = TestClock()
    let store = Store(
      initialState: TabbedNavigator.State(), reducer: TabbedNavigator(clock: clock),
      configuration: log.configuration)
    store.send(.tabs(.element(id: "a", action: .showDetail(1))))
    store.send(.tabs(.element(id: "b", action: .showDetail(2))))
    let timerA = store.send(
      .tabs(.element(id: "a", action: .path(.element(id: 0, action: .detail(.startTimer))))))
    store.send(.tabs(.element(id: "b", action: .path(.element(id: 0, action: .detail(.startTimer))))))
    await clock.waitForSleepers(2)

    // Both tabs have an element #0: popping tab a's cancels its timer only.
    store.send(.tabs(.element(id: "a", action: .path(.element(id: 0, action: .detail(.close))))))
    await timerA.finish()
    #expect(store.tabs[id: "a"]?.navigator.path.isEmpty == true)
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(1)
    #expect(store.tabs[id: "b"]?.navigator.path[id: 0] == .detail(Detail.State(id: 2, ticks: 1)))
    store.send(.tabs(.element(id: "b", action: .popToRoot)))
    #expect(log.entries.isEmpty)
  }
}

/// A stack tested with a `TestStore`: identifiers are deterministic with no setup, element
/// actions are sent and received by identifier, and every change to the stack is asserted.
@MainActor
@Suite struct StackTestStoreTests {
  @Test func aStackIsTestedExhaustively() async {
    let clock = TestClock()
    let store = TestStore(initialState: Navigator.State(), reducer: Navigator(clock: clock))
    await store.send(.showDetail(1)) {
      $0.path.append(.detail(Detail.State(id: 1)))
    }
    await store.send(.path(.element(id: 0, action: .detail(.noteChanged("Milk"))))) {
      $0.path[id: 0] = .detail(Detail.State(id: 1, note: "Milk"))
      $0.log.append("parent saw note Milk in #0")
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .detail(.saved("Milk"))))) {
      $0.path[id: 0] = .detail(Detail.State(id: 1, note: "Milk", saved: ["Milk"]))
    }
    await store.send(.path(.push(.history(History.State(id: 1))))) {
      $0.log.append("parent saw push onto 1")
      $0.path[id: 1] = .history(History.State(id: 1))
    }
    await store.send(.path(.element(id: 0, action: .detail(.close))))
    await store.receive(.path(.popFrom(id: 0))) {
      $0.log.append("parent saw pop from #0 of 2")
      $0.path.removeAll()
    }
    await store.send(.showDetail(2)) {
      $0.path[id: 2] = .detail(Detail.State(id: 2))
    }
  }
}
