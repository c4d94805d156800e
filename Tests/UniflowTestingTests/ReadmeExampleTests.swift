// The examples of the README's Testing section, verbatim: they must compile and pass.

import Testing
import UniflowTesting

struct Search: Reducer {
  struct State: Equatable {
    var query = ""
    var results: [String] = []
  }

  enum Action: Equatable {
    case queryChanged(String)
    case resultsLoaded([String])
  }

  let api: @Sendable (String) async throws -> [String]
  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .run { send in
        await send(.resultsLoaded(try await api(query)))
      }
      .debounce(id: "search", for: .milliseconds(300), clock: clock)
    case .resultsLoaded(let results):
      state.results = results
      return .none
    }
  }
}

@MainActor
@Test func searchRunsOnceTypingStops() async {
  let clock = TestClock()
  let store = TestStore(initialState: Search.State()) {
    Search(api: { query in [query, query + "ui"] }, clock: clock)
  }

  await store.send(.queryChanged("sw")) { $0.query = "sw" }
  await store.send(.queryChanged("swift")) { $0.query = "swift" }
  await clock.advance(by: .milliseconds(300))
  await store.receive(.resultsLoaded(["swift", "swiftui"])) {
    $0.results = ["swift", "swiftui"]
  }
}

@MainActor
@Test func theResultsAreAlwaysThoseOfTheQuery() async {
  await checkProperties(
    of: { clock in Search(api: { query in [query, query + "ui"] }, clock: clock) },
    initialState: Search.State(),
    actions: { _ in Generator.string(of: "sw", length: 0...3).map(Search.Action.queryChanged) },
    properties: [
      .invariant("the results are those of the query") { state in
        state == Search.State() || state.results == [state.query, state.query + "ui"]
      }
    ])
}
