/// What a command did, to confirm it to the user.
///
/// ``TodoFeature`` keeps the outcome of the last command in its state; the terminal program
/// prints it after a one-shot command and shows it on the status line of the interactive list.
public enum TodoOutcome: Hashable, Sendable, Codable, CustomStringConvertible {
  /// A todo was added.
  case added(Todo)
  /// Todos were added as one change, in this order.
  case addedAll([Todo])
  /// A todo got a new title.
  case renamed(Todo)
  /// A todo was marked done.
  case completed(Todo)
  /// A done todo was marked open again.
  case reopened(Todo)
  /// A todo asked to be marked done already was; nothing changed.
  case alreadyDone(Todo)
  /// A todo asked to be reopened already was open; nothing changed.
  case alreadyOpen(Todo)
  /// A todo asked to be renamed already had that title; nothing changed.
  case alreadyTitled(Todo)
  /// A todo's note was set, or cleared.
  case noted(Todo)
  /// A todo asked to get a note already had it; nothing changed.
  case alreadyNoted(Todo)
  /// A todo was deleted.
  case deleted(Todo)
  /// The done todos were deleted; the list is empty when none was done.
  case clearedDone([Todo])
  /// The last change was reverted; its label.
  case undid(String)
  /// The last change undone was applied again; its label.
  case redid(String)
  /// A setting was given a value (the word the command line uses).
  case configured(TodoSettings.Key, String)

  /// Whether the list changed: `false` for the outcomes that say nothing needed changing.
  public var changedTheList: Bool {
    switch self {
    case .alreadyDone, .alreadyOpen, .alreadyTitled, .alreadyNoted: false
    case .clearedDone(let todos): !todos.isEmpty
    default: true
    }
  }

  /// One line for the user, such as `Added 3: Buy milk`.
  public var description: String {
    switch self {
    case .added(let todo): "Added \(todo.id): \(todo.title)"
    case .addedAll(let todos): todos.count == 1 ? "Added 1 todo" : "Added \(todos.count) todos"
    case .renamed(let todo): "Renamed \(todo.id): \(todo.title)"
    case .completed(let todo): "Done \(todo.id): \(todo.title)"
    case .reopened(let todo): "Reopened \(todo.id): \(todo.title)"
    case .alreadyDone(let todo): "\(todo.id) is already done: \(todo.title)"
    case .alreadyOpen(let todo): "\(todo.id) is already open: \(todo.title)"
    case .alreadyTitled(let todo): "\(todo.id) already has this title: \(todo.title)"
    case .noted(let todo):
      todo.note.isEmpty
        ? "Cleared the note of \(todo.id): \(todo.title)" : "Saved the note of \(todo.id): \(todo.title)"
    case .alreadyNoted(let todo): "\(todo.id) already has this note: \(todo.title)"
    case .deleted(let todo): "Deleted \(todo.id): \(todo.title)"
    case .clearedDone(let todos):
      switch todos.count {
      case 0: "No done todos to clear"
      case 1: "Cleared 1 done todo"
      case let count: "Cleared \(count) done todos"
      }
    case .undid(let label): "Undid: \(label)"
    case .redid(let label): "Redid: \(label)"
    case .configured(let key, let value): "Set \(key) to \(value)"
    }
  }
}
