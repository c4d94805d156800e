import Testing
import Uniflow
import UniflowTesting

/// The observers' lists walk their entries unretained while callbacks subscribe, cancel and
/// release; these tests drive them through the store, as a user does: growth far past their
/// first capacity during a pass, cancellations inside callbacks, stores released while
/// observed, and callbacks freed as soon as their token ends.
@MainActor
@Suite struct UnretainedListTests {
  struct Fields: Equatable {
    var a = 0
    var b = 0
    var c = 0
    var name = ""
  }

  enum Edit { case a, b, c, all, name(String) }

  static func store() -> Store<Fields, Edit> {
    Store(
      initialState: Fields(),
      reducer: Reduce { state, edit in
        switch edit {
        case .a: state.a += 1
        case .b: state.b += 1
        case .c: state.c += 1
        case .all:
          state.a += 1
          state.b += 1
          state.c += 1
        case .name(let name): state.name = name
        }
        return .none
      })
  }

  /// Something a callback captures, which says when it is freed.
  final class Captured {
    let onDeinit: () -> Void

    init(onDeinit: @escaping () -> Void = {}) {
      self.onDeinit = onDeinit
    }

    deinit { onDeinit() }
  }

  @Test func releasingATokenFreesWhatItsCallbackCapturedWithNoActionSent() {
    let store = Self.store()
    var captured: Captured? = Captured()
    weak let weakCaptured = captured
    // One observer of each kind of selection: a stored field (in a batch of its type), a key
    // path with its own comparison and a computed selection (a group each).
    var tokens: [ObservationToken]? = [
      store.observe(\.a) { [captured] _ in _ = captured },
      store.observe(\.b, isDuplicate: { $0 == $1 }) { [captured] _ in _ = captured },
      store.observe({ $0.c * 2 }) { [captured] _ in _ = captured },
    ]
    captured = nil
    #expect(weakCaptured != nil)

    tokens = nil
    #expect(weakCaptured == nil)
    withExtendedLifetime(tokens) {}
  }

  @Test func cancellingATokenFreesItsCallbackAndKeepsTheOthers() {
    let store = Self.store()
    var seen: [String] = []
    var captured: Captured? = Captured()
    weak let weakCaptured = captured
    let first = store.observe(\.a) { seen.append("first \($0)") }
    let second = store.observe(\.a) { [captured] in
      _ = captured
      seen.append("second \($0)")
    }
    let third = store.observe(\.a) { seen.append("third \($0)") }
    captured = nil

    second.cancel()
    #expect(weakCaptured == nil)
    #expect(second.isCancelled)
    store.send(.a)
    #expect(seen == ["first 1", "third 1"])
    #expect(store.observedSelectionCount == 1)
    withExtendedLifetime((first, second, third)) {}
  }

  @Test func aTokenCancelledDuringAPassFreesItsCallbackOnceThePassEnds() {
    let store = Self.store()
    var seen: [String] = []
    var captured: Captured? = Captured()
    weak let weakCaptured = captured
    var aliveDuringPass: [Bool] = []
    var victim: ObservationToken?
    // The first observer cancels the second in the middle of the pass that changes both: the
    // second is not called, and what it captured is freed once every observer has been called.
    let killer = store.observe(\.a) { _ in
      victim = nil
      aliveDuringPass.append(weakCaptured != nil)
    }
    victim = store.observe(\.b) { [captured] in
      _ = captured
      seen.append("victim \($0)")
    }
    captured = nil
    let after = store.observe(\.c) { _ in aliveDuringPass.append(weakCaptured != nil) }

    store.send(.all)
    #expect(seen.isEmpty)
    #expect(aliveDuringPass == [true, true])
    #expect(weakCaptured == nil)
    #expect(store.observedSelectionCount == 2)
    withExtendedLifetime((killer, after, victim)) {}
  }

  @Test func aCallbackThatReleasesItsOwnTokenFinishesAndIsFreedAfterThePass() {
    let store = Self.store()
    var calls = 0
    var captured: Captured? = Captured()
    weak let weakCaptured = captured
    var own: ObservationToken?
    own = store.observe(\.a) { [captured] _ in
      _ = captured
      calls += 1
      own = nil
      // Still running, with what it captured: freed only once the pass has ended.
      #expect(weakCaptured != nil)
    }
    captured = nil

    store.send(.a)
    store.send(.a)
    #expect(calls == 1)
    #expect(weakCaptured == nil)
    #expect(own == nil)
  }

