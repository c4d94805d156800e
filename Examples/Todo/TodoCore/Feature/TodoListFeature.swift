import Uniflow

/// The list of todos: what it shows (the display settings, the search, the rows on screen),
/// the selection, and the user's intents about the selected todo.
///
/// The display settings (the filter, the order, where done todos go, colour) are one shared
/// value, ``State/settings``, that the settings screen and other processes change too; the
/// rows follow ``State/shownSettings``, which ``Action/settingsChanged`` brings up to date.
///
/// The list changes nothing in the repository: an intent such as ``Action/toggleSelected``
/// finds the selected todo and tells the parent through a ``Action/Delegate`` action, and the
/// parent (``TodoFeature``) runs the command.
///
/// ```swift
/// let store = TestStore(
///   initialState: TodoListFeature.State(todos: [milk, mom])
/// ) {
///   TodoListFeature()
/// }
/// await store.send(.moveSelection(by: 1)) { $0.selection = mom.id }
/// await store.send(.toggleSelected)
/// await store.receive(.delegate(.toggle(id: mom.id)))
/// ```
public struct TodoListFeature: Reducer, Sendable {
  /// What can happen to the list.
  public enum Action: Equatable, Sendable, Codable {
    // MARK: What the list shows

    /// Shows the todos that pass a filter: a change of the shared settings.
    case setFilter(TodoFilter)
    /// Switches to the next filter: all, open, done, all…; a change of the shared settings.
    case cycleFilter
    /// An action of this program changed the shared settings (the settings screen, a change
    /// not kept): the rows show them. The action that made the change sends it, and is its
    /// cause.
    case settingsChanged
    /// Another process changed the shared settings: the rows show them. Whoever brings the
    /// outside change in sends it from outside the store, so that it has no cause.
    case settingsChangedElsewhere
    /// A change of the filter could not be written: puts back the settings as they are stored.
    /// The parent shows the reason.
    case settingNotKept(restoring: TodoSettings, reason: String)
    /// Shows only the todos whose title contains this text, ignoring case and accents; an
    /// empty text shows them all.
    case setSearch(String)
    /// Starts typing a search, from the search shown.
    case startSearch
    /// Edits the search being typed; the list follows as it changes.
    case editSearch(TextDraft.Edit)
    /// Stops typing the search and keeps it.
    case keepSearch
    /// Stops typing the search and shows every todo again.
    case clearSearch
    /// Sets how many rows the screen shows at once.
    case setPageSize(Int)

    // MARK: Selection

    /// Moves the selection by this many visible rows (negative is up), stopping at the ends.
    case moveSelection(by: Int)
    /// Moves the selection a page up or down.
    case movePage(by: Int)
    /// Selects the first visible todo.
    case selectFirst
    /// Selects the last visible todo.
    case selectLast
    /// Selects a todo; a todo the list does not show cannot be selected.
    case select(id: Todo.ID?)

    // MARK: Intents

    /// Marks the selected todo done if it is open, open if it is done.
    case toggleSelected
    /// Deletes the selected todo.
    case deleteSelected
    /// Opens the title editor on the selected todo.
    case editSelected
    /// Opens the title editor on a new todo.
    case addTodo
    /// Opens the detail screen of the selected todo.
    case openSelected
    /// Opens the settings screen.
    case openSettings

    /// What the list asks its parent to do.
    case delegate(Delegate)

    /// What the list asks its parent to do: the commands its intents stand for.
    public enum Delegate: Equatable, Sendable, Codable {
      /// Toggle this todo.
      case toggle(id: Todo.ID)
      /// Delete this todo.
      case delete(id: Todo.ID)
      /// Edit this todo's title.
      case rename(Todo)
      /// Edit the title of a new todo.
      case add
      /// Show the detail of this todo.
      case open(Todo)
      /// Show the settings screen.
      case openSettings
    }
  }

  /// Creates the feature.
  public init() {}

  /// Handles an action; see ``Action`` for what each one does.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .setFilter(let filter):
      let before = state.settings.value
      state.settings.withLock { $0.filter = filter }
      state.shownSettings = state.settings.value
      return state.settings.keep(restoring: before, else: Action.settingNotKept)
    case .cycleFilter:
      let before = state.settings.value
      state.settings.withLock { $0.filter = $0.filter.next }
      state.shownSettings = state.settings.value
      return state.settings.keep(restoring: before, else: Action.settingNotKept)
    case .settingsChanged, .settingsChangedElsewhere:
      state.shownSettings = state.settings.value
    case .settingNotKept(let stored, _):
      state.settings.withLock { $0 = stored }
      state.shownSettings = stored
    case .setSearch(let text):
      state.search = text
    case .startSearch:
      state.searchDraft = TextDraft(state.search)
    case .editSearch(let edit):
      // Edited in place: a copy would copy the text on every key. The list follows the text,
      // not the cursor.
      guard state.searchDraft?.apply(edit) == true, let draft = state.searchDraft else { return .none }
      state.search = draft.text
    case .keepSearch:
      state.searchDraft = nil
    case .clearSearch:
      state.searchDraft = nil
      state.search = ""
    case .setPageSize(let size):
      state.pageSize = max(1, size)
    case .moveSelection(let offset):
      state.moveSelection(by: offset)
    case .movePage(let pages):
      state.moveSelection(by: pages.multipliedReportingOverflow(by: state.pageSize).partialValue)
    case .selectFirst:
      state.moveSelection(by: .min)
    case .selectLast:
      state.moveSelection(by: .max)
    case .select(let id):
      // The selection stays on a visible todo: a hidden one cannot be selected.
      guard id.map(state.visibleTodos.contains(id:)) ?? true else { return .none }
      state.selection = id
    case .toggleSelected:
      return state.selection.map { .send(.delegate(.toggle(id: $0))) } ?? .none
    case .deleteSelected:
      return state.selection.map { .send(.delegate(.delete(id: $0))) } ?? .none
    case .editSelected:
      guard let id = state.selection, let todo = state.todos[id: id] else { return .none }
      return .send(.delegate(.rename(todo)))
    case .addTodo:
      return .send(.delegate(.add))
    case .openSelected:
      guard let id = state.selection, let todo = state.todos[id: id] else { return .none }
      return .send(.delegate(.open(todo)))
    case .openSettings:
      return .send(.delegate(.openSettings))
    case .delegate:
      break
    }
    return .none
  }
}
