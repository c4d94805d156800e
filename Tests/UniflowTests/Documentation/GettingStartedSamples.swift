import Foundation
import Testing
import Uniflow
import UniflowTesting

extension DocumentationSampleTests {
  /// The samples of the *Getting Started* article.
  @MainActor
  @Suite struct GettingStarted {
    // MARK: A counter

    struct Counter: Reducer {
      struct State: Equatable { var count = 0 }
      enum Action { case increment, decrement, reset }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .increment: state.count += 1
        case .decrement: state.count -= 1
        case .reset: state.count = 0
        }
        return .none
      }
    }

    @Test func theCounterShowsEachChangeOfItsCount() {
      let store = Store(initialState: Counter.State(), reducer: Counter())
      var shown: [Int] = []
      let token = store.observe(\.count) { shown.append($0) }
      store.send(.increment)
      store.send(.increment)
      store.send(.reset)
      // shown == [1, 2, 0]

      #expect(shown == [1, 2, 0])
      #expect(store.count == 0)
      withExtendedLifetime(token) {}
    }

    // MARK: A feature with an effect

    struct Todo: Identifiable, Equatable, Sendable {
      let id: Int
      var title: String
    }

    protocol TodoRepository: Sendable {
      func load() async throws -> [Todo]
    }

    struct TodoList: Reducer {
      struct State: Equatable {
        var todos: IdentifiedArray<Todo> = []
        var isLoading = false
        var error: String?
      }

      enum Action: Equatable {
        case refresh
        case loaded([Todo])
        case failed(String)
      }

      let repository: any TodoRepository

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .refresh:
          state.isLoading = true
          return .run { [repository] send in
            await send(.loaded(try await repository.load()))
          } catch: { error, send in
            await send(.failed("\(error)"))
          }
        case .loaded(let todos):
          state.isLoading = false
          state.todos = IdentifiedArray(uniqueElements: todos)
          return .none
        case .failed(let message):
          state.isLoading = false
          state.error = message
          return .none
        }
      }
    }

    // MARK: Running it

    struct InMemoryTodos: TodoRepository {
      let todos: [Todo]

      func load() async throws -> [Todo] { todos }
    }

    @Test func runningTheFeatureShowsTheLoadedTitles() async {
      let store = Store(
        initialState: TodoList.State(),
        reducer: TodoList(repository: InMemoryTodos(todos: [Todo(id: 1, title: "Milk")])))
      var titles: [String] = []
      let token = store.observe({ $0.todos.map(\.title) }) { titles = $0 }
      await store.send(.refresh).finish()
      // titles == ["Milk"]

      #expect(titles == ["Milk"])
      #expect(!store.isLoading)
      withExtendedLifetime(token) {}
    }

    // MARK: A test

    @Test func refreshLoadsTheTodos() async {
      let milk = Todo(id: 1, title: "Milk")
      let store = TestStore(initialState: TodoList.State()) {
        TodoList(repository: InMemoryTodos(todos: [milk]))
      }

      await store.send(.refresh) { $0.isLoading = true }
      await store.receive(.loaded([milk])) {
        $0.isLoading = false
        $0.todos = [milk]
      }
    }

    struct Offline: Error, CustomStringConvertible {
      var description: String { "offline" }
    }

    struct FailingTodos: TodoRepository {
      func load() async throws -> [Todo] { throw Offline() }
    }

    @Test func aFailedRefreshShowsTheError() async {
      let store = TestStore(initialState: TodoList.State()) {
        TodoList(repository: FailingTodos())
      }

      await store.send(.refresh) { $0.isLoading = true }
      await store.receive(.failed("offline")) {
        $0.isLoading = false
        $0.error = "offline"
      }
    }
  }
}
