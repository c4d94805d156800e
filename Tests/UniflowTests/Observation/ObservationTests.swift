import Observation
import Testing
@_spi(Testing) import Uniflow

private struct Profile: Reducer {
  struct State: Equatable {
    var name = "Ada"
    var visits = 0
    var tags: [String] = []
  }

  enum Action { case rename(String), visit, touch }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rename(let name): state.name = name
    case .visit: state.visits += 1
    case .touch: break
    }
    return .none
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct ObservationTests {
  @Test func observationTrackingFiresOnChange() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let fired = SharedCounter()
    withObservationTracking {
      _ = store.state
    } onChange: {
      fired.increment()
    }
    #expect(fired.value == 0)
    store.send(.visit)
    #expect(fired.value == 1)
  }

  @Test func trackingInstalledAfterUntrackedSendsStillFires() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    // Sends nobody tracks: the store skips the registrar for them.
    store.send(.visit)
    store.send(.visit)
    let fired = SharedCounter()
    withObservationTracking {
      _ = store.state.visits
    } onChange: {
      fired.increment()
    }
    store.send(.touch)
    #expect(fired.value == 1)
    // Tracking is one-shot: a later send with no new tracking changes nothing, and a new
    // tracking fires again.
    store.send(.visit)
    #expect(fired.value == 1)
    withObservationTracking {
      _ = store.visits
    } onChange: {
      fired.increment()
    }
    store.send(.visit)
    #expect(fired.value == 2)
    #expect(store.state.visits == 4)
  }

  @Test func observerRunsOnlyForItsChangedSelection() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    var names: [String] = []
    var visits: [Int] = []
    let nameToken = store.observe(\.name) { names.append($0) }
    let visitToken = store.observe(\.visits) { visits.append($0) }

    store.send(.visit)
    store.send(.touch)
    store.send(.rename("Grace"))
    store.send(.rename("Grace"))
    store.send(.visit)

    #expect(names == ["Grace"])
    #expect(visits == [1, 2])
    withExtendedLifetime((nameToken, visitToken)) {}
  }

  @Test func subscribersOfOneKeyPathShareASelection() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    var calls = 0
    let tokens = (0..<100).map { _ in store.observe(\.visits) { _ in calls += 1 } }
    let other = store.observe(\.name) { _ in }
    #expect(store.observedSelectionCount == 2)
    store.send(.visit)
    #expect(calls == 100)
    withExtendedLifetime((tokens, other)) {}
  }

  @Test func selectorAndCustomDuplicateCheck() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    var lengths: [Int] = []
    var caseInsensitive: [String] = []
    let lengthToken = store.observe({ $0.name.count }) { lengths.append($0) }
    let nameToken = store.observe(\.name, isDuplicate: { $0.lowercased() == $1.lowercased() }) {
      caseInsensitive.append($0)
    }
    store.send(.rename("ADA"))
    store.send(.rename("Alan"))
    #expect(lengths == [4])
    #expect(caseInsensitive == ["Alan"])
    withExtendedLifetime((lengthToken, nameToken)) {}
  }

  @Test func cancelledOrReleasedTokenStopsCallbacks() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    var calls = 0
    let token = store.observe(\.visits) { _ in calls += 1 }
    do {
      let released = store.observe(\.visits) { _ in calls += 100 }
      _ = released
    }
    store.send(.visit)
    #expect(calls == 1)
    token.cancel()
    #expect(token.isCancelled)
    store.send(.visit)
    #expect(calls == 1)
    #expect(store.observedSelectionCount == 0)
  }

  @Test(arguments: [false, true])
  func aTokenEndedOnTheMainActorFreesItsCallbackThereWithoutATask(byCancelling: Bool) {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let releasingTask = withUnsafeCurrentTask { $0?.hashValue }
    var freedIn: Int?? = .none
    var token: ObservationToken? = store.observe(\.visits) {
      [captured = FreeingWitness { freedIn = .some($0) }] _ in
      _ = captured
    }
    if byCancelling { token?.cancel() } else { token = nil }
    // Freed before the call returned, by the releasing code itself, not in a task of its own.
    #expect(freedIn == .some(releasingTask))
    withExtendedLifetime(token) {}
  }

  @Test func observerSubscribingDuringNotificationSeesLaterChanges() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    var late: [Int] = []
    var tokens: [ObservationToken] = []
    // Unowned: a store drops a released token's callback at its next action only, so a
    // callback holding its own store would keep it alive after the test.
    store.observe(\.visits) { [unowned store] _ in
      if tokens.count == 1 {
        tokens.append(store.observe(\.visits) { late.append($0) })
      }
    }.store(in: &tokens)
    store.send(.visit)
    store.send(.visit)
    #expect(late == [2])
  }

  @Test func valuesStreamStartsWithCurrentThenDistinctChanges() async {
    var store: Store<Profile.State, Profile.Action>? = Store(
      initialState: Profile.State(), reducer: Profile())
    let stream = store!.values(of: \.visits)
    store!.send(.visit)
    store!.send(.rename("Grace"))
    store!.send(.visit)
    store = nil
    var received: [Int] = []
    for await value in stream { received.append(value) }
    #expect(received == [0, 1, 2])
  }

  @Test func stoppingTheStreamEndsTheSubscription() async {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let values = store.values(of: \.visits)
    let (received, receive) = AsyncStream.makeStream(of: Int.self)
    let reader = Task {
      for await visits in values { receive.yield(visits) }
    }
    var arrivals = received.makeAsyncIterator()
    #expect(await arrivals.next() == 0)
    #expect(store.observedSelectionCount == 1)
    reader.cancel()
    await reader.value
    #expect(store.observedSelectionCount == 0)
  }

  @Test func aLongLivedStoreKeepsNoStreamItsConsumersAbandoned() async {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    // Streams read and then stopped, and streams dropped without being read.
    for _ in 0..<20 {
      let values = store.values(of: \.visits)
      let reader = Task { for await _ in values {} }
      reader.cancel()
      await reader.value
      _ = store.values(of: \.name)
    }
    #expect(store.openStreamCount == 0)
    #expect(store.observedSelectionCount == 0)
    // A stream still read stays open and keeps getting values.
    let values = store.values(of: \.visits)
    #expect(store.openStreamCount == 1)
    store.send(.visit)
    var received: [Int] = []
    for await visits in values {
      received.append(visits)
      if received.count == 2 { break }
    }
    #expect(received == [0, 1])
  }

  @Test func aTokenKeptInASetLivesAsLongAsTheSet() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    var visits: [Int] = []
    var tokens: Set<ObservationToken> = []
    store.observe(\.visits) { visits.append($0) }.store(in: &tokens)
    store.send(.visit)
    tokens.removeAll()
    store.send(.visit)
    #expect(visits == [1])
    #expect(store.observedSelectionCount == 0)
  }
}

/// Calls back, when it is freed, with the task that freed it (`nil` outside any task).
private final class FreeingWitness {
  let onFree: (Int?) -> Void

  init(_ onFree: @escaping (Int?) -> Void) {
    self.onFree = onFree
  }

  deinit {
    onFree(withUnsafeCurrentTask { $0?.hashValue })
  }
}
