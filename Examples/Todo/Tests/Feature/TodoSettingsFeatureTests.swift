import Foundation
import Testing
import TodoCore
import Uniflow
import UniflowTesting

/// The display settings: one shared value that the settings screen changes, the list follows,
/// and another process may change too.
@MainActor
@Suite struct TodoSettingsFeatureTests {
  typealias FeatureStore = TestStore<TodoFeature.State, TodoFeature.Action>

  /// The settings as the program makes them, kept in a storage's in-memory stand-in.
  let storage = InMemoryStorage<TodoSettings>(id: "settings")
  let clock = TestClock()

  func makeSettings() throws -> Shared<TodoSettings> {
    try SharedValues(clock: clock).shared(storage, default: TodoSettings())
  }

  func makeStore(settings: Shared<TodoSettings>, todos: IdentifiedArray<Todo> = []) -> FeatureStore {
    TestStore(
      initialState: TodoFeature.State(list: TodoListFeature.State(settings: settings)),
      reducer: TodoFeature(repository: InMemoryTodoRepository(todos: todos), now: { testDate }),
      timeout: .seconds(10))
  }

  @Test func theArrowsChooseASettingAndCycleThroughItsValues() async throws {
    let store = TestStore(initialState: TodoSettingsFeature.State(settings: try makeSettings())) {
      TodoSettingsFeature()
    }
    await store.send(.moveSelection(by: 1)) { $0.selection = .sort }
    await store.send(.changeSelected(by: 1)) { $0.settings.withLock { $0.sortOrder = .title } }
    // Past the last value, the first one again.
    await store.send(.changeSelected(by: 1)) { $0.settings.withLock { $0.sortOrder = .created } }
    await store.send(.moveSelection(by: Int.max)) { $0.selection = .colour }
    await store.send(.changeSelected(by: -1)) { $0.settings.withLock { $0.colour = .never } }
    await store.send(.moveSelection(by: Int.min)) { $0.selection = .filter }
    await store.send(.moveSelection(by: -1))
    #expect(store.state.settings.value == TodoSettings(colour: .never))
  }

  @Test func theSettingsScreenChangesTheListsSettingsAndTheListFollows() async throws {
    let settings = try makeSettings()
    let store = makeStore(settings: settings, todos: [todo(1, "b"), todo(2, "a", isDone: true)])
    await store.send(.startObserving)
    await store.receive(
      .snapshotLoaded(TodoSnapshot(todos: [todo(1, "b"), todo(2, "a", isDone: true)]))
    ) {
      $0.list.todos = [todo(1, "b"), todo(2, "a", isDone: true)]
      $0.list.isLoaded = true
    }

    await store.send(.list(.openSettings))
    await store.receive(.list(.delegate(.openSettings))) {
      $0.path.append(.settings(TodoSettingsFeature.State(settings: settings)))
    }
    #expect(store.state.mode == .changingSettings(0))
    await store.send(.path(.element(id: 0, action: .settings(.moveSelection(by: 2))))) {
      $0.path[id: 0] = .settings(Self.screen(settings, selecting: .doneLast))
    }
    await store.send(.path(.element(id: 0, action: .settings(.changeSelected(by: 1))))) {
      $0.list.settings.withLock { $0.showsDoneLast = true }
    }
    // The list takes the change in through its own action.
    await store.receive(.list(.settingsChanged)) { $0.list.shownSettings.showsDoneLast = true }
    #expect(store.state.list.visibleTodos.ids == [1, 2])
    await store.send(.path(.element(id: 0, action: .settings(.close))))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }

