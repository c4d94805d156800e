import Testing
import Uniflow
import UniflowTesting

/// A feature whose body counts its own evaluations.
private struct CountingFeature: Reducer {
  struct State: Equatable {
    var count = 0
    var child: Int?
  }
  enum Action: Equatable {
    case increment
    case child(Int)
    static let childCase = ActionCase(embed: Action.child) {
      if case .child(let value) = $0 { value } else { nil }
    }
  }
  let evaluations: LockIsolated<Int>

  var body: some Reducer<State, Action> {
    let _ = evaluations.withLock { $0 += 1 }
    Reduce { state, action in
      if case .increment = action { state.count += 1 }
      return .none
    }
    .ifLet(\.child, action: Action.childCase) {
      Reduce { state, value in
        state += value
        return .none
      }
    }
  }
}

/// A store builds its feature's body once, when it is made, and runs it for every action; a
/// test store and a replay run the feature the same way.
@MainActor
@Suite struct BodyEvaluationTests {
  @Test func aStoreBuildsTheBodyOnce() {
    let evaluations = LockIsolated(0)
    let store = Store(initialState: CountingFeature.State(), reducer: CountingFeature(evaluations: evaluations))
    for _ in 0..<5 { store.send(.increment) }
    #expect(store.state.count == 5)
    #expect(evaluations.current == 1)
  }

  @Test func aTestStoreBuildsTheBodyOnceToo() async {
    let evaluations = LockIsolated(0)
    let store = TestStore(
      initialState: CountingFeature.State(), reducer: CountingFeature(evaluations: evaluations))
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.count = 2 }
    #expect(evaluations.current == 1)
  }

  @Test func aFeatureInsideAnotherIsBuiltWhenItsParentRunsIt() {
    // Only the store's own reducer is resolved up front: a child feature in a `Scope` is a
    // value its parent holds and runs, so its body is built when it runs. (Holding the
    // children's bodies instead was measured: ten nested bodies held as values stop the
    // optimiser inlining them, and a send ten scopes deep took twice as long.)
    let evaluations = LockIsolated(0)
    let store = Store(initialState: CountingFeature.State(count: 0)) {
      Scope(state: \CountingFeature.State.self, action: ActionCase(embed: { $0 }, extract: { $0 })) {
        CountingFeature(evaluations: evaluations)
      }
    }
    // Once when the store is made, for the work it starts when it appears (none here).
    #expect(evaluations.current == 1)
    store.send(.increment)
    store.send(.increment)
    #expect(store.state.count == 2)
    #expect(evaluations.current == 3)
  }
}
