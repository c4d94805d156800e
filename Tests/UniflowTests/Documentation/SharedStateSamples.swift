import Foundation
import Testing
import Uniflow
import UniflowTesting

extension DocumentationSampleTests {
  /// The samples of the *Shared State* article.
  @MainActor
  @Suite struct SharedState {
    struct Settings: Codable, Equatable, Sendable {
      var showsDone = true
      var sortOrder = "title"
    }

    struct TodoList: Reducer {
      struct State: Equatable {
        var settings: Shared<Settings>
        var todos: [String] = []
      }

      enum Action {
        case showDoneToggled
      }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .showDoneToggled:
          state.settings.withLock { $0.showsDone.toggle() }
          return .none
        }
      }
    }

    struct SettingsFollower: Reducer {
      struct State: Equatable {
        var settings: Shared<Settings>
      }

      enum Action: Equatable, Codable {
        case appeared
        case settingsLoaded(SharedLoad<Settings>)
      }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .appeared:
          return .loads(of: state.settings, send: Action.settingsLoaded)
        case .settingsLoaded(let load):
          state.settings.apply(load)
          return .none
        }
      }
    }

    final class SettingsTable: SharedStorage, Sendable {
      let rows = LockIsolated<[String: Settings]>([:])
      var id: String { "database:settings" }

      func load() throws(SharedStorageError) -> Settings? {
        rows.withLock { $0["settings"] }
      }

      func save(_ value: Settings) throws(SharedStorageError) {
        rows.withLock { $0["settings"] = value }
      }
    }

    @Test func makingSharedValuesAndObservingThem() async throws {
      let folder = FileManager.default.temporaryDirectory.appending(path: "uniflow-doc-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }

      let values = SharedValues()
      let settings = try await values.shared(
        JSONFileStorage<Settings>(url: folder.appending(path: "settings.json")), default: Settings())

      let list = Store(initialState: TodoList.State(settings: settings), reducer: TodoList())
      let preferences = Store(initialState: TodoList.State(settings: settings), reducer: TodoList())

      var printed: [String] = []
      func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
      var tokens: [ObservationToken] = []
      list.observe(\.settings) { settings in
        print("show done:", settings.showsDone)
      }.store(in: &tokens)
      list.observe({ $0.settings.sortOrder }) { order in
        print("sort by", order)
      }.store(in: &tokens)

      preferences.send(.showDoneToggled)
      #expect(list.state.settings.showsDone == false)
      #expect(printed == ["show done: false"])

      try await settings.save()
      let written = try String(contentsOf: folder.appending(path: "settings.json"), encoding: .utf8)
      #expect(written.contains(#""showsDone" : false"#))
      withExtendedLifetime(tokens) {}
    }

    @Test func aKeyOfAnotherTypeThrows() throws {
      let values = SharedValues()
      _ = try values.shared("settings", default: Settings())
      #expect(throws: SharedStorageError.self) { _ = try values.shared("settings", default: 1) }
    }

    @Test func aStorageOfYourOwn() async throws {
      let table = SettingsTable()
      table.rows.withLock { $0["settings"] = Settings(showsDone: false) }
      let settings = try await SharedValues().shared(table, default: Settings())
      #expect(settings.showsDone == false)

      let store = Store(initialState: TodoList.State(settings: settings), reducer: TodoList())
      store.send(.showDoneToggled)
      try await settings.save()
      #expect(table.rows.withLock { $0["settings"] } == Settings(showsDone: true))
    }

    @Test func anOutsideChangeIsAnAction() async throws {
      let storage = InMemoryStorage<Settings>(id: "settings")
      let settings = try await SharedValues().shared(storage, default: Settings())
      let store = TestStore(initialState: SettingsFollower.State(settings: settings)) {
        SettingsFollower()
      }
      await store.send(.appeared)

      let newSettings = Settings(showsDone: false, sortOrder: "date")
      storage.simulateOutsideChange(newSettings)
      await store.receive(.settingsLoaded(SharedLoad(newSettings))) {
        $0.settings.withLock { $0 = newSettings }
      }
      await store.skipInFlightEffects()

      // The log shows the load as the value itself.
      let encoded = try JSONEncoder().encode(SettingsFollower.Action.settingsLoaded(SharedLoad(newSettings)))
      #expect(
        String(decoding: encoded, as: UTF8.self).hasPrefix(#"{"settingsLoaded":{"_0":{""#))
    }

    @Test func togglingShowDone() async throws {
      let settings = try SharedValues().shared("settings", default: Settings())
      let store = TestStore(initialState: TodoList.State(settings: settings), reducer: TodoList())

      await store.send(.showDoneToggled) {
        $0.settings.withLock { $0.showsDone = false }
      }
    }
  }
}