  @Test func aFreedCallbackThatHeldAnotherTokenFreesThatOneToo() {
    let store = Self.store()
    var captured: Captured? = Captured()
    weak let weakCaptured = captured
    // The outer callback alone keeps the inner token: freeing it releases the inner token,
    // whose own callback is then freed in turn, while the lists are being changed.
    var outer: ObservationToken? = {
      let inner = store.observe(\.b) { [captured] _ in _ = captured }
      return store.observe(\.b) { [inner] _ in _ = inner }
    }()
    captured = nil
    #expect(weakCaptured != nil)

    outer = nil
    #expect(weakCaptured == nil)
    store.send(.b)
    #expect(store.observedSelectionCount == 0)
    withExtendedLifetime(outer) {}
  }

  @Test func observersSubscribedInsideCallbacksFarPastEveryCapacitySeeTheNextChangeInOrder() {
    let store = Self.store()
    var seen: [String] = []
    var late: [ObservationToken] = []
    // During one pass, a callback subscribes hundreds of observers: to its own field (the
    // list it is called from grows), to new fields of the same batch, and to computed
    // selections (the registry's own list grows).
    let trigger = store.observe(\.a) { [unowned store] _ in
      guard late.isEmpty else { return }
      for index in 0..<300 {
        late.append(store.observe(\.a) { seen.append("a\(index) \($0)") })
        late.append(store.observe(\.b) { seen.append("b\(index) \($0)") })
        late.append(store.observe({ $0.c + index }) { seen.append("c\(index) \($0)") })
      }
    }
    store.send(.a)
    #expect(seen.isEmpty)
    #expect(store.observedSelectionCount == 302)

    store.send(.all)
    #expect(
      seen
        == (0..<300).map { "a\($0) 2" } + (0..<300).map { "b\($0) 1" }
        + (0..<300).map { "c\($0) \($0 + 1)" })
    withExtendedLifetime((trigger, late)) {}
  }

  @Test func observersCancelledAndSubscribedInsideCallbacksAreCalledExactlyWhenSubscribed() {
    let store = Self.store()
    var seen: [Int] = []
    var tokens: [Int: ObservationToken] = [:]
    var next = 0
    // Each callback releases the token of the observer subscribed just after it, and subscribes
    // a new one, in the pass that calls them: the released one is not called, the new one only
    // from the next change on.
    func subscribe() {
      let id = next
      next += 1
      tokens[id] = store.observe(\.a) { _ in
        seen.append(id)
        tokens[id + 1] = nil
        subscribe()
      }
    }
    for _ in 0..<8 { subscribe() }

    store.send(.a)
    #expect(seen == [0, 2, 4, 6])
    #expect(tokens.keys.sorted() == [0, 2, 4, 6, 8, 9, 10, 11])

    seen.removeAll()
    store.send(.a)
    #expect(seen == [0, 2, 4, 6, 8, 10])
    #expect(store.observedSelectionCount == 1)
    // The callbacks hold the store, through `subscribe`, and the tokens: releasing the tokens
    // drops the callbacks, which ends the cycle.
    tokens.removeAll()
  }

  @Test func aStoreReleasedWhileObservedFreesItsCallbacksAndLeavesItsTokensHarmless() {
    var store: Store<Fields, Edit>? = Self.store()
    weak let weakStore = store
    var captured: Captured? = Captured()
    weak let weakCaptured = captured
    let tokens = [
      store!.observe(\.a) { [captured] _ in _ = captured },
      store!.observe({ $0.name }) { [captured] _ in _ = captured },
      store!.scope(state: \.b, action: ActionCase({ (edit: Edit) in edit })).observe(\.self) { [captured] _ in
        _ = captured
      },
    ]
    captured = nil
    store!.send(.a)

    store = nil
    #expect(weakStore == nil)
    #expect(weakCaptured == nil)
    for token in tokens { token.cancel() }
    #expect(tokens.allSatisfy { $0.isCancelled })
  }

  @Test(.timeLimit(.minutes(10)))
  func aTokenReleasedOffTheMainActorFreesItsCallbackOnTheMainActor() async {
    let store = Self.store()
    let (freed, continuation) = AsyncStream.makeStream(of: Void.self)
    var captured: Captured? = Captured { _ = continuation.yield() }
    let held = LockIsolated<ObservationToken?>(store.observe(\.a) { [captured] _ in _ = captured })
    captured = nil

    // The last reference goes on another thread; the callback goes on the main actor then,
    // with no action sent.
    await Task.detached { held.withLock { $0 = nil } }.value
    var iterator = freed.makeAsyncIterator()
    #expect(await iterator.next() != nil)
    #expect(store.observedSelectionCount == 0)
  }
}
