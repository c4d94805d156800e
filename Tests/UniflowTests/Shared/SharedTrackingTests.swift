import Foundation
import Testing
import Uniflow
import UniflowTestSupport
import UniflowTesting

/// A change is tracked by the send of the store whose reducer made it: no bookkeeping is shared
/// between containers, and the observers of a shared value behave as a store's other observers.
@MainActor
@Suite struct SharedTrackingTests {
  /// A counter whose number is shared, and whose observers record what they see.
  struct Counter: Reducer {
    struct State: Equatable {
      var number: Shared<Int>
      var sends = 0
    }

    enum Action: Equatable {
      case increment
      case touch
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment: state.number.withLock { $0 += 1 }
      case .touch: state.sends += 1
      }
      return .none
    }
  }

  /// What the stores of one test saw, in order.
  @MainActor
  final class Journal {
    var entries: [String] = []
  }

  @Test func twoContainersNeverTouchEachOthersBookkeeping() throws {
    let first = try SharedValues().shared("number", default: 0)
    let second = try SharedValues().shared("number", default: 100)
    let a1 = Store(initialState: Counter.State(number: first), reducer: Counter())
    let a2 = Store(initialState: Counter.State(number: first), reducer: Counter())
    let b1 = Store(initialState: Counter.State(number: second), reducer: Counter())
    let b2 = Store(initialState: Counter.State(number: second), reducer: Counter())
    let journal = Journal()
    var checks: [String: Int] = ["a1": 0, "a2": 0, "b1": 0, "b2": 0]
    var tokens: [ObservationToken] = []
    for (name, store) in [("a1", a1), ("a2", a2), ("b1", b1), ("b2", b2)] {
      // A computed selection: its store checks it again after a change of a value it holds.
      store.observe({ state -> Int in
        checks[name, default: 0] += 1
        return state.number.value
      }) { journal.entries.append("\(name) saw \($0)") }.store(in: &tokens)
    }
    checks = checks.mapValues { _ in 0 }
    // An observer of one container's value sends to a store of the other, in the middle of the
    // first store's publication.
    a2.observe(\.number) { number in
      journal.entries.append("a2's observer sends to b1")
      if number == 1 { b1.send(.increment) }
    }.store(in: &tokens)

    a1.send(.increment)
    b2.send(.increment)
    a2.send(.touch)
    b1.send(.touch)

    #expect(
      journal.entries == [
        "a1 saw 1",
        "a2's observer sends to b1",
        "b1 saw 101",
        "b2 saw 101",
        "a2 saw 1",
        "b2 saw 102",
        "b1 saw 102",
      ])
    // A store checks its selections after each of its actions and after its publication; the
    // other stores of its container once per publication. A change of one container made no
    // store of the other check, but b1, which a2's observer sent an action.
    #expect(checks == ["a1": 2, "a2": 2, "b1": 4, "b2": 3])
    #expect(first.value == 1)
    #expect(second.value == 102)
  }

  @Test func aChangeOutsideAnyReducerIsToldAtOnce() throws {
    var number = try SharedValues().shared("number", default: 0)
    let store = Store(initialState: Counter.State(number: number), reducer: Counter())
    var seen: [Int] = []
    let token = store.observe(\.number) { seen.append($0) }

    number.withLock { $0 = 5 }

    #expect(seen == [5])
    withExtendedLifetime(token) {}
  }

  @Test func aSharedValueMadeInAReducerIsSeenByItsHolders() {
    struct Flow: Reducer {
      struct State: Equatable {
        var draft: Shared<String>?
        var preview: Shared<String>?
      }
      enum Action { case start, type(String) }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          // One value for the two parts of the flow, made for it.
          let draft = Shared("")
          state.draft = draft
          state.preview = draft
        case .type(let text):
          state.draft?.withLock { $0 += text }
        }
        return .none
      }
    }
    let store = Store(initialState: Flow.State(), reducer: Flow())
    store.send(.start)
    var seen: [String] = []
    let token = store.observe({ $0.preview?.value ?? "" }) { seen.append($0) }

    store.send(.type("Hi"))
    store.send(.type("!"))

    #expect(seen == ["Hi", "Hi!"])
    withExtendedLifetime(token) {}
  }

  @Test func aSharedFieldObservedByTheGenericObserversFiresOnChange() throws {
    let number = try SharedValues().shared("number", default: 0)
    let store = Store(initialState: Counter.State(number: number), reducer: Counter())
    var byKeyPath: [Int] = []
    var bySelection: [Int] = []
    var byComparison: [Int] = []
    // `$0` is the shared value here: these observe it, not its copy compared with itself.
    let tokens = [
      store.observe(\.number) { byKeyPath.append($0.value) },
      store.observe({ $0.number }) { bySelection.append($0.value) },
      store.observe(\.number, isDuplicate: { $0.value == $1.value }) { byComparison.append($0.value) },
    ]

    store.send(.increment)
    store.send(.touch)
    store.send(.increment)

    #expect(byKeyPath == [1, 2])
    #expect(bySelection == [1, 2])
    #expect(byComparison == [1, 2])
    withExtendedLifetime(tokens) {}
  }

  @Test func aCancelledObserverOfASharedValueIsDroppedAtOnce() throws {
    final class Witness {}
    let number = try SharedValues().shared("number", default: 0)
    let store = Store(initialState: Counter.State(number: number), reducer: Counter())
    var witness: Witness? = Witness()
    weak let captured = witness
    let token = store.observe(\.number) { [witness] (_: Int) in withExtendedLifetime(witness) {} }
    witness = nil
    #expect(captured != nil)

    token.cancel()

    #expect(captured == nil)
  }

  @Test func anObserverCancelledWhileObserversAreCalledIsDroppedAfterThem() throws {
    final class Witness {}
    let number = try SharedValues().shared("number", default: 0)
    let store = Store(initialState: Counter.State(number: number), reducer: Counter())
    var witness: Witness? = Witness()
    weak let captured = witness
    var calls = 0
    var second: ObservationToken?
    let first = store.observe(\.number) { (_: Int) in second?.cancel() }
    second = store.observe(\.number) { [witness] (_: Int) in
      calls += 1
      withExtendedLifetime(witness) {}
    }
    witness = nil

    store.send(.increment)

    // Cancelled by the first observer, before its own turn: never called, and gone after.
    #expect(calls == 0)
    #expect(captured == nil)
    withExtendedLifetime(first) {}
  }

  @Test func changingASharedValueInAnEffectDoesNotCompile() async throws {
    let diagnostics = try await compilerDiagnostics(
      for: """
        import Uniflow

        struct Counter: Reducer {
          struct State { var number: Shared<Int> }
          enum Action { case incrementLater }

          func reduce(into state: inout State, action: Action) -> Effect<Action> {
            let number = state.number
            return .run { _ in
              var number = number
              number.withLock { $0 += 1 }
            }
          }
        }
        """)
    #expect(
      diagnostics == [
        "11:14: error: instance method 'withLock' is unavailable from asynchronous contexts; change a "
          + "shared value in a reducer; an effect sends an action for the reducer to make the change"
      ])
  }
}

