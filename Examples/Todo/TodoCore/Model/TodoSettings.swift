/// How the list shows the todos: which ones, in what order, where the done ones go, and
/// whether in colour.
///
/// One value that the list, the settings screen and `todo config` share: the app holds it as
/// a `Shared<TodoSettings>` kept in the database by ``SQLiteSettingsStorage``, so a change made
/// in one running `todo` shows in every other.
///
/// ```swift
/// var settings = TodoSettings()
/// try TodoSettings.Key.sort.set("title", in: &settings)
/// TodoSettings.Key.sort.value(in: settings)  // "title"
/// ```
///
/// Each setting has a name and values written as words (``Key``): the command line and the
/// database use the same ones.
public struct TodoSettings: Equatable, Hashable, Sendable, Codable {
  /// Which todos the list shows.
  public var filter: TodoFilter
  /// The order of the rows.
  public var sortOrder: TodoSortOrder
  /// Whether the done todos come after the open ones, each group in ``sortOrder``.
  public var showsDoneLast: Bool
  /// Whether the program colours what it shows.
  public var colour: TodoColour

  /// Creates settings; the defaults are those of a new database.
  ///
  /// - Parameters:
  ///   - filter: Which todos the list shows.
  ///   - sortOrder: The order of the rows.
  ///   - showsDoneLast: Whether the done todos come after the open ones.
  ///   - colour: Whether the program colours what it shows.
  public init(
    filter: TodoFilter = .all, sortOrder: TodoSortOrder = .created, showsDoneLast: Bool = false,
    colour: TodoColour = .auto
  ) {
    self.filter = filter
    self.sortOrder = sortOrder
    self.showsDoneLast = showsDoneLast
    self.colour = colour
  }

  /// Whether `lhs` comes before `rhs` on the list: the open ones first if
  /// ``showsDoneLast``, then in ``sortOrder``, then by identifier.
  ///
  /// - Parameters:
  ///   - lhs: A todo.
  ///   - rhs: Another todo.
  /// - Returns: `true` if `lhs` is shown above `rhs`.
  public func shows(_ lhs: Todo, before rhs: Todo) -> Bool {
    if showsDoneLast, lhs.isDone != rhs.isDone { return !lhs.isDone }
    if sortOrder == .title {
      switch lhs.title.caseInsensitiveCompare(rhs.title) {
      case .orderedAscending: return true
      case .orderedDescending: return false
      case .orderedSame: break
      }
    }
    return lhs.id < rhs.id
  }

  /// Whether the list keeps the repository's order (by identifier): no sorting needed.
  public var keepsRepositoryOrder: Bool {
    sortOrder == .created && !showsDoneLast
  }
}

/// The order of the rows of the list.
public enum TodoSortOrder: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The order they were added in (by identifier).
  case created
  /// By title, ignoring case.
  case title

  /// The order's name: `created` or `title`.
  public var description: String { rawValue }
}

/// Whether the program colours what it shows.
public enum TodoColour: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
  /// On a terminal, unless `NO_COLOR` is set or the terminal is `dumb`.
  case auto
  /// Always, even to a pipe, and with `NO_COLOR` set.
  case always
  /// Never.
  case never

  /// Whether to colour, given whether the terminal and the environment allow it.
  ///
  /// - Parameter allowed: Whether ``auto`` colours: writing to a terminal, without `NO_COLOR`.
  /// - Returns: Whether to colour.
  public func isOn(whereAllowed allowed: Bool) -> Bool {
    switch self {
    case .auto: allowed
    case .always: true
    case .never: false
    }
  }

  /// The setting's name: `auto`, `always` or `never`.
  public var description: String { rawValue }
}
