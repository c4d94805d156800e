import Uniflow

/// Everything a repository holds at one moment: the todos and what undo can revert.
///
/// A command returns the snapshot its transaction left (see ``TodoChange``), and
/// ``TodoRepository/updates()`` publishes the initial contents and the changes other processes
/// make; ``TodoFeature`` puts either into its state.
public struct TodoSnapshot: Hashable, Sendable, Codable {
  /// The todos, in the order they were added (by ascending ``Todo/id``), addressable by
  /// identifier.
  public var todos: IdentifiedArray<Todo>
  /// A short label for each change undo can revert, oldest first: the last one is what the
  /// next ``TodoRepository/undo()`` reverts.
  public var undoHistory: [String]
  /// The most changes a repository keeps for undo: after that many, each new change drops
  /// the oldest.
  public static let undoDepth = 100

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
