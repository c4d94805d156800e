import Foundation
import Testing
import Uniflow

extension DocumentationSampleTests {
  /// The samples of the *Coming from ReSwift* article.
  @MainActor
  @Suite struct ComingFromReSwift {
    // MARK: State, actions and a reducer

    struct AppState: Equatable {
      var counter = 0
      var user: String?
    }

    enum AppAction {
      case increase
      case loggedIn(String)
    }

    struct AppReducer: Reducer {
      func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
        switch action {
        case .increase: state.counter += 1
        case .loggedIn(let user): state.user = user
        }
        return .none
      }
    }

    @Test func aSubscriptionWithSelectAndSkipRepeatsIsAnObservation() {
      var log: [String] = []
      let logging = Middleware<AppState, AppAction> { action, state, _ in
        log.append("\(action) → \(state.counter)")
      }
      let store = Store(
        initialState: AppState(), reducer: AppReducer(), middleware: [logging])

      // store.subscribe(self) { $0.select { $0.counter }.skipRepeats() }
      var shown: [Int] = []
      let token = store.observe(\.counter) { shown.append($0) }

      store.send(.increase)  // store.dispatch(AppAction.increase)
      store.send(.loggedIn("ada"))
      // shown == [1]: the counter did not change on login
      // log == ["increase → 1", "loggedIn(\"ada\") → 1"]

      #expect(shown == [1])
      #expect(log == ["increase → 1", "loggedIn(\"ada\") → 1"])
      withExtendedLifetime(token) {}
    }
  }
}