/// The observers of a shared value made through a stack screen's store go quiet when the
/// screen is popped.
@MainActor
@Suite struct SharedStackTests {
  struct Screen: Reducer {
    struct State: Equatable {
      var number: Shared<Int>
    }
    enum Action: Equatable { case increment }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.number.withLock { $0 += 1 }
      return .none
    }
  }

  struct Root: Reducer {
    struct State: Equatable {
      var number: Shared<Int>
      var path = StackState<Screen.State>()
    }

    enum Action: Equatable {
      case push
      case increment
      case path(StackAction<Screen.State, Screen.Action>)

      static let pathCase = ActionCase(embed: Action.path) {
        if case .path(let action) = $0 { action } else { nil }
      }
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .push: state.path.append(Screen.State(number: state.number))
        case .increment: state.number.withLock { $0 += 1 }
        case .path: break
        }
        return .none
      }
      .forEach(\.path, action: Action.pathCase) { Screen() }
    }
  }

  @Test func aPoppedScreensObserversOfASharedValueGoQuiet() throws {
    let number = try SharedValues().shared("number", default: 0)
    let store = Store(initialState: Root.State(number: number), reducer: Root())
    store.send(.push)
    let id = try #require(store.state.path.ids.last)
    let screen = try #require(store.scope(id: id, in: \.path, action: Root.Action.pathCase))
    var seen: [Int] = []
    var screenSaw: [Int] = []
    let tokens = [
      screen.observe(\.number) { seen.append($0) },
      screen.observe({ $0.number.value }) { screenSaw.append($0) },
    ]

    screen.send(.increment)
    store.send(.path(.popFrom(id: id)))
    store.send(.increment)

    #expect(seen == [1])
    #expect(screenSaw == [1])
    #expect(number.value == 2)
    withExtendedLifetime(tokens) {}
  }
}
