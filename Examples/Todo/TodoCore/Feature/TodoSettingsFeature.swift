import Uniflow

/// The settings screen: the display settings, one per line, the selected one changed with the
/// arrows.
///
/// It holds the same shared value as the list, ``TodoListFeature/State/settings``: a change
/// made here is the list's too, is kept in the database, and shows in every other running
/// `todo`; a change another process makes shows here at once. A change the storage refuses (a
/// database that cannot be written) is put back, with the reason: the screen shows what is
/// stored. The list pushes it on the app's stack, and ``Action/close`` ends it.
///
/// ```swift
/// let store = TestStore(initialState: TodoSettingsFeature.State(settings: settings)) {
///   TodoSettingsFeature()
/// }
/// await store.send(.moveSelection(by: 1)) { $0.selection = .sort }
/// await store.send(.changeSelected(by: 1)) {
///   $0.settings.withLock { $0.sortOrder = .title }
/// }
/// ```
public struct TodoSettingsFeature: Reducer, Sendable {
  /// The settings, and the one selected.
  public struct State: Equatable, Sendable, Codable {
    /// The display settings, shared with the list.
    public var settings: Shared<TodoSettings>
    /// The setting the arrows change.
    public var selection: TodoSettings.Key
    /// Why the last change was not kept, if it was not: the settings are back as stored.
    public var notKept: String?

    /// Shows the settings, the first one selected.
    ///
    /// - Parameter settings: The display settings, shared with the list.
    public init(settings: Shared<TodoSettings>) {
      self.settings = settings
      self.selection = TodoSettings.Key.allCases[0]
    }
  }

  /// What can happen on the settings screen.
  public enum Action: Equatable, Sendable, Codable {
    /// Moves the selection by this many lines (negative is up), stopping at the ends.
    case moveSelection(by: Int)
    /// Gives the selected setting the value this many places further in its values,
    /// wrapping around (negative goes back).
    case changeSelected(by: Int)
    /// Ends the screen.
    case close
    /// The change could not be written: puts back the settings as they are stored, and says
    /// why.
    case changeNotKept(restoring: TodoSettings, reason: String)
  }

  /// Creates the feature.
  public init() {}

  /// Handles an action; see ``Action`` for what each one does.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .moveSelection(let offset):
      let keys = TodoSettings.Key.allCases
      let index = keys.firstIndex(of: state.selection) ?? 0
      // The magnitude of Int.min does not fit in an Int; clamp it first.
      let distance = Int(min(offset.magnitude, UInt(keys.count)))
      let target = offset >= 0 ? index + distance : index - distance
      state.selection = keys[min(max(target, 0), keys.count - 1)]
    case .changeSelected(let steps):
      let key = state.selection
      let before = state.settings.value
      state.settings.withLock { key.cycle(by: steps, in: &$0) }
      state.notKept = nil
      return state.settings.keep(restoring: before, else: Action.changeNotKept)
    case .changeNotKept(let stored, let reason):
      state.settings.withLock { $0 = stored }
      state.notKept = reason
    case .close:
      return .dismiss
    }
    return .none
  }
}
