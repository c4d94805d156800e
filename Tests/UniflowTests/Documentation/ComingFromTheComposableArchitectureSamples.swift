import Foundation
import Testing
import Uniflow
import UniflowTesting

extension DocumentationSampleTests {
  /// The samples of the *Coming from The Composable Architecture* article.
  @MainActor
  @Suite struct ComingFromTheComposableArchitecture {
    // MARK: A feature, without macros

    struct NumberFact: Reducer {
      struct State: Equatable {
        var count = 0
        var fact: String?
      }

      enum Action: Equatable {
        case incrementTapped
        case factTapped
        case factResponse(String)
      }

      // @Dependency(\.numberFact) var numberFact
      let numberFact: @Sendable (Int) async throws -> String

      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .incrementTapped:
            state.count += 1
            state.fact = nil
            return .none
          case .factTapped:
            return .run { [count = state.count] send in
              await send(.factResponse(try await numberFact(count)))
            }
          case .factResponse(let fact):
            state.fact = fact
            return .none
          }
        }
      }
    }

    struct App: Reducer {
      struct State: Equatable {
        var numberFact = NumberFact.State()
      }

      enum Action: Equatable {
        case numberFact(NumberFact.Action)

        // @CasePathable
        static let numberFactCase = ActionCase(Action.numberFact)
      }

      let numberFact: @Sendable (Int) async throws -> String

      var body: some Reducer<State, Action> {
        Scope(state: \.numberFact, action: Action.numberFactCase) {
          NumberFact(numberFact: numberFact)
        }
      }
    }

    @Test func theFactOfTheCount() async {
      let store = TestStore(initialState: App.State()) {
        App(numberFact: { "\($0) is a good number." })
      }

      await store.send(.numberFact(.incrementTapped)) { $0.numberFact.count = 1 }
      await store.send(.numberFact(.factTapped))
      await store.receive(.numberFact(.factResponse("1 is a good number."))) {
        $0.numberFact.fact = "1 is a good number."
      }
    }
  }
}
