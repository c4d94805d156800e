import Observation
import Testing
import UniflowMVVM

@MainActor
@Suite struct OutputValueTests {
  @Test func startsWithTheSelectedValueAndFollowsIt() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let name = OutputValue.selecting(\.name, in: store)
    #expect(name.value == "Ada")
    store.send(.rename("Grace"))
    #expect(name.value == "Grace")
  }

  @Test func emitsOnlyWhenTheValueChanged() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let name = OutputValue.selecting(\.name, in: store)
    var seen: [String] = []
    let token = name.observe { seen.append($0) }
    store.send(.visit)
    store.send(.rename("Grace"))
    store.send(.rename("Grace"))
    store.send(.birthday)
    store.send(.rename("Ada"))
    #expect(seen == ["Grace", "Ada"])
    withExtendedLifetime(token) {}
  }

  @Test func customIsDuplicateDecidesWhatCountsAsAChange() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let decade = OutputValue.selecting(
      { $0.age }, isDuplicate: { $0 / 10 == $1 / 10 }, in: store)
    var seen: [Int] = []
    let token = decade.observe { seen.append($0) }
    for _ in 0..<5 { store.send(.birthday) }
    #expect(seen == [40])
    #expect(decade.value == 40)
    withExtendedLifetime(token) {}
  }

  @Test func sendingCurrentValueCallsAtOnce() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let name = OutputValue.selecting(\.name, in: store)
    var seen: [String] = []
    let token = name.observe(sendingCurrentValue: true) { seen.append($0) }
    #expect(seen == ["Ada"])
    store.send(.rename("Grace"))
    #expect(seen == ["Ada", "Grace"])
    withExtendedLifetime(token) {}
  }

  @Test func cancellingTheTokenRemovesTheObserver() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let age = OutputValue.selecting(\.age, in: store)
    var seen: [Int] = []
    let token = age.observe { seen.append($0) }
    store.send(.birthday)
    token.cancel()
    #expect(token.isCancelled)
    store.send(.birthday)
    #expect(seen == [37])
    #expect(!age.hasObservers)
  }

  @Test func releasingTheTokenRemovesTheObserver() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let age = OutputValue.selecting(\.age, in: store)
    var seen: [Int] = []
    var token: ObservationToken? = age.observe { seen.append($0) }
    store.send(.birthday)
    #expect(token != nil)
    token = nil
    store.send(.birthday)
    #expect(seen == [37])
    #expect(!age.hasObservers)
  }

  @Test func tokensKeptInACollectionKeepTheirObservers() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let age = OutputValue.selecting(\.age, in: store)
    var calls = 0
    var tokens: [ObservationToken] = []
    var tokenSet: Set<ObservationToken> = []
    age.observe { _ in calls += 1 }.store(in: &tokens)
    age.observe { _ in calls += 1 }.store(in: &tokenSet)
    store.send(.birthday)
    #expect(calls == 2)
    tokens.removeAll()
    tokenSet.removeAll()
    store.send(.birthday)
    #expect(calls == 2)
  }

  @Test func anOwnedObserverLivesAsLongAsItsOwner() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let name = OutputValue.selecting(\.name, in: store)
    var owner: Owner? = Owner()
    weak let weakOwner = owner
    var seen: [String] = []
    // The token is dropped at once: the observer lives as long as its owner.
    name.observe(owner: owner!, sendingCurrentValue: true) { receivedOwner, value in
      #expect(receivedOwner === weakOwner)
      seen.append(value)
    }
    store.send(.rename("Grace"))
    owner = nil
    #expect(weakOwner == nil)
    store.send(.rename("Linus"))
    #expect(seen == ["Ada", "Grace"])
    #expect(!name.hasObservers)
  }

  @Test func anOwnedObserverCanBeCancelledEarly() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let name = OutputValue.selecting(\.name, in: store)
    let owner = Owner()
    var seen: [String] = []
    let token = name.observe(owner: owner) { _, value in seen.append(value) }
    token.cancel()
    store.send(.rename("Grace"))
    #expect(seen.isEmpty)
  }

  @Test func observersRunInOrderAndMayUnsubscribeDuringAnEmission() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let age = OutputValue.selecting(\.age, in: store)
    var calls: [String] = []
    var lateTokens: [ObservationToken] = []
    var second: ObservationToken?
    let first = age.observe { _ in
      calls.append("first")
      second?.cancel()
    }
    second = age.observe { _ in calls.append("second") }
    // Unowned: a store drops a released token's callback at its next action only, so a
    // callback holding its own output would keep it alive after the test.
    let third = age.observe { [unowned age] _ in
      calls.append("third")
      // Subscribing during an emission is allowed; the new observer gets the next value.
      age.observe { _ in calls.append("late") }.store(in: &lateTokens)
    }
    store.send(.birthday)
    #expect(calls == ["first", "third"])
    store.send(.birthday)
    #expect(calls == ["first", "third", "first", "third", "late"])
    withExtendedLifetime((first, third, lateTokens)) {}
  }

  @Test func mapEmitsWhenTheMappedValueChanged() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let isAdult = OutputValue.selecting(\.age, in: store).map { $0 >= 38 }
    var seen: [Bool] = []
    let token = isAdult.observe { seen.append($0) }
    #expect(isAdult.value == false)
    for _ in 0..<4 { store.send(.birthday) }
    #expect(seen == [true])
    withExtendedLifetime(token) {}
  }

  @Test func constantNeverEmits() {
    let constant = OutputValue.constant("title")
    var seen: [String] = []
    let token = constant.observe(sendingCurrentValue: true) { seen.append($0) }
    #expect(seen == ["title"])
    #expect(constant.value == "title")
    withExtendedLifetime(token) {}
  }

  @Test func releasingTheOutputEndsItsStoreSubscription() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    var name: OutputValue<String>? = OutputValue.selecting(\.name, in: store)
    weak let weakName = name
    #expect(store.observedSelectionCount == 1)
    name = nil
    #expect(weakName == nil)
    store.send(.visit)
    #expect(store.observedSelectionCount == 0)
  }

  @Test func anOutputKeepsAScopedStoreAlive() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let name = OutputValue.selecting(
      \.self, in: store.scope(state: \.name, action: ActionCase(embed: { $0 }, extract: { $0 })))
    store.send(.rename("Grace"))
    #expect(name.value == "Grace")
  }

  @Test func readingTheValueTracksItForObservation() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let name = OutputValue.selecting(\.name, in: store)
    let age = OutputValue.selecting(\.age, in: store)
    let changes = LockIsolated(0)
    withObservationTracking {
      _ = name.value
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    store.send(.birthday)  // another output: not tracked
    #expect(changes.current == 0)
    #expect(age.value == 37)
    store.send(.rename("Grace"))
    #expect(changes.current == 1)
  }

  @Test func valuesStreamTheCurrentValueThenEachChange() async {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let age = OutputValue.selecting(\.age, in: store)
    var values = age.values().makeAsyncIterator()
    #expect(await values.next() == 36)
    store.send(.birthday)
    store.send(.visit)
    store.send(.birthday)
    #expect(await values.next() == 37)
    #expect(await values.next() == 38)
  }

  @Test func valuesFinishWhenTheOutputIsReleased() async {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    var age: OutputValue<Int>? = OutputValue.selecting(\.age, in: store)
    var values = age!.values().makeAsyncIterator()
    #expect(await values.next() == 36)
    age = nil
    #expect(await values.next() == nil)
  }

  @Test func stoppingTheIterationRemovesTheObserver() async {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let age = OutputValue.selecting(\.age, in: store)
    let started = AsyncStream.makeStream(of: Void.self)
    let consumer = Task { @MainActor in
      for await value in age.values() {
        if value == 36 { started.continuation.yield() }
        if value == 37 { break }
      }
    }
    var hasStarted = started.stream.makeAsyncIterator()
    _ = await hasStarted.next()
    #expect(age.hasObservers)
    store.send(.birthday)
    await consumer.value
    #expect(!age.hasObservers)
  }
}

/// One token type for everything observed: a store's observations and a view model's outputs.
@MainActor
@Suite struct OneTokenTypeTests {
  @Test func aStoreObservationAndAnOutputsObserverAreKeptInOneSetAndEndTogether() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let name = OutputValue.selecting(\.name, in: store)
    var seen: [String] = []
    var tokens: Set<ObservationToken> = []
    store.observe(\.age) { seen.append("age \($0)") }.store(in: &tokens)
    name.observe { seen.append("name \($0)") }.store(in: &tokens)
    store.send(.birthday)
    store.send(.rename("Grace"))
    #expect(seen == ["age 37", "name Grace"])
    tokens = []
    store.send(.birthday)
    store.send(.rename("Ada"))
    #expect(seen == ["age 37", "name Grace"])
  }
}
