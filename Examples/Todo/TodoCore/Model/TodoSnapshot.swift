import Uniflow

/// Everything a repository holds at one moment: the todos and what undo can revert.
///
/// Repositories publish a snapshot after every change (see ``TodoRepository/updates()``), and
/// ``TodoFeature`` binds it into its state.
///
/// Snapshots of one repository are ordered by their ``revision``: a snapshot can reach the
/// feature later than a newer one (the binding and a command's effect deliver them on
/// different tasks), and the revision tells the feature to ignore it.
public struct TodoSnapshot: Hashable, Sendable {
  /// The todos, in the order they were added (by ascending ``Todo/id``), addressable by
  /// identifier.
  public var todos: IdentifiedArray<Todo>
  /// A short label for each change undo can revert, oldest first: the last one is what the
  /// next ``TodoRepository/undo()`` reverts.
  public var undoHistory: [String]
  /// The most changes a repository keeps for undo: after that many, each new change drops
  /// the oldest.
  public static let undoDepth = 100

  /// Where the snapshot stands among those of its repository: it grows with every change the
  /// repository makes or sees, so of two snapshots of one repository the one with the higher
  /// revision is the more recent, and two with the same revision hold the same contents.
  ///
  /// Revisions start at 0 when the repository is created, and mean nothing across
  /// repositories.
  public var revision: Int

  /// Creates a snapshot.
  ///
  /// - Parameters:
  ///   - todos: The todos, by ascending identifier.
  ///   - undoHistory: The labels of the changes undo can revert, oldest first.
  ///   - revision: Where the snapshot stands among those of its repository.
  public init(todos: IdentifiedArray<Todo> = [], undoHistory: [String] = [], revision: Int = 0) {
    self.todos = todos
    self.undoHistory = undoHistory
    self.revision = revision
  }
}
