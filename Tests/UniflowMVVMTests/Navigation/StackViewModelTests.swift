import Testing
import Uniflow
import UniflowMVVM

/// A root screen with a stack of counters.
private struct Screens: Reducer {
  struct Counter: Equatable { var count = 0 }
  enum CounterAction: Equatable { case increment }
  struct State: Equatable { var path = StackState<Counter>() }
  enum Action: Equatable {
    case path(StackAction<Counter, CounterAction>)
    case removeMiddle(StackElementID)

    static let pathCase = ActionCase<Action, StackAction<Counter, CounterAction>>(
      embed: Action.path
    ) {
      if case .path(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .removeMiddle(let id) = action { state.path[id: id] = nil }
      return .none
    }
    .forEach(\.path, action: Action.pathCase) {
      Reduce { counter, _ in
        counter.count += 1
        return .none
      }
    }
  }
}

/// A screen's view model: its count, as text.
@MainActor
private final class ScreenViewModel: StoreViewModel<Screens.Counter, Screens.CounterAction> {
  lazy var title = OutputValue.selecting({ "Count: \($0.count)" }, in: store)

  func increment() { store.send(.increment) }
}

/// A screen's view model with an event: its count each time it is incremented.
@MainActor
private final class CountingScreenViewModel: StoreViewModel<Screens.Counter, Screens.CounterAction> {
  let incremented: OutputEvent<Int>

  override init(store: Store<Screens.Counter, Screens.CounterAction>) {
    incremented = OutputEvent.extracting(in: store) { action, state in
      action == .increment ? state.count : nil
    }
    super.init(store: store)
  }
}

@MainActor
@Suite struct StackViewModelTests {
  @Test(arguments: [true, false])
  func aScreenHearsItsOwnScreensActionsWhetherTheCaseIsAnActionCaseOrAFunction(
    givenAsActionCase: Bool
  ) throws {
    let store = Store(initialState: Screens.State(), reducer: Screens())
    let navigation =
      givenAsActionCase
      ? StackViewModel(store: store, stack: \.path, action: Screens.Action.pathCase) {
        CountingScreenViewModel(store: $0)
      }
      : StackViewModel(store: store, stack: \.path, action: Screens.Action.path) {
        CountingScreenViewModel(store: $0)
      }
    store.send(.path(.push(Screens.Counter())))
    store.send(.path(.push(Screens.Counter())))
    var heard: [String] = []
    let tokens = [
      try #require(navigation.screen(id: 0)).incremented.observe { heard.append("0: \($0)") },
      try #require(navigation.screen(id: 1)).incremented.observe { heard.append("1: \($0)") },
    ]
    store.send(.path(.element(id: 1, action: .increment)))
    store.send(.removeMiddle(5))  // not a screen's action
    store.send(.path(.element(id: 0, action: .increment)))
    store.send(.path(.element(id: 1, action: .increment)))
    #expect(heard == ["1: 1", "0: 1", "1: 2"])
    withExtendedLifetime(tokens) {}
  }

  @Test func pushesAndPopsAreEmittedAsTheyHappen() {
    let store = Store(initialState: Screens.State(), reducer: Screens())
    let navigation = StackViewModel(store: store, stack: \.path, action: Screens.Action.pathCase.embed) {
      ScreenViewModel(store: $0)
    }
    var emitted: [StackChanges] = []
    let token = navigation.changes.observe { emitted.append($0) }
    store.send(.path(.push(Screens.Counter())))
    store.send(.path(.push(Screens.Counter())))
    store.send(.path(.push(Screens.Counter())))
    store.send(.path(.element(id: 2, action: .increment)))
    store.send(.path(.popFrom(id: 1)))
    store.send(.path(.push(Screens.Counter())))
    #expect(
      emitted == [
        StackChanges(pushed: [0]), StackChanges(pushed: [1]), StackChanges(pushed: [2]),
        StackChanges(popped: [1, 2]), StackChanges(pushed: [3]),
      ])
    #expect(navigation.ids == [0, 3])
    #expect(navigation.depth.value == 2)
    withExtendedLifetime(token) {}
  }

  @Test func aScreenViewModelLivesWhileItsScreenIsOnTheStack() throws {
    let store = Store(initialState: Screens.State(), reducer: Screens())
    let navigation = StackViewModel(store: store, stack: \.path, action: Screens.Action.pathCase.embed) {
      ScreenViewModel(store: $0)
    }
    store.send(.path(.push(Screens.Counter())))
    store.send(.path(.push(Screens.Counter())))
    let top = try #require(navigation.screen(id: 1))
    #expect(navigation.screen(id: 1) === top)
    top.increment()
    #expect(top.title.value == "Count: 1")
    store.send(.removeMiddle(0))
    #expect(navigation.screenViewModelCount == 1)
    #expect(navigation.screen(id: 0) == nil)
    store.send(.path(.popFrom(id: 1)))
    #expect(navigation.screenViewModelCount == 0)
    #expect(navigation.screen(id: 1) == nil)
  }

  @Test func changesBetweenStacksPopAboveWhatTheyShare() {
    #expect(StackChanges(from: [0, 1, 2], to: [0, 2]) == StackChanges(popped: [1, 2], pushed: [2]))
    #expect(StackChanges(from: [0], to: [0, 4, 5]) == StackChanges(pushed: [4, 5]))
    #expect(StackChanges(from: [0, 1], to: [0, 1]).isEmpty)
  }
}