    // The storage wrote the change.
    await clock.waitForSleepers()
    #expect(storage.stored == TodoSettings(showsDoneLast: true))
    await store.send(.stopObserving)
    await store.finish()
  }

  /// A change the storage refuses is put back: the screen and the list show what is stored,
  /// and the reason.
  @Test func aChangeThatCannotBeWrittenIsPutBackWithTheReason() async throws {
    let settings = try makeSettings()
    let store = makeStore(settings: settings)
    storage.failure = SharedStorageError(.writeFailed, location: "settings", detail: "the disk is full")

    await store.send(.list(.openSettings))
    await store.receive(.list(.delegate(.openSettings))) {
      $0.path.append(.settings(TodoSettingsFeature.State(settings: settings)))
    }
    await store.send(.path(.element(id: 0, action: .settings(.changeSelected(by: 1))))) {
      $0.list.settings.withLock { $0.filter = .open }
    }
    await store.receive(.list(.settingsChanged)) { $0.list.shownSettings.filter = .open }
    await store.receive(
      .path(
        .element(
          id: 0, action: .settings(.changeNotKept(restoring: TodoSettings(), reason: "the disk is full"))))
    ) {
      $0.list.settings.withLock { $0.filter = .all }
      var screen = TodoSettingsFeature.State(settings: settings)
      screen.notKept = "the disk is full"
      $0.path[id: 0] = .settings(screen)
    }
    await store.receive(.list(.settingsChanged)) { $0.list.shownSettings.filter = .all }
    #expect(storage.stored == nil)

    // The list's own filter key, the same way: the status line says why.
    await store.send(.path(.element(id: 0, action: .settings(.close))))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await store.send(.list(.cycleFilter)) {
      $0.list.settings.withLock { $0.filter = .open }
      $0.list.shownSettings.filter = .open
    }
    await store.receive(.list(.settingNotKept(restoring: TodoSettings(), reason: "the disk is full"))) {
      $0.list.settings.withLock { $0.filter = .all }
      $0.list.shownSettings.filter = .all
      $0.error = .settingNotKept(reason: "the disk is full")
    }
    #expect(store.state.error?.description == "the setting was not kept: the disk is full")
    await store.finish()
  }

  @Test func anotherProcesssChangeReachesTheList() async throws {
    let settings = try makeSettings()
    let store = makeStore(settings: settings, todos: [todo(1, "b"), todo(2, "a")])
    await store.send(.startObserving)
    await store.receive(.snapshotLoaded(TodoSnapshot(todos: [todo(1, "b"), todo(2, "a")]))) {
      $0.list.todos = [todo(1, "b"), todo(2, "a")]
      $0.list.isLoaded = true
    }

    var values = settings.values().makeAsyncIterator()
    _ = await values.next()
    storage.simulateOutsideChange(TodoSettings(sortOrder: .title))
    #expect(await values.next() == TodoSettings(sortOrder: .title))
    // The value shared changed behind the list's back: the program sees it differ from what the
    // list shows, and tells the list with an action of its own, from outside the store.
    #expect(store.state.list.settings.value != store.state.list.shownSettings)
    await store.send(.list(.settingsChangedElsewhere)) { $0.list.shownSettings.sortOrder = .title }
    #expect(store.state.list.visibleTodos.ids == [2, 1])
    #expect(store.state.list.settings.value == TodoSettings(sortOrder: .title))
    // What came from the storage is not written back.
    #expect(storage.saveCount == 0)
    await store.send(.stopObserving)
    await store.finish()
  }

  @Test func configureSetsOneSettingByItsWords() async throws {
    let store = makeStore(settings: try makeSettings())
    await store.send(.configure(key: .filter, value: "open")) {
      $0.list.settings.withLock { $0.filter = .open }
      $0.list.shownSettings.filter = .open
      $0.outcome = .configured(.filter, "open")
    }
    #expect(store.state.outcome?.description == "Set filter to open")
  }

  @Test func aWordThatIsNotAValueIsAnErrorAndChangesNothing() async throws {
    let store = makeStore(settings: try makeSettings())
    await store.send(.configure(key: .colour, value: "purple")) {
      $0.error = .badSetting(.badValue("purple", key: .colour))
    }
    #expect(
      store.state.error?.description
        == "'purple' is not a value of colour; the values are auto, always, never")
    #expect(store.state.list.settings.value == TodoSettings())
  }

  static func screen(
    _ settings: Shared<TodoSettings>, selecting selection: TodoSettings.Key
  ) -> TodoSettingsFeature.State {
    var screen = TodoSettingsFeature.State(settings: settings)
    screen.selection = selection
    return screen
  }
}

/// The settings' words, as the command line and the database use them.
@Suite struct TodoSettingsKeyTests {
  @Test func everyValueOfEveryKeyIsReadBackAsItsWord() throws {
    for key in TodoSettings.Key.allCases {
      for word in key.allowedValues {
        var settings = TodoSettings()
        try key.set(word, in: &settings)
        #expect(key.value(in: settings) == word)
      }
    }
  }

  @Test func anUnknownKeyOrWordNamesWhatIsAllowed() {
    #expect(throws: TodoSettingsError.unknownKey("color")) { try TodoSettings.Key(named: "color") }
    #expect(
      TodoSettingsError.unknownKey("color").description
        == "unknown setting 'color'; the settings are filter, sort, done-last, colour")
    var settings = TodoSettings(sortOrder: .title)
    #expect(throws: TodoSettingsError.badValue("sideways", key: .sort)) {
      try TodoSettings.Key.sort.set("sideways", in: &settings)
    }
    #expect(settings == TodoSettings(sortOrder: .title))
  }
}
