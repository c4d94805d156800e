/// What a change to one todo left: the todo, and whether the change did anything.
///
/// Marking a done todo done, or giving a todo the title it has, changes nothing: the
/// repository records no undo step, and the program says so instead of reporting success.
///
/// ```swift
/// let update = try await repository.setDone(false, id: 3, at: .now)
/// print(update.isChanged ? "Reopened 3" : "3 is already open")
/// ```
public struct TodoUpdate: Hashable, Sendable, Codable {
  /// The todo after the change.
  public var todo: Todo
  /// Whether the change did anything; `false` when the todo already was as asked.
  public var isChanged: Bool

  /// Creates an update.
  ///
  /// - Parameters:
  ///   - todo: The todo after the change.
  ///   - isChanged: Whether the change did anything.
  public init(todo: Todo, isChanged: Bool) {
    self.todo = todo
    self.isChanged = isChanged
  }
}
