import TodoCore

/// The keys of a line being typed, and how the line shows: the title editor and the search
/// field of the interactive list.
///
/// The line itself is a ``TodoCore/TextDraft`` in the store's state; this type only turns keys
/// into its edits, and the draft into what fits on the screen.
///
/// Keys: characters and pastes insert at the cursor (a pasted line break becomes a space),
/// Left/Right move, Home/End and Ctrl-A/Ctrl-E go to the start and the end, Backspace deletes
/// before the cursor and Delete at it, Ctrl-U deletes everything before the cursor and Ctrl-K
/// everything after it.
///
/// ```swift
/// var draft = TextDraft()
/// for key in [Key.character("h"), .character("i"), .home] {
///   if let edit = LineEditor.edit(for: key) { draft.apply(edit) }
/// }
/// // draft.text == "hi", draft.cursor == 0
/// ```
public enum LineEditor {
  /// The edit a key makes.
  ///
  /// - Parameter key: The key pressed.
  /// - Returns: The edit, or `nil` for a key that does not edit.
  public static func edit(for key: Key) -> TextDraft.Edit? {
    switch key {
    case .character(let character): .insert(String(character))
    case .paste(let pasted): .insert(pasted)
    case .left: .moveLeft
    case .right: .moveRight
    case .home, .control(0x01): .moveToStart
    case .end, .control(0x05): .moveToEnd
    case .backspace: .deleteBackward
    case .delete: .deleteForward
    case .control(0x15): .deleteToStart
    case .control(0x0B): .deleteToEnd
    default: nil
    }
  }

  /// The part of a draft to show in `width` columns, scrolled so that the cursor is in it,
  /// and the cursor's column in that part (from 0). Control characters show as `�`.
  ///
  /// - Parameters:
  ///   - draft: The line being typed.
  ///   - width: The columns available.
  /// - Returns: The text to show, and the cursor's column in it.
  /// - Complexity: O(*w* + *d*), where *w* is the width and *d* the distance from the cursor to
  ///   the nearer end of the line: only the characters around the cursor are looked at.
  public static func visible(_ draft: TextDraft, width: Int) -> (text: String, cursorColumn: Int) {
    let text = draft.text
    let cursor = draft.cursorIndex
    let room = max(1, width)
    // The first character shown: as far left as the cursor allows, leaving it a column.
    var start = cursor
    var used = 1
    while start > text.startIndex {
      let previous = text.index(before: start)
      let size = TextWidth.columns(of: shown(text[previous]))
      guard used + size <= room else { break }
      start = previous
      used += size
    }
    var visible = ""
    var total = 0
    for character in text[start...] {
      let character = shown(character)
      let size = TextWidth.columns(of: character)
      if total + size > room { break }
      visible.append(character)
      total += size
    }
    return (visible, used - 1)
  }

  /// A character as the line shows it: a control character as one `�`.
  private static func shown(_ character: Character) -> Character {
    TextWidth.printable(String(character)).first ?? character
  }
}
