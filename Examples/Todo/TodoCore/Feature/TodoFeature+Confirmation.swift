import Uniflow

extension TodoFeature {
  /// What the app asks the user to confirm: the action of the prompt's button that says yes.
  public enum Confirmation: Equatable, Sendable, Codable {
    /// Deletes every done todo.
    case clearDone
    /// Deletes a todo that has a note.
    case delete(id: Todo.ID)
  }

  /// The question before clearing the done todos: `nil` when there is at most one, which is
  /// deleted without asking.
  ///
  /// - Parameter doneCount: How many todos are done.
  /// - Returns: The confirmation to show, or `nil`.
  public static func clearDonePrompt(doneCount: Int) -> PromptState<Confirmation>? {
    guard doneCount > 1 else { return nil }
    return .confirmation(
      title: "Delete the \(doneCount) done todos?",
      message: "Undo brings them back.",
      buttons: [.destructive("Delete \(doneCount) todos", action: .clearDone), .cancel("Keep them")])
  }

  /// The question before deleting a todo: `nil` when it has no note, and is deleted without
  /// asking.
  ///
  /// - Parameter todo: The todo to delete.
  /// - Returns: The confirmation to show, or `nil`.
  public static func deletePrompt(for todo: Todo) -> PromptState<Confirmation>? {
    guard !todo.note.isEmpty else { return nil }
    return .confirmation(
      title: "Delete “\(todo.title)” and its note?",
      message: "Undo brings it back.",
      buttons: [.destructive("Delete", action: .delete(id: todo.id)), .cancel("Keep it")])
  }
}
