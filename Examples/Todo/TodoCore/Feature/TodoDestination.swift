import Uniflow

/// The screens the todo app pushes over its list: one case per screen, and the reducer that
/// runs the screen of the current case, one `Scope` per case.
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

    /// The case of the detail screen.
    public static let detailCase = StateCase(State.detail)
    /// The case of the history screen.
    public static let historyCase = StateCase(State.history)
    /// The case of the settings screen.
    public static let settingsCase = StateCase(State.settings)
  }

  /// An action of a screen on the stack.
  public enum Action: Equatable, Sendable, Codable {
    /// An action of the detail screen.
    case detail(TodoDetailFeature.Action)
    /// An action of the history screen.
    case history(TodoHistoryFeature.Action)
    /// An action of the settings screen.
    case settings(TodoSettingsFeature.Action)

    /// The case of the detail screen's actions.
    public static let detailCase = ActionCase(Action.detail)
    /// The case of the history screen's actions.
    public static let historyCase = ActionCase(Action.history)
    /// The case of the settings screen's actions.
    public static let settingsCase = ActionCase(Action.settings)
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

  /// Runs each screen's feature on its case; an action for another kind of screen than the
  /// one shown is ignored.
  public var body: some Reducer<State, Action> {
    Scope(state: State.detailCase, action: Action.detailCase) {
      TodoDetailFeature(repository: repository, clock: clock)
    }
    Scope(state: State.historyCase, action: Action.historyCase) {
      TodoHistoryFeature(repository: repository)
    }
    Scope(state: State.settingsCase, action: Action.settingsCase) {
      TodoSettingsFeature()
    }
  }
}
