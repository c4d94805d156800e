/// A key the user pressed.
enum Key: Equatable {
  case character(Character)
  case up, down, left, right, home, end, pageUp, pageDown, delete
  case enter, escape, backspace, tab
  /// A control key, by its byte: Ctrl-C is 3.
  case control(UInt8)
}

/// Turns the bytes read from a raw terminal into keys: UTF-8 characters, control keys, and the
/// escape sequences of arrows and editing keys.
struct KeyDecoder {
  /// The start of a UTF-8 character whose last bytes are still to come.
  private var pending: [UInt8] = []

  mutating func decode(_ input: some Collection<UInt8>) -> [Key] {
    let bytes = pending + input
    pending = []
    var keys: [Key] = []
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x1B:
        let (key, length) = Self.escapeSequence(bytes[(index + 1)...])
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
        let length = Self.utf8Length(leading: byte)
        guard index + length <= bytes.count else {
          pending = Array(bytes[index...])
          return keys
        }
        let scalars = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
        keys.append(contentsOf: scalars.map(Key.character))
        index += length
      }
    }
    return keys
  }

  /// The key of the escape sequence after an ESC byte, and how many bytes after ESC it used.
  /// An ESC with nothing recognizable after it is the Escape key.
  private static func escapeSequence(_ rest: ArraySlice<UInt8>) -> (Key, Int) {
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
    return (.escape, 0)
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
