import Testing
import Uniflow
import UniflowTesting

@MainActor
@Suite struct SubscriptionLifetimeTests {
  @Test func aTokenFromATemporaryScopedStoreKeepsItsSubscription() {
    let root = Store(initialState: AppFeature.State(), reducer: AppFeature(clock: TestClock()))
    var counts: [Int] = []
    let token = root.scope(state: \.pair, action: AppFeature.Action.pair)
      .scope(state: \.left, action: Pair.Action.left)
      .observe(\.count) { counts.append($0) }
    root.send(.pair(.left(.increment)))
    root.send(.pair(.left(.increment)))
    #expect(counts == [1, 2])
    #expect(!token.isCancelled)

    token.cancel()
    root.send(.pair(.left(.increment)))
    #expect(counts == [1, 2])
    #expect(token.isCancelled)
  }

  @Test func readingAndSubscribingInsideAnObserverSkipsNoOtherObserver() {
    struct Fields: Equatable {
      var a = 0
      var b = 0
      var c = 0
      var d = 0
    }
    let root = Store(
      initialState: Fields(),
      reducer: Reduce<Fields, Void> { state, _ in
        state.a += 1
        state.b += 1
        state.c += 1
        return .none
      })
    var calls: [String] = []
    var tokens: [ObservationToken] = []
    var cancelled: ObservationToken?
    tokens.append(
      root.observe(\.a) { _ in
        cancelled?.cancel()
        calls.append("a, selections: \(root.observedSelectionCount)")
        tokens.append(root.observe(\.d) { _ in calls.append("d") })
      })
    cancelled = root.observe(\.b) { _ in calls.append("b") }
    tokens.append(root.observe(\.c) { _ in calls.append("c") })

    // One action changes every observed field; the first observer reads a property that
    // used to compact the list, cancels the next observer and subscribes a new one.
    root.send(())
    #expect(calls == ["a, selections: 2", "c"])
    #expect(root.observedSelectionCount == 3)
    root.send(())
    #expect(calls == ["a, selections: 2", "c", "a, selections: 3", "c"])
    withExtendedLifetime((tokens, cancelled)) {}
  }

  @Test func valuesOfAScopedStoreFinishWhenTheStoreIsReleased() async {
    let root = Store(initialState: AppFeature.State(), reducer: AppFeature(clock: TestClock()))
    var left: Store<SlowCounter.State, SlowCounter.Action>? = root.scope(
      state: \.pair, action: AppFeature.Action.pair
    ).scope(state: \.left, action: Pair.Action.left)
    let counts = left!.values(of: \.count)
    left!.send(.increment)
    let finished = SharedCounter()
    let reader = Task {
      var seen: [Int] = []
      for await count in counts { seen.append(count) }
      finished.increment()
      return seen
    }
    #expect(await eventually { root.state.pair.left.count == 1 })
    left = nil  // no further action reaches the root
    #expect(await eventually { finished.value == 1 })
    reader.cancel()
    #expect(await reader.value == [0, 1])
  }
}
