import Foundation
import Testing
import UniflowTesting

extension DocumentationSampleTests {
  /// The samples of the *Testing* article, and the features they test.
  @Suite struct TestingArticle {
    // MARK: The features the article tests

    struct Todo: Identifiable, Equatable, Sendable {
      let id: Int
      var title: String
      var isDone = false
    }

    struct FakeRepository: Sendable {
      var todos: [Todo] = []
    }

    struct Todos: Reducer {
      struct State: Equatable {
        var todos: IdentifiedArray<Todo> = []
        var isLoading = false
      }

      enum Action: Equatable {
        case refresh
        case loaded([Todo])
      }

      let repository: FakeRepository

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .refresh:
          state.isLoading = true
          return .run { [repository] send in await send(.loaded(repository.todos)) }
        case .loaded(let todos):
          state.isLoading = false
          state.todos = IdentifiedArray(uniqueElements: todos)
          return .none
        }
      }
    }

    struct Session: Reducer {
      struct User: Equatable { var name: String }

      struct State: Equatable {
        var user: User?
        var settingsVersion = 0
      }

      enum Action: Equatable {
        case appLaunched
        case settingsLoaded(Int)
        case sessionRestored
      }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .appLaunched:
          return .concatenate(.send(.settingsLoaded(2)), .send(.sessionRestored))
        case .settingsLoaded(let version):
          state.settingsVersion = version
          return .none
        case .sessionRestored:
          state.user = User(name: "Ada")
          return .none
        }
      }
    }

    /// The article's search feature is the README's, word for word: the same type.
    typealias Search = UniflowTestingTests.Search

    // MARK: The test store

    @MainActor
    @Test func refreshLoadsTheTodos() async {
      let milk = Todo(id: 1, title: "Milk")
      let store = TestStore(initialState: Todos.State()) {
        Todos(repository: FakeRepository(todos: [milk]))
      }

      await store.send(.refresh) { $0.isLoading = true }
      await store.receive(.loaded([milk])) {
        $0.isLoading = false
        $0.todos = [milk]
      }
    }

    // MARK: Exhaustivity

    @MainActor
    @Test func anIntegrationTestChecksOnlyWhatItCaresAbout() async {
      let store = TestStore(initialState: Session.State()) { Session() }

      store.exhaustivity = .off
      await store.send(.appLaunched)
      await store.receive(.sessionRestored) { $0.user?.name = "Ada" }
    }

    // MARK: Controlling time

    @MainActor
    @Test func searchRunsOnceTypingStops() async {
      let clock = TestClock()
      let store = TestStore(initialState: Search.State()) {
        Search(api: { query in [query, query + "ui"] }, clock: clock)
      }

      await store.send(.queryChanged("swift")) { $0.query = "swift" }
      await clock.advance(by: .milliseconds(300))
      await store.receive(.resultsLoaded(["swift", "swiftui"])) {
        $0.results = ["swift", "swiftui"]
      }
    }

    // MARK: Shared values in a test

    struct Settings: Codable, Equatable, Sendable {
      var showsDone = true
    }

    struct Preferences: Reducer {
      struct State: Equatable {
        var settings: Shared<Settings>
      }

      enum Action: Equatable { case showDoneToggled }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.settings.withLock { $0.showsDone.toggle() }
        return .none
      }
    }

    @MainActor
    @Test func hidingDoneTodosIsKept() async throws {
      let folder = FileManager.default.temporaryDirectory.appending(path: UUID().uuidString)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let values = SharedValues(clock: TestClock())
      let settings = try values.shared(
        JSONFileStorage<Settings>(url: folder.appending(path: "settings.json")), default: Settings())
      let store = TestStore(initialState: Preferences.State(settings: settings)) { Preferences() }

      await store.send(.showDoneToggled) {
        $0.settings.withLock { $0.showsDone = false }
      }
      #expect(store.state.settings.showsDone == false)
      try settings.save()  // written now; throws a SharedStorageError if it cannot be

      // What the sample shows: the file holds the value, read back by a new container.
      let reread = try SharedValues(clock: TestClock()).shared(
        JSONFileStorage<Settings>(url: folder.appending(path: "settings.json")), default: Settings())
      #expect(reread.value == Settings(showsDone: false))
    }

    // MARK: Swift Testing and XCTest

    /// The article's sample, compiled but not run: a known issue it records would print as a
    /// failure in every passing run. The test below checks the same failure, captured.
    @MainActor
    func aFailureIsReportedAsAKnownIssue(store: TestStore<Counter.State, Counter.Action>) async {
      await withKnownIssue {
        await store.send(.increment) { $0.count = 2 }
      } matching: { issue in
        issue.description.contains("count: expected 2, actual 1")
      }
    }

    @MainActor
    @Test func aFailureIsReportedWithTheDifference() async {
      let store = TestStore(initialState: Counter.State()) { Counter() }

      await expectFailure("count: expected 2, actual 1") {
        await store.send(.increment) { $0.count = 2 }
      }
    }
  }
}
