import Foundation
import Uniflow

extension TodoFeature {
  /// Everything the todo interface shows.
  ///
  /// ``visibleTodos``, the counts and ``selectedIndex`` are derived from ``todos``,
  /// ``filter`` and ``selection``, and kept up to date whenever those change, so that reading
  /// them (from an observer that runs after every action) costs nothing.
  public struct State: Equatable, Sendable, Codable {
    /// Every todo, by ascending identifier, as the repository last published them;
    /// `todos[id: 3]` finds one in constant time.
    public var todos: IdentifiedArray<Todo> {
      didSet { refreshVisibleTodos() }
    }
    /// Which todos ``visibleTodos`` shows.
    public var filter: TodoFilter {
      didSet { refreshVisibleTodos() }
    }
    /// The text a todo's title must contain to be visible, ignoring case and accents; empty
    /// to show every todo the filter lets through.
    public var search: String {
      didSet { refreshVisibleTodos() }
    }
    /// The selected todo, if any; kept on a visible todo when the list changes.
    public var selection: Todo.ID? {
      didSet { refreshSelectedIndex() }
    }
    /// The labels of the changes undo can revert, oldest first.
    public var undoHistory: [String]
    /// The failure to show, from the last command or from reading the repository.
    public var error: TodoStoreError?
    /// What the last successful command did.
    public var outcome: TodoOutcome?
    /// Whether the repository's contents arrived at least once.
    public var isLoaded: Bool

    /// The todos that pass ``filter``, in order.
    public private(set) var visibleTodos: IdentifiedArray<Todo> = []
    /// The position of ``selection`` in ``visibleTodos``.
    public private(set) var selectedIndex: Int?
    /// The number of todos not done.
    public private(set) var openCount = 0
    /// The number of todos done.
    public private(set) var doneCount = 0

    /// Creates a state.
    ///
    /// - Parameters:
    ///   - todos: The todos, by ascending identifier.
    ///   - filter: Which todos are visible.
    ///   - selection: The selected todo; the first visible one when `nil`.
    ///   - undoHistory: The labels of the changes undo can revert, oldest first.
    ///   - isLoaded: Whether `todos` came from the repository.
    public init(
      todos: IdentifiedArray<Todo> = [], filter: TodoFilter = .all, selection: Todo.ID? = nil,
      undoHistory: [String] = [], isLoaded: Bool = false
    ) {
      self.todos = todos
      self.filter = filter
      self.search = ""
      self.selection = selection
      self.undoHistory = undoHistory
      self.isLoaded = isLoaded
      refreshVisibleTodos()
    }

    /// Takes the repository's contents.
    mutating func load(_ snapshot: TodoSnapshot) {
      todos = snapshot.todos
      undoHistory = snapshot.undoHistory
      isLoaded = true
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

    /// Recomputes what derives from the todos and the filter, and keeps the selection on a
    /// visible todo: the same one if it is still visible, otherwise the one now at its place.
    private mutating func refreshVisibleTodos() {
      let previousIndex = selectedIndex
      if search.isEmpty {
        visibleTodos = filter == .all ? todos : todos.filter(filter.includes)
      } else {
        let search = search
        visibleTodos = todos.filter { todo in
          filter.includes(todo)
            && todo.title.range(of: search, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
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
    }
  }
}

// A session is recorded (`todo --record FILE`) and replayed as the state's JSON. The state
// encodes what it stores; what it derives (the visible todos, the counts) is derived again
// when it is decoded.
extension TodoFeature.State {
  private enum CodingKeys: String, CodingKey {
    case todos, filter, search, selection, undoHistory, error, outcome, isLoaded
  }

  /// Decodes a state encoded by `encode(to:)`, and derives the rest from it.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: A `DecodingError` when a stored part is missing or malformed.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      todos: try container.decode(IdentifiedArray<Todo>.self, forKey: .todos),
      filter: try container.decode(TodoFilter.self, forKey: .filter),
      selection: try container.decodeIfPresent(Todo.ID.self, forKey: .selection),
      undoHistory: try container.decode([String].self, forKey: .undoHistory),
      isLoaded: try container.decode(Bool.self, forKey: .isLoaded))
    search = try container.decode(String.self, forKey: .search)
    error = try container.decodeIfPresent(TodoStoreError.self, forKey: .error)
    outcome = try container.decodeIfPresent(TodoOutcome.self, forKey: .outcome)
  }
}
