import Uniflow

struct Counter: Reducer {
  struct State { var count = 0 }
  enum Action { case increment, decrement }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    }
    return .none
  }
}

@MainActor func demo() {
  let store = Store(initialState: Counter.State(), reducer: Counter())
  let token = store.observe(\.count) { print("count is now \($0)") }
  store.send(.increment)
  store.send(.increment)
  store.send(.decrement)
  token.cancel()
}
MainActor.assumeIsolated { demo() }
