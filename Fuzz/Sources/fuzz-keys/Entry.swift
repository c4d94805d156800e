import FuzzSupport
import TodoTerminal

/// The terminal key decoder on byte streams cut into reads anywhere.
///
/// Two streams come from each input. The raw one is the input's bytes as they are (invalid
/// UTF-8, partial escape sequences, pastes never ended): the keys do not depend on where the
/// reads were cut, except right after an ESC byte, which ends a read as the Escape key. The
/// typed one is built from pieces: text, pastes holding any bytes, arrows and editing keys,
/// control bytes; cut anywhere but after the ESC that starts a key, it decodes to exactly the
/// text and the pastes it was made of, in order, nothing dropped or repeated. A character key
/// is never a control character.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: size)))
  let cutSeed = input.bytes(upTo: 8)
  let isTyped = input.byte() & 1 == 1
  if isTyped {
    let stream = TypedStream(&input)
    let keys = decode(stream.bytes, cutting: cutSeed, avoiding: stream.keyStarts)
    checkCharacters(keys)
    let text = Array(keys.compactMap(\.text).joined().unicodeScalars)
    let expected = Array(stream.text.joined().unicodeScalars)
    check(text == expected, "typed \(stream.text.debugDescription), decoded \(keys)")
    let pastes = keys.filter { if case .paste = $0 { true } else { false } }.count
    check(pastes == stream.pasteCount, "\(stream.pasteCount) pastes decoded as \(pastes)")
  } else {
    let bytes = input.rest()
    var whole = KeyDecoder()
    let expected = whole.decode(bytes)
    checkCharacters(expected)
    let escapes = Set(bytes.indices.filter { bytes[$0] == 0x1B }.map { $0 + 1 })
    let keys = decode(bytes, cutting: cutSeed, avoiding: escapes)
    check(keys == expected, "read in pieces \(keys), read whole \(expected), from \(bytes)")
  }
  return 0
}

/// Decodes a stream in reads whose lengths come from `seed`, never cutting at an offset of
/// `avoided`.
func decode(_ bytes: [UInt8], cutting seed: [UInt8], avoiding avoided: Set<Int>) -> [Key] {
  var decoder = KeyDecoder()
  var keys: [Key] = []
  var start = 0
  var turn = 0
  while start < bytes.count {
    let length = seed.isEmpty ? bytes.count : Int(seed[turn % seed.count] % 32) + 1
    turn += 1
    var end = min(bytes.count, start + length)
    while avoided.contains(end), end < bytes.count { end += 1 }
    keys += decoder.decode(bytes[start..<end])
    start = end
  }
  return keys
}

func checkCharacters(_ keys: [Key]) {
  for case .character(let character) in keys {
    check(
      !character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
      "a control character decoded as the character \(character.debugDescription)")
  }
}

extension Key {
  /// The text a key carries: a character typed, or a paste.
  var text: String? {
    switch self {
    case .character(let character): String(character)
    case .paste(let text): text
    default: nil
    }
  }
}

/// A stream of what a user types into a terminal, with the text it carries.
struct TypedStream {
  var bytes: [UInt8] = []
  /// The text typed and pasted, in order.
  var text: [String] = []
  /// The number of pastes.
  var pasteCount = 0
  /// The offsets just after the ESC byte that starts a key.
  var keyStarts: Set<Int> = []

  static let keySequences = [
    "\u{1B}[A", "\u{1B}[B", "\u{1B}[C", "\u{1B}[D", "\u{1B}OH", "\u{1B}OF", "\u{1B}[H", "\u{1B}[F",
    "\u{1B}[1~", "\u{1B}[3~", "\u{1B}[4~", "\u{1B}[5~", "\u{1B}[6~", "\u{1B}[1;5C", "\u{1B}[99Z",
  ]
  static let characters: [String] = [
    "a", "Z", " ", "~", "[", "é", "e\u{301}", "🥛", "👩‍👩‍👧", "🇫🇷", "中", "\u{200B}", "\u{FFFD}", "0", "~",
  ]

  init(_ input: inout FuzzInput) {
    while !input.isEmpty {
      switch input.int(in: 0...5) {
      case 0:
        // Characters, each one key.
        for _ in 0..<input.int(in: 1...8) {
          let character = input.pick(Self.characters)
          bytes += character.utf8
          text.append(character)
        }
      case 1:
        // A paste: any bytes but its end marker.
        var pasted = input.bytes(upTo: input.int(in: 0...64))
        while let end = find(Array("\u{1B}[201~".utf8), in: pasted) { pasted.remove(at: end) }
        appendKey("\u{1B}[200~")
        bytes += pasted
        bytes += "\u{1B}[201~".utf8
        text.append(String(decoding: pasted, as: UTF8.self))
        pasteCount += 1
      case 2:
        appendKey(input.pick(Self.keySequences))
      case 3:
        // Enter, Tab, Backspace, Ctrl-A…: keys without text.
        bytes.append(input.pick([0x01, 0x03, 0x09, 0x0A, 0x0D, 0x15, 0x7F, 0x08]))
      case 4:
        // A scalar from the input itself.
        let value = UInt32(input.int(in: 0x20...0xFFFF))
        if let scalar = Unicode.Scalar(value), value != 0x7F, !(0x80..<0xA0).contains(value) {
          bytes += String(scalar).utf8
          text.append(String(scalar))
        }
      default:
        // Escape, then a key that is not part of a sequence.
        appendKey("\u{1B}")
        let character = input.pick(["q", "x", " "])
        bytes += character.utf8
        text.append(character)
      }
    }
  }

  private mutating func appendKey(_ sequence: String) {
    keyStarts.insert(bytes.count + 1)
    bytes += sequence.utf8
  }
}

func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
  guard bytes.count >= pattern.count else { return nil }
  return (0...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
}
