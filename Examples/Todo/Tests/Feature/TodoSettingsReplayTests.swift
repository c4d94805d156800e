import Foundation
import Testing
import TodoCore
import Uniflow
import UniflowDevTools

/// A session in which another process changed a setting replays: the change came in as an
/// action, recorded like the others.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct TodoSettingsReplayTests {
  @Test func aSessionInWhichAnotherProcessChangedASettingReplays() async throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("todos.sqlite")
    let values = SharedValues(writeInterval: .zero)
    let settings = try await values.shared(try SQLiteSettingsStorage(path: path), default: TodoSettings())
    let initialState = TodoFeature.State(list: TodoListFeature.State(settings: settings))
    let sink = RingBufferSessionSink(capacity: 100)
    let recorder = try SessionRecorder<TodoFeature.State, TodoFeature.Action>(
      appName: "todo", initialState: initialState, sink: sink)
    let store = Store(
      initialState: initialState, reducer: TodoFeature(repository: try SQLiteTodoRepository(path: path)),
      middleware: [recorder.middleware])
    let shown = AsyncStream.makeStream(of: TodoSettings.self)
    let token = store.observe(\.list.shownSettings) { shown.continuation.yield($0) }
    let observing = store.send(.startObserving)
    store.send(.configure(key: .filter, value: "open"))
    await values.flush()

    // Another process, with a connection of its own, sorts the list by title.
    try SQLiteSettingsStorage(path: path).save(TodoSettings(filter: .open, sortOrder: .title))
    for await settings in shown.stream where settings.sortOrder == .title { break }
    store.send(.stopObserving)
    await observing.finish()

    let log = try sink.log()
    #expect(log.steps.map(\.name).contains("list.settingsChangedElsewhere"))
    let result = Replay(log, reducer: TodoFeature(repository: InMemoryTodoRepository())).run()
    #expect(result.divergence == nil)
    #expect(result.error == nil)
    #expect(result.matchedStepCount == log.steps.count)
    #expect(store.state.list.settings.value == TodoSettings(filter: .open, sortOrder: .title))
    withExtendedLifetime(token) {}
  }
}
