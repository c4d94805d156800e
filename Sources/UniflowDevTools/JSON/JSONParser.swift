/// A recursive-descent JSON parser over UTF-8 bytes that keeps numbers as text.
struct JSONParser {
  private let bytes: [UInt8]
  private var position = 0
  private var depth = 0
  /// Deeper nesting than this is refused rather than risking the stack.
  private static let maximumDepth = 512

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard position == bytes.count else { throw JSONParseError(.trailingText, at: position) }
    return value
  }

  private mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  private func unexpected() -> JSONParseError {
    guard position < bytes.count else { return JSONParseError(.unexpectedEnd, at: position) }
    let scalar = Unicode.Scalar(bytes[position])
    return JSONParseError(.unexpectedCharacter("'\(Character(scalar))'"), at: position)
  }

  private mutating func parseValue() throws(JSONParseError) -> JSONValue {
    guard position < bytes.count else { throw JSONParseError(.unexpectedEnd, at: position) }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectLiteral("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectLiteral("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectLiteral("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return try parseNumber()
    default:
      throw unexpected()
    }
  }

  private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
    let count = literal.utf8CodeUnitCount
    for offset in 0..<count {
      guard position + offset < bytes.count else {
        throw JSONParseError(.unexpectedEnd, at: bytes.count)
      }
      guard bytes[position + offset] == literal.utf8Start[offset] else {
        position += offset
        throw unexpected()
      }
    }
    position += count
  }

  private mutating func enter() throws(JSONParseError) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw JSONParseError(.unexpectedCharacter("nesting deeper than \(Self.maximumDepth)"), at: position)
    }
  }

  private mutating func parseObject() throws(JSONParseError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    position += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw unexpected() }
      let key = try parseString()
      skipWhitespace()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw unexpected() }
      position += 1
      skipWhitespace()
      members[key] = try parseValue()
      skipWhitespace()
      guard position < bytes.count else { throw JSONParseError(.unexpectedEnd, at: position) }
      switch bytes[position] {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return .object(members)
      default: throw unexpected()
      }
    }
  }

  private mutating func parseArray() throws(JSONParseError) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    position += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue())
      skipWhitespace()
      guard position < bytes.count else { throw JSONParseError(.unexpectedEnd, at: position) }
      switch bytes[position] {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return .array(elements)
      default: throw unexpected()
      }
    }
  }

  private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
    let start = position
    func digits(_ parser: inout JSONParser) -> Int {
      var count = 0
      while parser.position < parser.bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.position])
      {
        parser.position += 1
        count += 1
      }
      return count
    }
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    guard position < bytes.count else { throw JSONParseError(.unexpectedEnd, at: position) }
    if bytes[position] == UInt8(ascii: "0") {
      position += 1
    } else if digits(&self) == 0 {
      throw JSONParseError(.invalidNumber, at: start)
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits(&self) > 0 else {
        throw position == bytes.count
          ? JSONParseError(.unexpectedEnd, at: position) : JSONParseError(.invalidNumber, at: start)
      }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard digits(&self) > 0 else {
        throw position == bytes.count
          ? JSONParseError(.unexpectedEnd, at: position) : JSONParseError(.invalidNumber, at: start)
      }
    }
    return .number(String(decoding: bytes[start..<position], as: UTF8.self))
  }

  private mutating func parseString() throws(JSONParseError) -> String {
    position += 1
    var scratch: [UInt8] = []
    var runStart = position
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        scratch.append(contentsOf: bytes[runStart..<position])
        position += 1
        return String(decoding: scratch, as: UTF8.self)
      case UInt8(ascii: "\\"):
        scratch.append(contentsOf: bytes[runStart..<position])
        position += 1
        guard position < bytes.count else { throw JSONParseError(.unexpectedEnd, at: position) }
        let escape = bytes[position]
        position += 1
        switch escape {
        case UInt8(ascii: "\""): scratch.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): scratch.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): scratch.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try parseHex4()
          if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate: a low one must follow.
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
              bytes[position + 1] == UInt8(ascii: "u")
            else { throw JSONParseError(.invalidEscape, at: position) }
            position += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else {
              throw JSONParseError(.invalidEscape, at: position)
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let unicode = Unicode.Scalar(scalar) else {
            throw JSONParseError(.invalidEscape, at: position)
          }
          scratch.append(contentsOf: Array(String(Character(unicode)).utf8))
        default:
          throw JSONParseError(.invalidEscape, at: position - 1)
        }
        runStart = position
      case 0..<0x20:
        throw unexpected()
      default:
        position += 1
      }
    }
    throw JSONParseError(.unexpectedEnd, at: position)
  }

  private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    guard position + 4 <= bytes.count else { throw JSONParseError(.unexpectedEnd, at: bytes.count) }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw JSONParseError(.invalidEscape, at: position)
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }
}
