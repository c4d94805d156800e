import Foundation

/// One change of a todo that undo can still revert, as its history shows it: what the change
/// was, when it was made, and the note it left.
public struct TodoHistoryEntry: Hashable, Sendable, Codable {
  /// The change's label, as undo names it: `note on “Buy milk”`.
  public var label: String
  /// When the change was made; `nil` for a change kept by a version that did not record it.
  public var date: Date?
  /// The todo's note right after the change; `nil` when the change deleted the todo.
  public var note: String?

  /// Creates an entry.
  ///
  /// - Parameters:
  ///   - label: The change's label.
  ///   - date: When the change was made, if known.
  ///   - note: The todo's note right after the change.
  public init(_ label: String, date: Date? = nil, note: String? = nil) {
    self.label = label
    self.date = date
    self.note = note
  }
}
