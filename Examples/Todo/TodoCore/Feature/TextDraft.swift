/// A line of text being typed, with its cursor: the title in the editor, the search being
/// typed.
///
/// A draft is state like any other: the store holds it, a recording shows each edit, and a
/// test checks it. The keys that make each ``Edit`` are the interface's business.
///
/// ```swift
/// var draft = TextDraft("Buy milk")
/// draft.apply(.moveToStart)
/// draft.apply(.insert("Go and "))
/// // draft.text == "Go and Buy milk", draft.cursor == 7
/// ```
public struct TextDraft: Equatable, Sendable {
  /// The text.
  public private(set) var text: String
  /// Where the next character goes, in characters: 0 before the first, the number of
  /// characters after the last.
  public private(set) var cursor: Int

  /// One change to a draft.
  public enum Edit: Equatable, Sendable, Codable {
    /// Inserts text at the cursor and moves the cursor after it; a line break becomes a space.
    case insert(String)
    /// Moves the cursor one character left, or right; it stops at the ends.
    case moveLeft, moveRight
    /// Moves the cursor before the first character, or after the last.
    case moveToStart, moveToEnd
    /// Deletes the character before the cursor, or the one at it.
    case deleteBackward, deleteForward
    /// Deletes everything before the cursor, or everything from it to the end.
    case deleteToStart, deleteToEnd
  }

  /// Starts a draft of `text`, with the cursor at its end.
  ///
  /// - Parameter text: The text to start from.
  public init(_ text: String = "") {
    self.text = text
    cursor = text.count
  }

  /// Starts a draft of `text` with the cursor at a place of it.
  ///
  /// - Parameters:
  ///   - text: The text to start from.
  ///   - cursor: Where the cursor is, in characters; kept between 0 and the number of
  ///     characters.
  public init(_ text: String, cursor: Int) {
    self.text = text
    self.cursor = min(max(cursor, 0), text.count)
  }

  /// Applies an edit.
  ///
  /// - Parameter edit: The change to make.
  /// - Complexity: O(*n*) in the length of the text.
  public mutating func apply(_ edit: Edit) {
    var characters = Array(text)
    switch edit {
    case .insert(let inserted):
      let typed = inserted.map { $0.isNewline ? " " : $0 }
      characters.insert(contentsOf: typed, at: cursor)
      cursor += typed.count
    case .moveLeft: cursor = max(0, cursor - 1)
    case .moveRight: cursor = min(characters.count, cursor + 1)
    case .moveToStart: cursor = 0
    case .moveToEnd: cursor = characters.count
    case .deleteBackward:
      guard cursor > 0 else { return }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .deleteForward:
      guard cursor < characters.count else { return }
      characters.remove(at: cursor)
    case .deleteToStart:
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .deleteToEnd:
      characters.removeSubrange(cursor...)
    }
    text = String(characters)
    // Characters can join across the edit (a combining accent typed after a letter, the two
    // halves of a flag): the cursor stays after what was before it, counted in the new text.
    cursor = min(String(characters[..<cursor]).count, text.count)
  }
}

// A draft is recorded and replayed as JSON; a cursor outside the text is refused, not kept.
extension TextDraft: Codable {
  private enum CodingKeys: String, CodingKey {
    case text, cursor
  }

  /// Decodes a draft encoded by `encode(to:)`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: A `DecodingError` when the text or the cursor is missing, or the cursor is
  ///   outside the text.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let text = try container.decode(String.self, forKey: .text)
    let cursor = try container.decode(Int.self, forKey: .cursor)
    guard (0...text.count).contains(cursor) else {
      throw DecodingError.dataCorruptedError(
        forKey: .cursor, in: container,
        debugDescription: "the cursor \(cursor) is outside the text of \(text.count) characters")
    }
    self.init(text, cursor: cursor)
  }
}
