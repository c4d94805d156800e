import Uniflow

/// Everything a repository holds at one moment: the todos and what undo can revert.
///
/// Repositories publish a snapshot after every change (see ``TodoRepository/updates()``), and
/// ``TodoFeature`` binds it into its state.
public struct TodoSnapshot: Hashable, Sendable {
  /// The todos, in the order they were added (by ascending ``Todo/id``), addressable by
  /// identifier.
  public var todos: IdentifiedArray<Todo>
  /// A short label for each change undo can revert, oldest first: the last one is what the
  /// next ``TodoRepository/undo()`` reverts.
  public var undoHistory: [String]

  /// Creates a snapshot.
  ///
  /// - Parameters:
  ///   - todos: The todos, by ascending identifier.
  ///   - undoHistory: The labels of the changes undo can revert, oldest first.
  public init(todos: IdentifiedArray<Todo> = [], undoHistory: [String] = []) {
    self.todos = todos
    self.undoHistory = undoHistory
  }
}
