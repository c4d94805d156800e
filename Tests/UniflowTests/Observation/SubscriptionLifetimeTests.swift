import Testing
import Uniflow
import UniflowTesting

@MainActor
@Suite(.timeLimit(.minutes(10))) struct SubscriptionLifetimeTests {
  @Test func aTokenFromATemporaryScopedStoreKeepsItsSubscription() {
    let root = Store(initialState: AppFeature.State(), reducer: AppFeature(clock: TestClock()))
    var counts: [Int] = []
    let token = root.scope(state: \.pair, action: ActionCase(AppFeature.Action.pair))
      .scope(state: \.left, action: ActionCase(Pair.Action.left))
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
      // Unowned: the callback lives in its own store's registry until its token goes, so a
      // strong reference would make the two keep each other alive until then.
      root.observe(\.a) { [unowned root] _ in
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
      state: \.pair, action: ActionCase(AppFeature.Action.pair)
    ).scope(state: \.left, action: ActionCase(Pair.Action.left))
    let counts = left!.values(of: \.count)
    left!.send(.increment)
    let reader = Task {
      var seen: [Int] = []
      for await count in counts { seen.append(count) }
      return seen
    }
    #expect(root.state.pair.left.count == 1)
    left = nil  // no further action reaches the root
    // Nothing cancels the reader: it ends only because the stream finished.
    #expect(await reader.value == [0, 1])
  }
}

@MainActor
@Suite struct StoredSelectionTests {
  struct Form: Equatable {
    var name = ""
    var age = 0
    var email = ""
    var score = 0
    var flags = [false, false]
  }
  enum Edit { case name(String), age(Int), email(String), score(Int), flag(Int) }

  static func store() -> Store<Form, Edit> {
    Store(
      initialState: Form(),
      reducer: Reduce { state, edit in
        switch edit {
        case .name(let name): state.name = name
        case .age(let age): state.age = age
        case .email(let email): state.email = email
        case .score(let score): state.score = score
        case .flag(let index): state.flags[index].toggle()
        }
        return .none
      })
  }

  @Test func manyFieldsOfSeveralTypesReportExactlyWhatChanged() {
    let store = Self.store()
    var seen: [String] = []
    var tokens: [ObservationToken] = [
      store.observe(\.name) { seen.append("name \($0)") },
      store.observe(\.age) { seen.append("age \($0)") },
      store.observe(\.email) { seen.append("email \($0)") },
      store.observe(\.score) { seen.append("score \($0)") },
      store.observe(\.score) { seen.append("score again \($0)") },
      store.observe(\.flags) { seen.append("flags \($0)") },
    ]
    #expect(store.observedSelectionCount == 5)

    store.send(.age(30))
    store.send(.age(30))
    store.send(.score(7))
    store.send(.email("a@b"))
    store.send(.flag(1))
    #expect(
      seen == [
        "age 30", "score 7", "score again 7", "email a@b", "flags [false, true]",
      ])

    seen.removeAll()
    tokens[1].cancel()
    tokens[3].cancel()
    store.send(.age(31))
    store.send(.score(8))
    #expect(seen == ["score again 8"])
    #expect(store.observedSelectionCount == 4)

    tokens.removeAll()
    store.send(.name("Ada"))
    #expect(seen == ["score again 8"])
    #expect(store.observedSelectionCount == 0)
  }

  @Test func anObserverSubscribedDuringANotificationSeesTheNextChange() {
    let store = Self.store()
    var seen: [String] = []
    var late: ObservationToken?
    // Unowned: the callback lives in its own store's registry until its token goes, so a
    // strong reference would make the two keep each other alive until then.
    let token = store.observe(\.age) { [unowned store] age in
      seen.append("age \(age)")
      if late == nil { late = store.observe(\.score) { seen.append("score \($0)") } }
    }
    store.send(.age(1))
    store.send(.score(2))
    store.send(.age(3))
    #expect(seen == ["age 1", "score 2", "age 3"])
    withExtendedLifetime((token, late)) {}
  }

  @Test func manySubscriptionsMadeDuringANotificationAllSeeTheNextChangeOnce() {
    let store = Self.store()
    var seen: [String] = []
    var late: [ObservationToken] = []
    // A callback of each kind subscribes many more observers, enough to outgrow every list it
    // walks: of its own selection, of another stored field, and of a computed selection.
    // Unowned: the callback lives in its own store's registry until its token goes, so a
    // strong reference would make the two keep each other alive until then.
    let age = store.observe(\.age) { [unowned store] _ in
      guard late.isEmpty else { return }
      for index in 0..<40 {
        late.append(store.observe(\.age) { seen.append("age \(index): \($0)") })
        late.append(store.observe(\.score) { seen.append("score \(index): \($0)") })
        late.append(store.observe({ $0.name.count }) { seen.append("name \(index): \($0)") })
      }
    }
    store.send(.age(1))
    #expect(seen.isEmpty)
    store.send(.age(2))
    store.send(.score(3))
    store.send(.name("Ada"))
    #expect(
      seen == (0..<40).map { "age \($0): 2" } + (0..<40).map { "score \($0): 3" }
        + (0..<40).map { "name \($0): 3" })
    withExtendedLifetime((age, late)) {}
  }

  @Test func aFieldObservedThroughTheRootAndThroughChildStoresIsOneSelection() {
    struct Inner: Equatable { var count = 0, other = 0 }
    struct Middle: Equatable { var inner = Inner(), label = "" }
    struct Outer: Equatable { var middle = Middle(), flag = false }
    enum Action { case count, other, flag }
    let root = Store(
      initialState: Outer(),
      reducer: Reduce<Outer, Action> { state, action in
        switch action {
        case .count: state.middle.inner.count += 1
        case .other: state.middle.inner.other += 1
        case .flag: state.flag.toggle()
        }
        return .none
      })
    let middle = root.scope(state: \.middle, action: ActionCase({ (_: Never) -> Action in }))
    let inner = middle.scope(state: \.inner, action: ActionCase({ (_: Never) -> Never in }))
    var seen: [String] = []
    let tokens = [
      root.observe(\.middle.inner.count) { seen.append("root \($0)") },
      middle.observe(\.inner.count) { seen.append("middle \($0)") },
      inner.observe(\.count) { seen.append("inner \($0)") },
      inner.observe(\.other) { seen.append("other \($0)") },
    ]
    #expect(root.observedSelectionCount == 2)
    root.send(.flag)
    root.send(.count)
    root.send(.other)
    #expect(seen == ["root 1", "middle 1", "inner 1", "other 1"])
    withExtendedLifetime(tokens) {}
  }
}
