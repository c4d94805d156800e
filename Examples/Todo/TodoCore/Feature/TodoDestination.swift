import Uniflow

/// The screens the todo app pushes over its list: one case per screen, and the reducer that
/// runs the screen of the current case.
///
/// ``TodoFeature`` holds a stack of them, ``TodoFeature/State/path``, and composes this reducer
/// over it with `forEach`: each screen on the stack is an instance, whose effects (a note's
/// pending save) belong to it. The settings screen is pushed from the list.
public struct TodoDestination: Reducer, Sendable {
  /// A screen on the stack.
  public enum State: Equatable, Sendable, Codable {
    /// The detail of a todo, with its note.
    case detail(TodoDetailFeature.State)
    /// The change history of a todo.
    case history(TodoHistoryFeature.State)
    /// The display settings.
    case settings(TodoSettingsFeature.State)
  }

  /// An action of a screen on the stack.
  public enum Action: Equatable, Sendable, Codable {
    /// An action of the detail screen.
    case detail(TodoDetailFeature.Action)
    /// An action of the history screen.
    case history(TodoHistoryFeature.Action)
    /// An action of the settings screen.
    case settings(TodoSettingsFeature.Action)
  }

  /// Where the todos live.
  public let repository: any TodoRepository
  /// The clock the screens wait on.
  public let clock: any Clock<Duration>

  /// Creates the reducer with the screens' dependencies.
  ///
  /// - Parameters:
  ///   - repository: Where the todos live.
  ///   - clock: The clock the screens wait on.
  public init(repository: any TodoRepository, clock: any Clock<Duration>) {
    self.repository = repository
    self.clock = clock
  }

  /// Runs the action of the screen it is for.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch (state, action) {
    case (.detail(var detail), .detail(let action)):
      defer { state = .detail(detail) }
      return TodoDetailFeature(repository: repository, clock: clock).reduce(into: &detail, action: action)
        .map(Action.detail)
    case (.history(var history), .history(let action)):
      defer { state = .history(history) }
      return TodoHistoryFeature(repository: repository).reduce(into: &history, action: action).map(
        Action.history)
    case (.settings(var settings), .settings(let action)):
      defer { state = .settings(settings) }
      return TodoSettingsFeature().reduce(into: &settings, action: action).map(Action.settings)
    default:
      // An action for another kind of screen than the one with its identifier.
      return .none
    }
  }
}
