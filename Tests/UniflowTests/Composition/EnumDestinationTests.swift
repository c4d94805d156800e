import Testing
import Uniflow
import UniflowTesting

/// A launcher whose parent answers the first screen's close by showing the second screen in
/// its place, in the same action: the first screen's dismissal then has nothing to dismiss.
private struct Handover: Reducer {
  struct State: Equatable {
    var destination: Route.State?
    var dismissals = 0
  }
  enum Action: Equatable {
    case show(Route.State)
    case destination(PresentationAction<Route.Action>)

    static let destinationCase = ActionCase(embed: Action.destination) {
      if case .destination(let action) = $0 { action } else { nil }
    }
  }
  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .show(let destination):
        state.destination = destination
      case .destination(.presented(.first(.close))):
        state.destination = .second(Ticker.State(name: "replacement"))
      case .destination(.dismiss):
        state.dismissals += 1
      case .destination:
        break
      }
      return .none
    }
    .ifLet(\.destination, action: Action.destinationCase) { Route(clock: clock) }
  }
}

/// A parent whose identified sheet asks to be dismissed in the very action the parent replaces
/// it by a sheet with another `id`.
private struct SheetHandover: Reducer {
  struct Sheet: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
    }
    enum Action: Equatable { case close }
    func reduce(into state: inout State, action: Action) -> Effect<Action> { .dismiss }
  }
  struct State: Equatable {
    var sheet: Sheet.State?
  }
  enum Action: Equatable {
    case sheet(PresentationAction<Sheet.Action>)

    static let sheetCase = ActionCase(Action.sheet)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .sheet(.presented(.close)) = action, let sheet = state.sheet {
        state.sheet = Sheet.State(id: sheet.id + 1)
      }
      return .none
    }
    .ifLet(\.sheet, action: Action.sheetCase) { Sheet() }
  }
}

/// One optional enum of destinations, each case a child feature, composed with one `ifLet`
/// and a `Scope` per case.
@MainActor
@Suite struct EnumDestinationTests {
  let log = DiagnosticLog()

  func makeStore(_ clock: TestClock) -> Store<Launcher.State, Launcher.Action> {
    Store(initialState: Launcher.State(), reducer: Launcher(clock: clock), configuration: log.configuration)
  }

  @Test func eachCaseRunsItsOwnFeature() {
    let store = makeStore(TestClock())
    store.send(.show(.first(Ticker.State(name: "a"))))
    store.send(.destination(.presented(.first(.tick))))
    #expect(store.destination == .first(Ticker.State(name: "a", ticks: 1, appearances: 1)))
    // An action for another case than the one shown is ignored.
    store.send(.destination(.presented(.second(.tick))))
    #expect(store.destination == .first(Ticker.State(name: "a", ticks: 1, appearances: 1)))
    #expect(log.entries.isEmpty)
  }

  @Test func switchingCasesCancelsTheFirstChildsEffectsAndStartsNothingTwice() async {
    let clock = TestClock()
    let store = makeStore(clock)
    let showFirst = store.send(.show(.first(.running("a"))))
    #expect(store.runningEffectCount == 1)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(1)
    #expect(
      store.destination == .first(Ticker.State(name: "a", ticks: 1, startsOnAppear: true, appearances: 1)))

