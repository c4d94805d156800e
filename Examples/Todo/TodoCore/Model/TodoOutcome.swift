/// What a command did, to confirm it to the user.
///
/// ``TodoFeature`` keeps the outcome of the last command in its state; the terminal program
/// prints it after a one-shot command and shows it on the status line of the interactive list.
public enum TodoOutcome: Hashable, Sendable, CustomStringConvertible {
  /// A todo was added.
  case added(Todo)
  /// A todo got a new title.
  case renamed(Todo)
  /// A todo was marked done.
  case completed(Todo)
  /// A done todo was marked open again.
  case reopened(Todo)
  /// A todo was deleted.
  case deleted(Todo)
  /// The done todos were deleted; the list is empty when none was done.
  case clearedDone([Todo])
  /// The last change was reverted; its label.
  case undid(String)

  /// One line for the user, such as `Added 3: Buy milk`.
  public var description: String {
    switch self {
    case .added(let todo): "Added \(todo.id): \(todo.title)"
    case .renamed(let todo): "Renamed \(todo.id): \(todo.title)"
    case .completed(let todo): "Done \(todo.id): \(todo.title)"
    case .reopened(let todo): "Reopened \(todo.id): \(todo.title)"
    case .deleted(let todo): "Deleted \(todo.id): \(todo.title)"
    case .clearedDone(let todos):
      switch todos.count {
      case 0: "No done todos to clear"
      case 1: "Cleared 1 done todo"
      case let count: "Cleared \(count) done todos"
      }
    case .undid(let label): "Undid \(label)"
    }
  }
}
