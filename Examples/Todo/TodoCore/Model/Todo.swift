import Foundation

/// One item of the todo list.
///
/// A todo's ``id`` is a small integer given by its repository when it is added; it never
/// changes and is never reused, so users can type it (`todo done 3`).
public struct Todo: Identifiable, Hashable, Sendable {
  /// The short, stable identifier of a todo.
  public typealias ID = Int64

  /// The identifier given by the repository.
  public var id: ID
  /// What to do, on one line.
  public var title: String
  /// Whether the todo is done.
  public var isDone: Bool
  /// When the todo was added.
  public var createdAt: Date
  /// When the todo was last marked done; `nil` while it is open, and for todos completed
  /// before the database recorded completion times.
  public var completedAt: Date?

  /// Creates a todo.
  ///
  /// - Parameters:
  ///   - id: The identifier given by the repository.
  ///   - title: What to do.
  ///   - isDone: Whether the todo is done.
  ///   - createdAt: When the todo was added.
  ///   - completedAt: When the todo was marked done.
  public init(id: ID, title: String, isDone: Bool = false, createdAt: Date, completedAt: Date? = nil) {
    self.id = id
    self.title = title
    self.isDone = isDone
    self.createdAt = createdAt
    self.completedAt = completedAt
  }

  /// The title as it is stored: surrounding white space trimmed, and line breaks, tabs and
  /// other control characters (which would garble a terminal) turned into single spaces;
  /// `nil` when nothing is left.
  ///
  /// ```swift
  /// Todo.normalizedTitle("  Buy milk\n")  // "Buy milk"
  /// Todo.normalizedTitle("a\u{1B}[31mb")  // "a [31mb"
  /// Todo.normalizedTitle(" \t ")          // nil
  /// ```
  ///
  /// - Parameter title: A title as the user typed it.
  /// - Returns: The title to store, or `nil` if it is empty.
  public static func normalizedTitle(_ title: String) -> String? {
    let words = title.split(whereSeparator: { character in
      character.isNewline
        || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    })
    .map { $0.trimmingCharacters(in: .whitespaces) }
    .filter { !$0.isEmpty }
    let normalized = words.joined(separator: " ")
    return normalized.isEmpty ? nil : normalized
  }
}
