/// The number of terminal columns `character` takes: 2 for wide characters (East Asian wide
/// and full-width forms, emoji), 0 for a lone combining mark or a format character, 1 otherwise.
public func columns(of character: Character) -> Int {
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
public func columns(of text: some StringProtocol) -> Int {
  text.reduce(0) { $0 + columns(of: $1) }
}

/// `text` cut to at most `width` columns, ending with `…` when cut, and padded with spaces to
/// exactly `width` columns. Control characters, which would move the cursor or change colours,
/// show as `�`.
public func fitted(_ text: String, width: Int) -> String {
  guard width > 0 else { return "" }
  let text = printable(text)
  var result = ""
  var used = 0
  let total = columns(of: text)
  let limit = total > width ? width - 1 : width
  for character in text {
    let size = columns(of: character)
    if used + size > limit { break }
    result.append(character)
    used += size
  }
  if total > width {
    result.append("…")
    used += 1
  }
  return result + String(repeating: " ", count: max(0, width - used))
}

/// The end of `text` that fits in `width` columns, for an input line longer than the screen.
public func tail(of text: String, width: Int) -> String {
  let text = printable(text)
  var result: [Character] = []
  var used = 0
  for character in text.reversed() {
    let size = columns(of: character)
    if used + size > width { break }
    result.append(character)
    used += size
  }
  return String(result.reversed())
}

/// `text` with every control character, and every bidirectional control (which would reorder
/// what follows it on the line), replaced by `�`.
public func printable(_ text: String) -> String {
  guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
  return String(String.UnicodeScalarView(text.unicodeScalars.map { isUnprintable($0) ? "\u{FFFD}" : $0 }))
}

private func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
  default: scalar.properties.generalCategory == .control
  }
}
