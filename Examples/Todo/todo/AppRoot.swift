import Foundation
import TodoCore
import Uniflow
import UniflowDevTools

/// The composition root: the one place the program is built, from the repository to the
/// store, with the recorder and the clock.
///
/// Nothing is global: `main` makes one root for the command it runs, and hands its parts to
/// the one-shot command or to the terminal app.
///
/// ```swift
/// let root = AppRoot(repository: repository, settings: settings, recorder: nil)
/// await root.store.send(.add(title: "Buy milk")).finish()
/// ```
@MainActor
struct AppRoot {
  /// The state every run starts from: nothing loaded yet, the list showing `settings`.
  ///
  /// - Parameter settings: The display settings the list and the settings screen share.
  /// - Returns: The initial state.
  static func initialState(settings: Shared<TodoSettings>) -> TodoFeature.State {
    TodoFeature.State(list: TodoListFeature.State(settings: settings))
  }

  /// The app's store, recorded when there is a recorder.
  let store: StoreOf<TodoFeature>
  /// What looks for changes other processes make, for every repository of the program.
  let changeMonitor: TodoChangeMonitor

  /// Builds the program on a repository.
  ///
  /// - Parameters:
  ///   - repository: Where the todos live.
  ///   - settings: The display settings: kept in the database, or a copy of them that a
  ///     one-shot command may change without keeping.
  ///   - recorder: What records the session, if it is recorded; it must start from
  ///     ``initialState(settings:)``.
  ///   - clock: The clock that paces the checks for outside changes.
  init(
    repository: any TodoRepository,
    settings: Shared<TodoSettings>,
    recorder: SessionRecorder<TodoFeature.State, TodoFeature.Action>?,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    store = Store(
      initialState: Self.initialState(settings: settings), reducer: TodoFeature(repository: repository),
      middleware: recorder.map { [$0.middleware] } ?? [])
    changeMonitor = TodoChangeMonitor(sources: [repository], clock: clock)
  }
}
