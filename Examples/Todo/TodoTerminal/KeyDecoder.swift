/// Turns the bytes read from a raw terminal into keys: UTF-8 characters, control keys, and the
/// escape sequences of arrows and editing keys.
///
/// The terminal must be in bracketed-paste mode (`ESC [ ? 2004 h`) for pasted text to arrive as
/// one ``Key/paste(_:)``.
public struct KeyDecoder: Sendable {
  /// The start of a UTF-8 character whose last bytes are still to come.
  private var pending: [UInt8] = []
  /// The text pasted so far, while between the start and the end of a paste.
  private var pasted: [UInt8]?

  private static let pasteStart = Array("\u{1B}[200~".utf8)
  private static let pasteEnd = Array("\u{1B}[201~".utf8)

  /// Creates a decoder with nothing pending.
  public init() {}

  /// Decodes the bytes of one read; an incomplete character, escape sequence or paste at the
  /// end is kept for the next read, so the keys do not depend on where the reads were cut,
  /// except right after an ESC: an ESC that ends a read is the Escape key.
  ///
  /// - Parameter input: The bytes read from the terminal.
  /// - Returns: The keys they complete, in order.
  public mutating func decode(_ input: some Collection<UInt8>) -> [Key] {
    let bytes = pending + input
    pending = []
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      if var text = pasted {
        // Inside a paste: everything up to the end marker is text.
        guard let end = Self.find(Self.pasteEnd, in: bytes, from: index) else {
          // Keep a partial end marker for the next read.
          let keep = Self.partialSuffix(of: bytes[index...], prefixing: Self.pasteEnd)
          text += bytes[index..<(bytes.count - keep)]
          pending = Array(bytes[(bytes.count - keep)...])
          pasted = text
          return keys
        }
        text += bytes[index..<end]
        keys.append(.paste(String(decoding: text, as: UTF8.self)))
        pasted = nil
        index = end + Self.pasteEnd.count
        continue
      }
      let byte = bytes[index]
      switch byte {
      case 0x1B where bytes[index...].starts(with: Self.pasteStart):
        pasted = []
        index += Self.pasteStart.count
      case 0x1B:
        guard let (key, length) = Self.escapeSequence(bytes[(index + 1)...]) else {
          // A sequence cut by the end of the read: its last bytes are still to come.
          pending = Array(bytes[index...])
          return keys
        }
        keys.append(key)
        index += 1 + length
      case 0x0D, 0x0A:
        keys.append(.enter)
        index += 1
      case 0x7F, 0x08:
        keys.append(.backspace)
        index += 1
      case 0x09:
        keys.append(.tab)
        index += 1
      case 0x00..<0x20:
        keys.append(.control(byte))
        index += 1
      default:
        // The character is its leading byte and the continuation bytes after it: a byte that
        // does not continue it (a control byte, an ESC) is the next key, and the broken
        // character a `�`.
        let length = Self.utf8Length(leading: byte)
        var end = index + 1
        while end < min(bytes.count, index + length), bytes[end] & 0xC0 == 0x80 { end += 1 }
        guard end < index + length, end == bytes.count else {
          keys.append(contentsOf: String(decoding: bytes[index..<end], as: UTF8.self).map(Key.character))
          index = end
          continue
        }
        pending = Array(bytes[index...])
        return keys
      }
    }
    return keys
  }

  /// The key of the escape sequence after an ESC byte, and how many bytes after ESC it used;
  /// `nil` when the bytes end inside the sequence. An ESC with nothing recognizable after it,
  /// the end of the read included, is the Escape key.
  private static func escapeSequence(_ rest: ArraySlice<UInt8>) -> (Key, Int)? {
    guard let introducer = rest.first, introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O")
    else { return (.escape, 0) }
    var parameter: [UInt8] = []
    for (offset, byte) in rest.dropFirst().enumerated() {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: ";"):
        parameter.append(byte)
      default:
        let length = offset + 2
        switch (byte, String(decoding: parameter, as: UTF8.self)) {
        case (UInt8(ascii: "A"), _): return (.up, length)
        case (UInt8(ascii: "B"), _): return (.down, length)
        case (UInt8(ascii: "C"), _): return (.right, length)
        case (UInt8(ascii: "D"), _): return (.left, length)
        case (UInt8(ascii: "H"), _): return (.home, length)
        case (UInt8(ascii: "F"), _): return (.end, length)
        case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return (.home, length)
        case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return (.end, length)
        case (UInt8(ascii: "~"), "3"): return (.delete, length)
        case (UInt8(ascii: "~"), "5"): return (.pageUp, length)
        case (UInt8(ascii: "~"), "6"): return (.pageDown, length)
        default: return (.control(0x1B), length)
        }
      }
    }
    return nil
  }

  /// The index where `pattern` starts in `bytes` at or after `start`.
  private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard bytes.count - start >= pattern.count else { return nil }
    return (start...(bytes.count - pattern.count)).first {
      bytes[$0..<($0 + pattern.count)].elementsEqual(pattern)
    }
  }

  /// The length of the longest end of `bytes` that is a proper start of `pattern`.
  private static func partialSuffix(of bytes: ArraySlice<UInt8>, prefixing pattern: [UInt8]) -> Int {
    for length in stride(from: min(pattern.count - 1, bytes.count), to: 0, by: -1)
    where bytes.suffix(length).elementsEqual(pattern.prefix(length)) {
      return length
    }
    return 0
  }

  private static func utf8Length(leading byte: UInt8) -> Int {
    switch byte {
    case 0xF0...: 4
    case 0xE0...: 3
    case 0xC0...: 2
    default: 1
    }
  }
}
