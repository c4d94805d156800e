import Foundation
import Uniflow

extension TodoListFeature {
  /// What the list shows: the todos that pass the filter and the search, in the order the
  /// settings give, the selection, and the rows on screen.
  ///
  /// ``visibleTodos``, the counts, ``selectedIndex`` and ``firstVisibleIndex`` are derived
  /// from the rest, and kept up to date whenever it changes, so that reading them (from an
  /// observer that runs after every action) costs nothing.
  ///
  /// The display settings are a shared value, ``settings``, which the settings screen and
  /// other processes change too. What the rows show derives from ``shownSettings``, the copy
  /// the list took when they last changed: a change made elsewhere reaches the list as an
  /// action, ``TodoListFeature/Action/settingsChanged``, so that every change of what the list
  /// shows is an action of its own.
  public struct State: Equatable, Sendable {
    /// Every todo, by ascending identifier, as the repository last gave them; `todos[id: 3]`
    /// finds one in constant time.
    public var todos: IdentifiedArray<Todo> {
      didSet { refreshVisibleTodos() }
    }
    /// The display settings: which todos show, in what order, and whether in colour; shared
    /// with the settings screen, and kept in the database by the program.
    public var settings: Shared<TodoSettings>
    /// The settings the rows show: ``settings`` as the list last took them in.
    public var shownSettings: TodoSettings {
      didSet { if shownSettings != oldValue { refreshVisibleTodos() } }
    }
    /// Whether the rows show the settings as they are: `false` once another process changed
    /// them, until ``TodoListFeature/Action/settingsChangedElsewhere`` takes them in.
    public var showsTheSettings: Bool { shownSettings == settings.value }
    /// Which todos ``visibleTodos`` shows: the filter of ``shownSettings``.
    public var filter: TodoFilter { shownSettings.filter }
    /// The text a todo's title must contain to be visible, ignoring case and accents; empty
    /// to show every todo the filter lets through.
    public var search: String {
      didSet { refreshVisibleTodos() }
    }
    /// Whether the todos came from the repository: until then, an empty list is not an empty
    /// repository.
    public var isLoaded: Bool
    /// The search being typed, while the user types it; ``search`` follows it.
    public var searchDraft: TextDraft?
    /// The selected todo, if any; kept on a visible todo when the list changes.
    public var selection: Todo.ID? {
      didSet { refreshSelectedIndex() }
    }
    /// How many rows the screen shows at once: what a page is, and what scrolling keeps the
    /// selection within.
    public var pageSize: Int {
      didSet { scrollToSelection() }
    }

    /// The todos that pass ``filter`` and ``search``, in the order of ``shownSettings``.
    public private(set) var visibleTodos: IdentifiedArray<Todo> = []
    /// The position of ``selection`` in ``visibleTodos``.
    public private(set) var selectedIndex: Int?
    /// The index in ``visibleTodos`` of the first row on screen: it moves only as far as it
    /// takes to keep the selection on screen.
    public private(set) var firstVisibleIndex = 0
    /// The number of todos not done.
    public private(set) var openCount = 0
    /// The number of todos done.
    public private(set) var doneCount = 0

    /// Creates a state.
    ///
    /// - Parameters:
    ///   - todos: The todos, by ascending identifier.
    ///   - settings: The display settings; settings of its own, in memory, by default.
    ///   - search: The text a visible todo's title contains; empty for every todo.
    ///   - selection: The selected todo; the first visible one when `nil`.
    ///   - pageSize: How many rows the screen shows at once.
    ///   - isLoaded: Whether `todos` came from the repository.
    public init(
      todos: IdentifiedArray<Todo> = [], settings: Shared<TodoSettings> = Shared(TodoSettings()),
      search: String = "", selection: Todo.ID? = nil, pageSize: Int = 20, isLoaded: Bool = false
    ) {
      self.todos = todos
      self.isLoaded = isLoaded
      self.settings = settings
      self.shownSettings = settings.value
      self.search = search
      self.selection = selection
      self.pageSize = max(1, pageSize)
      refreshVisibleTodos()
    }

    /// The todo at `index` of ``visibleTodos``, if there is one.
    public func visibleTodo(at index: Int) -> Todo? {
      visibleTodos.indices.contains(index) ? visibleTodos[index] : nil
    }

