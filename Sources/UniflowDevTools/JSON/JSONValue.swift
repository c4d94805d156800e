/// A JSON value, kept exactly as written: numbers keep their text, so a Boolean is never a
/// number and a large integer never loses digits.
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"count": 1, "done": true}"#)
/// value["count"]  // .number("1")
/// value.serialized  // {"count":1,"done":true}
/// ```
///
/// Objects compare by their members, whatever their order; ``serialized`` writes the members
/// with their keys sorted, so equal values serialize the same way.
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number, as its JSON text (`1`, `-2.5`, `1e10`).
  case number(String)
  /// A string.
  case string(String)
  /// An array.
  indirect case array([JSONValue])
  /// An object.
  indirect case object([String: JSONValue])
}

extension JSONValue {
  /// Parses a JSON text.
  ///
  /// - Parameter text: One JSON value, optionally surrounded by whitespace.
  /// - Throws: ``JSONParseError`` naming the offset of the first character that is not JSON.
  /// - Complexity: O(*n*) in the length of the text.
  public init(parsing text: String) throws(JSONParseError) {
    var parser = JSONParser(Array(text.utf8))
    self = try parser.parseDocument()
  }

  /// Parses a JSON text given as UTF-8 bytes.
  ///
  /// - Parameter bytes: One JSON value in UTF-8, optionally surrounded by whitespace.
  /// - Throws: ``JSONParseError`` naming the offset of the first byte that is not JSON.
  /// - Complexity: O(*n*) in the number of bytes.
  public init(parsing bytes: some Collection<UInt8>) throws(JSONParseError) {
    var parser = JSONParser(Array(bytes))
    self = try parser.parseDocument()
  }

  /// Encodes a value straight into a JSON value, without writing and reading JSON text.
  ///
  /// The result is what `JSONEncoder` writes with its default strategies — data as Base64,
  /// URLs as their absolute string — except for dates, written as ISO 8601 strings in UTC to
  /// the millisecond (`"2026-11-30T10:00:00.250Z"`), as a session log holds them; a
  /// `JSONDecoder` reads them back with a `.custom` date strategy that parses that format.
  ///
  /// - Parameter value: The value to encode.
  /// - Throws: `EncodingError` when the value refuses to encode or holds a number that JSON
  ///   cannot represent (infinity, NaN).
  /// - Complexity: O(*n*) in the size of the value.
  public init(encoding value: some Encodable) throws {
    self = try JSONValueEncoder().encode(value)
  }

  /// The member of an object with the given key; `nil` for a missing key or a value that is
  /// not an object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members[key]
  }

  /// The string, when the value is a string.
  public var stringValue: String? {
    guard case .string(let string) = self else { return nil }
    return string
  }

  /// The number as an integer, when the value is a number without a fraction or exponent
  /// that fits in `Int`.
  public var intValue: Int? {
    guard case .number(let text) = self else { return nil }
    return Int(text)
  }

  /// The number as a `Double`, when the value is a number.
  public var doubleValue: Double? {
    guard case .number(let text) = self else { return nil }
    return Double(text)
  }

  /// The value as compact JSON text, object members sorted by key.
  ///
  /// - Complexity: O(*n*) in the size of the value, plus sorting each object's keys.
  public var serialized: String {
    var bytes: [UInt8] = []
    write(into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the value as compact JSON text to a string.
  ///
  /// - Parameter output: The string to append to.
  public func write(to output: inout String) {
    var bytes: [UInt8] = []
    write(into: &bytes)
    output += String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the value as compact JSON text in UTF-8.
  func write(into output: inout [UInt8]) {
    switch self {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
    case .number(let text): output.append(contentsOf: text.utf8)
    case .string(let string): writeJSONString(string, into: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        element.write(into: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      // The members sorted with their values: no look-up per key.
      for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        writeJSONString(member.key, into: &output)
        output.append(UInt8(ascii: ":"))
        member.value.write(into: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }
}

extension JSONValue: CustomStringConvertible {
  /// The value as compact JSON text.
  public var description: String { serialized }
}

extension JSONValue: ExpressibleByStringLiteral {
  /// A JSON string.
  ///
  /// - Parameter value: The string.
  public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  /// A JSON number.
  ///
  /// - Parameter value: The integer.
  public init(integerLiteral value: Int) { self = .number(String(value)) }
}

extension JSONValue: ExpressibleByBooleanLiteral {
  /// `true` or `false`.
  ///
  /// - Parameter value: The Boolean.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByNilLiteral {
  /// `null`.
  ///
  /// - Parameter nilLiteral: Nothing.
  public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByArrayLiteral {
  /// A JSON array.
  ///
  /// - Parameter elements: The elements.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// A JSON object.
  ///
  /// - Parameter elements: The members; a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
  }
}

/// Appends a string as a JSON string literal, escaping what JSON requires, and `<`, `>` and `&`
/// so that the text is safe inside an HTML `<script>` element.
func writeJSONString(_ string: String, to output: inout String) {
  var bytes: [UInt8] = []
  writeJSONString(string, into: &bytes)
  output += String(decoding: bytes, as: UTF8.self)
}

/// Appends a string as a JSON string literal in UTF-8, escaping what JSON requires, and `<`,
/// `>`, `&`, U+2028 and U+2029 so that the text is safe inside an HTML `<script>` element.
func writeJSONString(_ string: String, into output: inout [UInt8]) {
  let hex: [UInt8] = Array("0123456789abcdef".utf8)
  func appendUnicodeEscape(_ value: UInt32) {
    output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
    for shift in stride(from: 12, through: 0, by: -4) {
      output.append(hex[Int((value >> UInt32(shift)) & 0xF)])
    }
  }
  output.append(UInt8(ascii: "\""))
  var utf8 = string.utf8.makeIterator()
  var lookahead: [UInt8] = []
  while let byte = lookahead.isEmpty ? utf8.next() : lookahead.removeFirst() {
    switch byte {
    case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
    case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
    case UInt8(ascii: "\n"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
    case UInt8(ascii: "\r"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
    case UInt8(ascii: "\t"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
    case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), 0..<0x20:
      appendUnicodeEscape(UInt32(byte))
    case 0xE2:
      // U+2028 and U+2029 (E2 80 A8, E2 80 A9) end a line in older JavaScript.
      guard let second = utf8.next() else {
        output.append(byte)
        continue
      }
      guard second == 0x80, let third = utf8.next() else {
        output.append(byte)
        lookahead.append(second)
        continue
      }
      if third == 0xA8 || third == 0xA9 {
        appendUnicodeEscape(third == 0xA8 ? 0x2028 : 0x2029)
      } else {
        output.append(contentsOf: [byte, second])
        lookahead.append(third)
      }
    default:
      output.append(byte)
    }
  }
  output.append(UInt8(ascii: "\""))
}
