import UniflowTesting

/// A feature with a known bug for property checks that send actions while effects run: a
/// suggestion that arrives late overwrites a newer one. The Testing article's example, verbatim.
struct Suggestions: Reducer {
  struct State: Equatable {
    var query = ""
    var suggestions: [String] = []
  }

  enum Action: Equatable {
    case queryChanged(String)
    case loaded([String])
  }

  let suggest: @Sendable (String) async throws -> [String]

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .run { send in
        await send(.loaded(try await suggest(query)))
      }
    case .loaded(let suggestions):
      state.suggestions = suggestions
      return .none
    }
  }

  /// The article's fake server: it answers on `clock`, shorter queries more slowly.
  static func server(on clock: TestClock) -> @Sendable (String) async throws -> [String] {
    { query in
      try await clock.sleep(for: .milliseconds(300 - 100 * query.count))
      return [query + "!"]
    }
  }

  /// The report of the article's check, shrunk to its two queries.
  static let lateSuggestionReport = """
    Property “the suggestions are those of the query” failed once the effects ended (seed 0; shrunk from 8 to 2 actions):
      1. .queryChanged("")
      2. .queryChanged("a")
    State change at the end of the effects:
      suggestions[0]: added "!"
    As a TestStore regression test:
      store.exhaustivity = .off
      await store.send(.queryChanged(""))
      await store.send(.queryChanged("a"))
      await clock.run()
      await store.finish()
    """
}

/// ``Suggestions`` with the article's fix: a new query cancels the search in flight.
struct CancellingSuggestions: Reducer {
  private enum SuggestionID { case search }

  let suggest: @Sendable (String) async throws -> [String]

  func reduce(into state: inout Suggestions.State, action: Suggestions.Action) -> Effect<Suggestions.Action> {
    let effect = Suggestions(suggest: suggest).reduce(into: &state, action: action)
    guard case .queryChanged = action else { return effect }
    return effect.cancellable(id: SuggestionID.search, cancelInFlight: true)
  }
}
