import Testing
import Uniflow
import UniflowTesting

/// The action chain of the seed article: `a` and `b` both lead to `c`.
private struct ChainFeature: Reducer {
  struct State: Equatable { var log: [String] = [] }
  enum Action: Equatable { case a, b, c }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .a:
      state.log.append("a")
      return .send(.c)
    case .b:
      state.log.append("b")
      return .send(.c)
    case .c:
      state.log.append("c")
      return .none
    }
  }
}

/// A repository injected into a reducer, as the seed's *environment*.
protocol GreetingRepository: Sendable {
  func greeting(for name: String) -> String
}

private struct FakeGreetings: GreetingRepository {
  func greeting(for name: String) -> String { "Hi, \(name) (fake)" }
}

private struct Greeter: Reducer {
  struct State: Equatable { var text = "" }
  enum Action { case greet(String) }
  let repository: any GreetingRepository

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .greet(let name): state.text = repository.greeting(for: name)
    }
    return .none
  }
}

private struct Tally: Reducer {
  let step: Int
  func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
    if action { state += step }
    return .none
  }
}

/// A reducer composed in `body`, with a conditional part.
private struct Composed: Reducer {
  let doubles: Bool

  var body: some Reducer<Int, Bool> {
    Tally(step: 1)
    if doubles {
      Reduce { state, _ in
        state *= 2
        return .none
      }
    }
    for step in [10, 100] {
      Tally(step: step)
    }
  }
}

/// A reducer choosing between two branches at build time, spelled through `ReducerOf`.
private struct Either: Reducer {
  let adds: Bool

  var body: some ReducerOf<Tally> {
    if adds {
      Tally(step: 5)
    } else {
      Reduce { state, _ in
        state -= 5
        return .none
      }
    }
  }
}

@MainActor
@Suite struct ReducerTests {
  @Test func chainedActionsRunInOrder() async {
    let store = TestStore(initialState: ChainFeature.State(), reducer: ChainFeature())
    await store.send(.a) { $0.log = ["a"] }
    await store.receive(.c) { $0.log = ["a", "c"] }
    await store.send(.b) { $0.log = ["a", "c", "b"] }
    await store.receive(.c) { $0.log = ["a", "c", "b", "c"] }
  }

  @Test func injectedDependencyIsUsed() {
    let store = Store(initialState: Greeter.State(), reducer: Greeter(repository: FakeGreetings()))
    store.send(.greet("Ada"))
    #expect(store.text == "Hi, Ada (fake)")
  }

  @Test func closureReducerEvolvesState() {
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Int> { state, action in
        state += action
        return .none
      })
    store.send(3)
    store.send(4)
    #expect(store.state == 7)
  }

  @Test func bodyComposesReducersInOrder() {
    let plain = Store(initialState: 0, reducer: Composed(doubles: false))
    plain.send(true)
    #expect(plain.state == 111)

    let doubling = Store(initialState: 0, reducer: Composed(doubles: true))
    doubling.send(true)
    #expect(doubling.state == (1 * 2) + 10 + 100)
  }

  @Test func builderCombinesManyReducers() {
    // Twenty reducers in one block: the builder's shape keeps this quick to type-check.
    let store = Store(initialState: 0) {
      Tally(step: 1)
      Tally(step: 2)
      Tally(step: 3)
      Tally(step: 4)
      Tally(step: 5)
      Tally(step: 6)
      Tally(step: 7)
      Tally(step: 8)
      Tally(step: 9)
      Tally(step: 10)
      Tally(step: 11)
      Tally(step: 12)
      Reduce { state, _ in
        state += 13
        return .none
      }
      Tally(step: 14)
      Tally(step: 15)
      Tally(step: 16)
      Tally(step: 17)
      Tally(step: 18)
      Tally(step: 19)
      Tally(step: 20)
    }
    store.send(true)
    #expect(store.state == (1...20).reduce(0, +))
    store.send(false)  // Only the closure reducer counts a `false`.
    #expect(store.state == 210 + 13)
  }

  @Test func combinedReducersMergeTheirEffects() {
    let store = Store(initialState: [String]()) {
      CombineReducers {
        Reduce<[String], String> { state, action in
          state.append("first:\(action)")
          return action == "go" ? .send("next") : .none
        }
        Reduce<[String], String> { state, action in
          state.append("second:\(action)")
          return .none
        }
      }
      EmptyReducer()
    }
    store.send("go")
    #expect(store.state == ["first:go", "second:go", "first:next", "second:next"])
  }

  @Test func ifElsePicksOneBranch() {
    let adding = Store(initialState: 10, reducer: Either(adds: true))
    adding.send(true)
    #expect(adding.state == 15)
    let subtracting = Store(initialState: 10, reducer: Either(adds: false))
    subtracting.send(true)
    #expect(subtracting.state == 5)
  }

  @Test func anEmptyBlockAndAnErasedReducerBehaveAsWritten() {
    let empty = Store(initialState: 1, reducer: CombineReducers<Int, Bool, _> {})
    empty.send(true)
    #expect(empty.state == 1)
    let erased = Store(initialState: 1, reducer: Reduce(Tally(step: 3)))
    erased.send(true)
    #expect(erased.state == 4)
  }
}
