/// Which todos a list shows.
public enum TodoFilter: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
  /// Every todo.
  case all
  /// The todos not done yet.
  case open
  /// The todos done.
  case done

  /// Whether a list with this filter shows `todo`.
  ///
  /// - Parameter todo: The todo to test.
  /// - Returns: `true` if the filter lets the todo through.
  public func includes(_ todo: Todo) -> Bool {
    switch self {
    case .all: true
    case .open: !todo.isDone
    case .done: todo.isDone
    }
  }

  /// The filter after this one, in the order `all → open → done → all`, for a key that cycles
  /// through them.
  public var next: TodoFilter {
    switch self {
    case .all: .open
    case .open: .done
    case .done: .all
    }
  }

  /// The filter's name: `all`, `open` or `done`.
  public var description: String { rawValue }
}
