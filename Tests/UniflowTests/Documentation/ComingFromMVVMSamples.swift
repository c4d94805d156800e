import Foundation
import Testing
import Uniflow

extension DocumentationSampleTests {
  /// The samples of the *Coming from MVVM* article.
  @MainActor
  @Suite struct ComingFromMVVM {
    struct TodoList: Reducer {
      struct State: Equatable {
        var title = "Groceries"
        var todos: [String] = []
      }

      enum Action { case addTapped }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .addTapped: state.todos.append("Item \(state.todos.count + 1)")
        }
        return .none
      }
    }

    final class Label { var text = "" }

    final class Button {
      var onTap: () -> Void = {}
      func tap() { onTap() }
    }

    @Test func outputsAreObservationsAndInputsAreActions() {
      let store = Store(initialState: TodoList.State(), reducer: TodoList())
      let titleLabel = Label()
      let countLabel = Label()
      let addButton = Button()
      var tokens: [ObservationToken] = []

      // Output bindings, as a view model's observables would give them.
      titleLabel.text = store.title
      store.observe(\.title) { titleLabel.text = $0 }.store(in: &tokens)
      store.observe({ $0.todos.count }) { countLabel.text = "\($0) items" }.store(in: &tokens)

      // Inputs.
      addButton.onTap = { store.send(.addTapped) }

      addButton.tap()
      // countLabel.text == "1 items"

      #expect(titleLabel.text == "Groceries")
      #expect(countLabel.text == "1 items")
      withExtendedLifetime(tokens) {}
    }
  }
}
