import Foundation

/// One item of the todo list.
///
/// A todo's ``id`` is a small integer given by its repository when it is added; it never
/// changes and is never reused, so users can type it (`todo done 3`).
public struct Todo: Identifiable, Hashable, Sendable, Codable {
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
  /// Free text about the todo, on as many lines as it takes; empty when there is none.
  public var note: String

  /// Creates a todo.
  ///
  /// - Parameters:
  ///   - id: The identifier given by the repository.
  ///   - title: What to do.
  ///   - isDone: Whether the todo is done.
  ///   - createdAt: When the todo was added.
  ///   - completedAt: When the todo was marked done.
  ///   - note: Free text about the todo; empty for none.
  public init(
    id: ID, title: String, isDone: Bool = false, createdAt: Date, completedAt: Date? = nil, note: String = ""
  ) {
    self.id = id
    self.title = title
    self.isDone = isDone
    self.createdAt = createdAt
    self.completedAt = completedAt
    self.note = note
  }

  /// The longest title a todo can have, in characters.
  public static let maximumTitleLength = 1_000

  /// The title as it is stored: surrounding white space trimmed, and line breaks, tabs, other
  /// control characters (which would garble a terminal) and bidirectional controls such as
  /// the right-to-left override U+202E (which would reorder what is printed after the title)
  /// turned into single spaces; `nil` when nothing is left.
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
    // One pass over the scalars: a separator ends a piece; spaces at either end of a piece are
    // dropped; the pieces left are joined with single spaces. Separators are always characters
    // of their own, so splitting at scalars splits at the same places as splitting at
    // characters.
    // The text grows in a `String` and the spaces wait in an array: a scalar view emptied and
    // appended to on every scalar costs time in proportion to its length each time.
    var normalized = ""
    var spaces: [Unicode.Scalar] = []
    var pieceHasText = false
    for scalar in title.unicodeScalars {
      if endsAPiece(scalar) {
        spaces.removeAll(keepingCapacity: true)
        pieceHasText = false
      } else if scalar.properties.generalCategory == .spaceSeparator {
        if pieceHasText { spaces.append(scalar) }
      } else {
        if !pieceHasText && !normalized.isEmpty { normalized.unicodeScalars.append(" ") }
        if !spaces.isEmpty {
          normalized.unicodeScalars.append(contentsOf: spaces)
          spaces.removeAll(keepingCapacity: true)
        }
        normalized.unicodeScalars.append(scalar)
        pieceHasText = true
      }
    }
    return normalized.isEmpty ? nil : normalized
  }

  /// The title as it is stored (see ``normalizedTitle(_:)``), checked.
  ///
  /// - Parameter title: A title as the user typed it.
  /// - Returns: The title to store.
  /// - Throws: ``TodoStoreError/emptyTitle`` when nothing is left of it, and
  ///   ``TodoStoreError/titleTooLong(length:maximum:)`` when it is longer than
  ///   ``maximumTitleLength``.
  public static func validatedTitle(_ title: String) throws(TodoStoreError) -> String {
    guard let normalized = normalizedTitle(title) else { throw .emptyTitle }
    let length = normalized.count
    guard length <= maximumTitleLength else {
      throw .titleTooLong(length: length, maximum: maximumTitleLength)
    }
    return normalized
  }

  /// The longest note a todo can have, in characters.
  public static let maximumNoteLength = 10_000

  /// The note as it is stored (line breaks kept, as `\n`; white space at the end of each line,
  /// and blank lines at either end, dropped; tabs, other control characters and bidirectional
  /// controls turned into spaces), checked; an empty note clears it.
  ///
  /// ```swift
  /// try Todo.validatedNote("Oat milk  \r\n2 litres\n\n")  // "Oat milk\n2 litres"
  /// ```
  ///
  /// - Parameter note: A note as the user typed it.
  /// - Returns: The note to store, possibly empty.
  /// - Throws: ``TodoStoreError/noteTooLong(length:maximum:)`` when it is longer than
  ///   ``maximumNoteLength``.
  public static func validatedNote(_ note: String) throws(TodoStoreError) -> String {
    let lines = note.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { line in
      var text = ""
      for scalar in line.unicodeScalars {
        text.unicodeScalars.append(endsAPiece(scalar) ? " " : scalar)
      }
      while let last = text.last, last.isWhitespace { text.removeLast() }
      return text
    }
    let kept = lines.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed()
    let normalized = kept.joined(separator: "\n")
    let length = normalized.count
    guard length <= maximumNoteLength else { throw .noteTooLong(length: length, maximum: maximumNoteLength) }
    return normalized
  }

  /// Whether a note as the user typed it is the note the todo has, once made what would be
  /// stored (``validatedNote(_:)``): `false` when saving it would change the note, or a note
  /// too long could not be saved.
  ///
  /// - Parameter typed: A note as the user typed it.
  /// - Returns: Whether it is the note stored.
  /// - Complexity: O(*n*) in the length of the note.
  public func hasNote(_ typed: String) -> Bool {
    (try? Self.validatedNote(typed)) == note
  }

  /// Whether a title breaks at `scalar`: a line break, another control character, or a
  /// scalar that changes the direction of the text around it (the embeddings, overrides and
  /// isolates, U+202A–U+202E and U+2066–U+2069, and the directional marks).
  private static func endsAPiece(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: return true
    default: break
    }
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }
}

// A todo recorded before notes existed has no `note`: it decodes with an empty one.
extension Todo {
  private enum CodingKeys: String, CodingKey {
    case id, title, isDone, createdAt, completedAt, note
  }

  /// Decodes a todo encoded by `encode(to:)`, or by a version without notes.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: A `DecodingError` when a part other than the note is missing or malformed.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(ID.self, forKey: .id),
      title: try container.decode(String.self, forKey: .title),
      isDone: try container.decode(Bool.self, forKey: .isDone),
      createdAt: try container.decode(Date.self, forKey: .createdAt),
      completedAt: try container.decodeIfPresent(Date.self, forKey: .completedAt),
      note: try container.decodeIfPresent(String.self, forKey: .note) ?? "")
  }
}
