import Foundation
import Uniflow

extension TodoFeature {
  /// Everything the todo app shows: the list, the title editor while it is open, and the
  /// status line.
  public struct State: Equatable, Sendable, Codable {
    /// The list: the todos as the repository last gave them, what is shown of them, and the
    /// selection. The app writes the todos in; the list decides what to show.
    public var list: TodoListFeature.State
    /// The title editor, while the user types a title.
    public var editor: TitleEditorFeature.State?
    /// The screens pushed over the list, the top one shown.
    public var path: StackState<TodoDestination.State>
    /// The labels of the changes undo can revert, oldest first.
    public var undoHistory: [String]
    /// The failure to show, from the last command or from reading the repository.
    public var error: TodoStoreError?
    /// What the last successful command did.
    public var outcome: TodoOutcome?

    /// Creates a state.
    ///
    /// - Parameters:
    ///   - list: The list, with its todos.
    ///   - editor: The title editor, if it is open.
    ///   - undoHistory: The labels of the changes undo can revert, oldest first.
    ///   - path: The screens pushed over the list.
    public init(
      list: TodoListFeature.State = .init(), editor: TitleEditorFeature.State? = nil,
      undoHistory: [String] = [], path: StackState<TodoDestination.State> = []
    ) {
      self.list = list
      self.editor = editor
      self.undoHistory = undoHistory
      self.path = path
    }

    /// Every todo, by ascending identifier, as the repository last gave them.
    public var todos: IdentifiedArray<Todo> { list.todos }

    /// The screen shown: the top of the stack, or the list; the one the interface draws, and
    /// whose keys it reads.
    public var screen: Screen {
      guard let id = path.ids.last else { return .list }
      switch path[id: id] {
      case .detail?: return .detail(id)
      case .history?: return .history(id)
      case .settings?: return .settings(id)
      case nil: return .list
      }
    }

    /// What the keys do now: browse the list, type a title, a search, or a note.
    public var mode: Mode {
      switch screen {
      case .detail(let id): return .editingNote(id)
      case .history(let id): return .readingHistory(id)
      case .settings(let id): return .changingSettings(id)
      case .list: break
      }
      if editor != nil { return .editingTitle }
      if list.searchDraft != nil { return .searching }
      return .browsing
    }

    /// Clears the message of the status line: a screen pushed starts without the last
    /// screen's news.
    mutating func clearMessage() {
      error = nil
      outcome = nil
    }

    /// Takes the repository's contents; the screens on the stack follow their todos.
    mutating func load(_ snapshot: TodoSnapshot) {
      list.todos = snapshot.todos
      list.isLoaded = true
      undoHistory = snapshot.undoHistory
      for id in path.ids {
        guard case .detail(var detail) = path[id: id], let todo = snapshot.todos[id: detail.todo.id],
          todo != detail.todo
        else { continue }
        detail.follow(todo)
        path[id: id] = .detail(detail)
      }
    }
  }

  /// A screen of the app.
  public enum Screen: Equatable, Sendable {
    /// The list of todos.
    case list
    /// The detail of a todo: the screen with this identifier on the stack.
    case detail(StackElementID)
    /// The change history of a todo: the screen with this identifier on the stack.
    case history(StackElementID)
    /// The display settings: the screen with this identifier on the stack.
    case settings(StackElementID)
  }

  /// What the keys do.
  public enum Mode: Equatable, Sendable {
    /// Move, toggle, delete, and the other commands.
    case browsing
    /// Type the title of a todo in the title editor.
    case editingTitle
    /// Type the search.
    case searching
    /// Type the note of the detail screen with this identifier on the stack.
    case editingNote(StackElementID)
    /// Read the history screen with this identifier on the stack.
    case readingHistory(StackElementID)
    /// Change the settings on the settings screen with this identifier on the stack.
    case changingSettings(StackElementID)
  }
}
