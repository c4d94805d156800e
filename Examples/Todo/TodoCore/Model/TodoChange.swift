/// What a repository command returned, with the contents its transaction left.
///
/// A command reads the contents in the same transaction as its change, so the snapshot holds
/// the change and nothing made after it. ``TodoFeature`` puts both in the state in one action:
/// a todo that was just added is listed when the outcome naming it is shown.
///
/// ```swift
/// let change = try await repository.add(title: "Buy milk", at: .now)
/// print(change.value.id, change.contents.todos.count)
/// ```
public struct TodoChange<Value: Sendable>: Sendable {
  /// What the command returned: the new todo, the todo after the change, a label…
  public var value: Value
  /// The repository's contents right after the change.
  public var contents: TodoSnapshot

  /// Creates a change.
  ///
  /// - Parameters:
  ///   - value: What the command returned.
  ///   - contents: The repository's contents right after the change.
  public init(value: Value, contents: TodoSnapshot) {
    self.value = value
    self.contents = contents
  }
}

extension TodoChange: Equatable where Value: Equatable {}
extension TodoChange: Hashable where Value: Hashable {}