    /// Moves the selection by `offset` visible rows, stopping at the first and last.
    mutating func moveSelection(by offset: Int) {
      guard !visibleTodos.isEmpty else { return }
      let current = selectedIndex ?? 0
      // The magnitude of Int.min does not fit in an Int; clamp it first.
      let distance = Int(min(offset.magnitude, UInt(visibleTodos.count)))
      let target = offset >= 0 ? current + distance : current - distance
      selection = visibleTodos[min(max(target, 0), visibleTodos.count - 1)].id
    }

    /// Recomputes what derives from the todos, the filter and the search, and keeps the
    /// selection on a visible todo: the same one if it is still visible, otherwise the one now
    /// at its place.
    private mutating func refreshVisibleTodos() {
      let previousIndex = selectedIndex
      let filter = filter
      if search.isEmpty {
        visibleTodos = filter == .all ? todos : todos.filter(filter.includes)
      } else {
        let search = search
        visibleTodos = todos.filter { todo in
          filter.includes(todo)
            && todo.title.range(of: search, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
      }
      if !shownSettings.keepsRepositoryOrder {
        let settings = shownSettings
        // The same todos, in another order: their identifiers stay unique.
        visibleTodos = IdentifiedArray(uniqueElements: visibleTodos.sorted(by: settings.shows(_:before:)))
      }
      doneCount = todos.reduce(0) { $1.isDone ? $0 + 1 : $0 }
      openCount = todos.count - doneCount
      if let selection, visibleTodos.contains(id: selection) {
        refreshSelectedIndex()
      } else if visibleTodos.isEmpty {
        selection = nil
      } else {
        selection = visibleTodos[min(previousIndex ?? 0, visibleTodos.count - 1)].id
      }
    }

    private mutating func refreshSelectedIndex() {
      selectedIndex = selection.flatMap(visibleTodos.index(id:))
      scrollToSelection()
    }

    /// Moves the first row on screen as little as it takes to show the selection, and no
    /// further down than a full last page.
    private mutating func scrollToSelection() {
      var top = firstVisibleIndex
      if let index = selectedIndex {
        if index < top { top = index }
        if index >= top + pageSize { top = index - pageSize + 1 }
      }
      firstVisibleIndex = max(0, min(top, visibleTodos.count - pageSize))
    }
  }
}

// A session is recorded and replayed as the state's JSON. The state encodes what it stores;
// what it derives (the visible todos, the counts) is derived again when it is decoded.
extension TodoListFeature.State: Codable {
  private enum CodingKeys: String, CodingKey {
    case todos, isLoaded, settings, shownSettings, search, searchDraft, selection, pageSize, firstVisibleIndex
  }

  /// Decodes a state encoded by `encode(to:)`, and derives the rest from it.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: A `DecodingError` when a stored part is missing or malformed.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      todos: try container.decode(IdentifiedArray<Todo>.self, forKey: .todos),
      // A shared value of its own, holding the settings as they were recorded.
      settings: try container.decode(Shared<TodoSettings>.self, forKey: .settings),
      search: try container.decode(String.self, forKey: .search),
      selection: try container.decodeIfPresent(Todo.ID.self, forKey: .selection),
      pageSize: try container.decode(Int.self, forKey: .pageSize),
      isLoaded: try container.decode(Bool.self, forKey: .isLoaded))
    shownSettings = try container.decode(TodoSettings.self, forKey: .shownSettings)
    searchDraft = try container.decodeIfPresent(TextDraft.self, forKey: .searchDraft)
    // Where the rows were scrolled to, kept on the selection.
    firstVisibleIndex = try container.decode(Int.self, forKey: .firstVisibleIndex)
    scrollToSelection()
  }

  /// Encodes what the state stores.
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(todos, forKey: .todos)
    try container.encode(isLoaded, forKey: .isLoaded)
    try container.encode(settings, forKey: .settings)
    try container.encode(shownSettings, forKey: .shownSettings)
    try container.encode(search, forKey: .search)
    try container.encodeIfPresent(searchDraft, forKey: .searchDraft)
    try container.encodeIfPresent(selection, forKey: .selection)
    try container.encode(pageSize, forKey: .pageSize)
    try container.encode(firstVisibleIndex, forKey: .firstVisibleIndex)
  }
}