    // The second case uses the same cancellation identifier: it is another child all the same.
    let showSecond = store.send(.show(.second(.running("b"))))
    // The first child's timer ends; the second's runs, once: a second timer would tick twice.
    await showFirst.finish()
    #expect(store.runningEffectCount == 1)
    await clock.waitForSleepers(1)
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(1)
    #expect(
      store.destination == .second(Ticker.State(name: "b", ticks: 1, startsOnAppear: true, appearances: 1)))

    store.send(.destination(.dismiss))
    #expect(store.destination == nil)
    await showSecond.finish()
    #expect(log.entries.isEmpty)
  }

  @Test func aCaseShownAgainWithANewValueIsTheSameChild() async {
    let clock = TestClock()
    let store = makeStore(clock)
    store.send(.show(.first(.running("a"))))
    // The same case, another value: not a new presentation, so nothing restarts.
    store.send(.show(.first(Ticker.State(name: "a2", appearances: 1))))
    #expect(store.runningEffectCount == 1)
    #expect(store.destination == .first(Ticker.State(name: "a2", appearances: 1)))
  }

  @Test func dismissWorksFromInsideEveryCase() {
    let store = makeStore(TestClock())
    store.send(.show(.first(Ticker.State(name: "a"))))
    store.send(.destination(.presented(.first(.close))))
    #expect(store.destination == nil)
    store.send(.show(.second(Ticker.State(name: "b"))))
    store.send(.destination(.presented(.second(.close))))
    #expect(store.destination == nil)
    store.send(.show(.confirm(.confirmation(title: "Sure?", buttons: [.init("Yes", action: .yes)]))))
    store.send(.destination(.presented(.confirm(.yes))))
    #expect(store.destination == nil)
    #expect(store.answers == [.yes])
    #expect(log.entries.isEmpty)
  }

  @Test func aStoreScopedToACaseExistsWhileTheCaseIsShown() {
    let store = makeStore(TestClock())
    let firstState = \Launcher.State.destination[case: Route.State.firstCase]
    let firstAction = Launcher.Action.destinationCase.presented().appending(Route.Action.firstCase)
    #expect(store.scope(state: firstState, action: firstAction) == nil)

    store.send(.show(.first(Ticker.State(name: "a"))))
    let first = store.scope(state: firstState, action: firstAction)
    #expect(first?.state == Ticker.State(name: "a", appearances: 1))
    first?.send(.tick)
    #expect(first?.ticks == 1)

    store.send(.show(.second(Ticker.State(name: "b"))))
    #expect(store.scope(state: firstState, action: firstAction) == nil)
    // The stores made while the first case was shown go quiet, with their last state.
    first?.send(.tick)
    #expect(first?.ticks == 1)
    #expect(store.scope(state: \.destination[case: Route.State.secondCase], action: Launcher.Action.destinationCase.presented().appending(Route.Action.secondCase))?.name == "b")
    #expect(store.destination == .second(Ticker.State(name: "b", appearances: 1)))
  }

  @Test func aCaseIsChangedInPlaceWithoutCopyingItsStorage() {
    enum Holder {
      case numbers([Int])
      case nothing
      static let numbersCase = StateCase(embed: Holder.numbers) {
        if case .numbers(let numbers) = $0 { numbers } else { nil }
      }
    }
    var holder = Holder.numbers(Array(repeating: 0, count: 10_000))
    func address(_ holder: Holder) -> Int? {
      guard case .numbers(let numbers) = holder else { return nil }
      return numbers.withUnsafeBufferPointer { $0.baseAddress.map { Int(bitPattern: $0) } }
    }
    let before = address(holder)
    let first = Holder.numbersCase.modify(&holder) { numbers -> Int in
      numbers[0] = 1
      return numbers[0]
    }
    #expect(first == 1)
    #expect(address(holder) == before)
    var nothing = Holder.nothing
    #expect(Holder.numbersCase.modify(&nothing) { $0.count } == nil)
  }

  @Test func casesAreEqualOnlyToThemselves() {
    let other = StateCase(embed: Route.State.first) {
      if case .first(let state) = $0 { state } else { nil }
    }
    #expect(Route.State.firstCase == Route.State.firstCase)
    #expect(Route.State.firstCase != other)
    #expect(Set([Route.State.firstCase, Route.State.firstCase, other]).count == 2)
  }

  @Test func aDismissalFromAReplacedCaseLeavesItsReplacementAndIsReported() {
    let store = Store(
      initialState: Handover.State(), reducer: Handover(clock: TestClock()),
      configuration: log.configuration)
    var heard: [Handover.Action] = []
    let token = store.observeActions { action, _ in heard.append(action) }
    store.send(.show(.first(Ticker.State(name: "a"))))
    // The first screen asks to be dismissed; its parent replaces it in the same action.
    store.send(.destination(.presented(.first(.close))))
    #expect(store.destination == .second(Ticker.State(name: "replacement", appearances: 1)))
    // The parent processed no dismissal: the screen that asked is gone.
    #expect(store.dismissals == 0)
    #expect(heard.contains(.destination(.dismiss)) == false)
    #expect(
      log.entries.map(\.description) == [
        "Uniflow: a dismissal was ignored: Route.State.first is not presented (replaced by .second)"
      ])
    // The replacement still dismisses itself.
    store.send(.destination(.presented(.second(.close))))
    #expect(store.destination == nil)
    #expect(store.dismissals == 1)
    withExtendedLifetime(token) {}
  }

  @Test func aDismissalFromAReplacedIdentifiedChildLeavesItsReplacement() {
    let store = Store(
      initialState: SheetHandover.State(sheet: .init(id: 1)), reducer: SheetHandover(),
      configuration: log.configuration)
    store.send(.sheet(.presented(.close)))
    #expect(store.sheet == SheetHandover.Sheet.State(id: 2))
    #expect(
      log.entries.map(\.description) == [
        "Uniflow: a dismissal was ignored: SheetHandover.Sheet.State with id 1 is not presented "
          + "(replaced by the one with id 2)"
      ])
  }

  @Test func theTestStoreChecksEveryStepOfADestination() async {
    let clock = TestClock()
    let store = TestStore(initialState: Launcher.State(), reducer: Launcher(clock: clock))
    await store.send(.show(.first(Ticker.State(name: "a")))) {
      $0.destination = .first(Ticker.State(name: "a", appearances: 1))
    }
    await store.send(.show(.confirm(.alert(title: "Saved")))) {
      $0.destination = .confirm(.alert(title: "Saved"))
    }
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
  }
}
