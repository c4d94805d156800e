/// One line of text being typed, with a cursor: the title editor and the search field of the
/// interactive list.
///
/// Keys: characters and pastes insert at the cursor (a pasted line break becomes a space),
/// Left/Right move, Home/End and Ctrl-A/Ctrl-E go to the start and the end, Backspace deletes
/// before the cursor and Delete at it, Ctrl-U deletes everything before the cursor and Ctrl-K
/// everything after it.
struct LineEditor: Equatable {
  /// The characters of the line.
  private(set) var characters: [Character]
  /// Where the next character goes: 0 before the first, `characters.count` after the last.
  private(set) var cursor: Int

  /// Starts editing `text`, with the cursor at its end.
  init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  /// The line.
  var text: String { String(characters) }

  /// Applies an editing key; returns `false`, changing nothing, for a key that does not edit.
  mutating func apply(_ key: Key) -> Bool {
    switch key {
    case .character(let character):
      characters.insert(character, at: cursor)
      cursor += 1
    case .paste(let pasted):
      let inserted = pasted.map { $0.isNewline ? " " : $0 }
      characters.insert(contentsOf: inserted, at: cursor)
      cursor += inserted.count
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(characters.count, cursor + 1)
    case .home, .control(0x01): cursor = 0
    case .end, .control(0x05): cursor = characters.count
    case .backspace:
      guard cursor > 0 else { break }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .delete:
      guard cursor < characters.count else { break }
      characters.remove(at: cursor)
    case .control(0x15):
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .control(0x0B):
      characters.removeSubrange(cursor...)
    default:
      return false
    }
    return true
  }

  /// The part of the line to show in `width` columns, scrolled so that the cursor is in it,
  /// and the cursor's column in that part (from 0). Control characters show as `�`.
  func visible(width: Int) -> (text: String, cursorColumn: Int) {
    // A control character shows as one `�`.
    let shown = characters.map { printable(String($0)).first ?? $0 }
    let room = max(1, width)
    // The first character shown: as far left as the cursor allows, leaving it a column.
    var start = cursor
    var used = 1
    while start > 0, used + columns(of: shown[start - 1]) <= room {
      start -= 1
      used += columns(of: shown[start])
    }
    var text = ""
    var total = 0
    for character in shown[start...] {
      let size = columns(of: character)
      if total + size > room { break }
      text.append(character)
      total += size
    }
    return (text, columns(of: String(shown[start..<cursor])))
  }
}
