/// How much room text takes on a terminal, and text made to fit it.
///
/// A terminal column is not a character: a wide character (East Asian, emoji) takes two, a
/// combining mark none. The list's rows and the line being typed are measured with these, so
/// that nothing wraps or spills into the next line.
public enum TextWidth {
  /// The number of terminal columns `character` takes: 2 for wide characters (East Asian wide
  /// and full-width forms, emoji), 0 for a lone combining mark or a format character, 1 otherwise.
  ///
  /// - Parameter character: The character.
  /// - Returns: Its width in columns: 0, 1 or 2.
  public static func columns(of character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
    switch first.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    switch first.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }

  /// The number of terminal columns `text` takes.
  ///
  /// - Parameter text: The text, without escape sequences.
  /// - Returns: The sum of its characters' widths.
  public static func columns(of text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + columns(of: $1) }
  }

  /// `text` cut to at most `width` columns, ending with `…` when cut, and padded with spaces to
  /// exactly `width` columns. Control characters, which would move the cursor or change colours,
  /// show as `�`.
  ///
  /// ```swift
  /// TextWidth.fitted("Buy milk", width: 5)  // "Buy …"
  /// TextWidth.fitted("日本", width: 6)       // "日本  "
  /// ```
  ///
  /// - Parameters:
  ///   - text: The text to fit.
  ///   - width: The columns it must take.
  /// - Returns: The text, cut or padded.
  /// - Complexity: O(*w*) in the width: the characters past it are not looked at.
  public static func fitted(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    var result = ""
    var used = 0
    // The end of the longest start of the text that leaves a column for `…`, in bytes.
    var kept = (bytes: 0, columns: 0)
    // Only the characters that can show are looked at: a long text costs what fits.
    for character in text {
      let shown =
        character.unicodeScalars.contains(where: isUnprintable)
        ? printable(String(character)) : String(character)
      for character in shown {
        let size = columns(of: character)
        guard used + size <= width else {
          let cut = String(decoding: result.utf8.prefix(kept.bytes), as: UTF8.self)
          return cut + "…" + String(repeating: " ", count: max(0, width - kept.columns - 1))
        }
        result.append(character)
        used += size
        if used < width { kept = (result.utf8.count, used) }
      }
    }
    return result + String(repeating: " ", count: max(0, width - used))
  }

  /// `text` with every control character, and every bidirectional control (which would reorder
  /// what follows it on the line), replaced by `�`.
  ///
  /// - Parameter text: Text from the user or the database.
  /// - Returns: Text that cannot move the cursor, change colours or reorder the line.
  public static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
    return String(String.UnicodeScalarView(text.unicodeScalars.map { isUnprintable($0) ? "\u{FFFD}" : $0 }))
  }

  private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: scalar.properties.generalCategory == .control
    }
  }
}
