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
public struct TextDraft: Sendable {
  /// The text.
  public private(set) var text: String
  /// Where the next character goes, in characters: 0 before the first, the number of
  /// characters after the last.
  public private(set) var cursor: Int
  /// The number of characters of ``text``: kept up to date by each edit, so that no edit counts
  /// them again.
  public private(set) var count: Int

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
  /// - Complexity: O(*n*) in the length of the text, which is counted once.
  public init(_ text: String = "") {
    self.text = text
    count = text.count
    cursor = count
  }

  /// Starts a draft of `text` with the cursor at a place of it.
  ///
  /// - Parameters:
  ///   - text: The text to start from.
  ///   - cursor: Where the cursor is, in characters; kept between 0 and the number of
  ///     characters.
  /// - Complexity: O(*n*) in the length of the text, which is counted once.
  public init(_ text: String, cursor: Int) {
    self.text = text
    count = text.count
    self.cursor = min(max(cursor, 0), count)
  }

  /// The position of the cursor in ``text``.
  ///
  /// - Complexity: O(*d*), where *d* is the distance from the cursor to the nearer end of the
  ///   text: constant while typing at the end.
  public var cursorIndex: String.Index { index(at: cursor) }

  /// Applies an edit.
  ///
  /// - Parameter edit: The change to make.
  /// - Returns: Whether the text changed (moving the cursor does not change it).
  /// - Complexity: O(*m* + *d*), where *m* is the length of the text inserted or deleted and *d*
  ///   the distance from the cursor to the nearer end of the text: typing at the end costs the
  ///   same whatever the length of the text.
  @discardableResult
  public mutating func apply(_ edit: Edit) -> Bool {
    switch edit {
    case .insert(let inserted):
      guard !inserted.isEmpty else { return false }
      let typed =
        inserted.contains(where: \.isNewline) ? String(inserted.map { $0.isNewline ? " " : $0 }) : inserted
      replace(cursor..<cursor, with: typed)
    case .moveLeft: cursor = max(0, cursor - 1)
    case .moveRight: cursor = min(count, cursor + 1)
    case .moveToStart: cursor = 0
    case .moveToEnd: cursor = count
    case .deleteBackward:
      guard cursor > 0 else { return false }
      replace((cursor - 1)..<cursor, with: "")
    case .deleteForward:
      guard cursor < count else { return false }
      replace(cursor..<(cursor + 1), with: "")
    case .deleteToStart:
      guard cursor > 0 else { return false }
      replace(0..<cursor, with: "")
    case .deleteToEnd:
      guard cursor < count else { return false }
      replace(cursor..<count, with: "")
    }
    switch edit {
    case .insert, .deleteBackward, .deleteForward, .deleteToStart, .deleteToEnd: return true
    case .moveLeft, .moveRight, .moveToStart, .moveToEnd: return false
    }
  }

  /// The index of the character `offset` characters from the start, walked from the nearer end.
  private func index(at offset: Int) -> String.Index {
    offset <= count / 2
      ? text.index(text.startIndex, offsetBy: offset) : text.index(text.endIndex, offsetBy: offset - count)
  }

  /// Replaces the characters in `range` with `replacement`, and puts the cursor after it.
  ///
  /// The characters on either side are taken along and counted again with the replacement:
  /// a combining mark typed after a letter joins it, and deleting what stood between two
  /// characters may join them.
  private mutating func replace(_ range: Range<Int>, with replacement: String) {
    let lower = index(at: range.lowerBound)
    let upper = text.index(lower, offsetBy: range.count)
    let before = lower > text.startIndex ? text.index(before: lower) : lower
    var after = upper < text.endIndex ? text.index(after: upper) : upper
    var afterCount = after > upper ? 1 : 0
    let leading = String(text[before..<lower]) + replacement
    var joined = leading + text[upper..<after]
    // The edit can join more than the next character: a flag's regional indicators pair from
    // the start of their run, an emoji typed before a joiner joins the emoji after it. The
    // characters after are taken along until one stays as it was.
    while after < text.endIndex {
      let next = text[after]
      let grown = joined + String(next)
      if let last = grown.last, last.unicodeScalars.elementsEqual(next.unicodeScalars) { break }
      joined = grown
      after = text.index(after: after)
      afterCount += 1
    }
    let replacedCount = range.count + (before < lower ? 1 : 0) + afterCount
    let charactersBefore = range.lowerBound - (before < lower ? 1 : 0)
    text.replaceSubrange(before..<after, with: joined)
    count += joined.count - replacedCount
    cursor = min(charactersBefore + leading.count, count)
  }
}

extension TextDraft: Equatable {
  /// Whether two drafts have the same text and cursor.
  ///
  /// - Complexity: Constant when their lengths or cursors differ, as they do after an edit;
  ///   O(*n*) otherwise.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.cursor == rhs.cursor && lhs.count == rhs.count && lhs.text == rhs.text
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
