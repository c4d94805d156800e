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
    var output = ""
    write(to: &output)
    return output
  }

  /// Appends the value as compact JSON text to a string.
  ///
  /// - Parameter output: The string to append to.
  public func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let text): output += text
    case .string(let string): writeJSONString(string, to: &output)
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        element.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, key) in members.keys.sorted().enumerated() {
        if index > 0 { output += "," }
        writeJSONString(key, to: &output)
        output += ":"
        members[key].unsafelyUnwrapped.write(to: &output)
      }
      output += "}"
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
  output += "\""
  var pending = string.unicodeScalars.startIndex
  let scalars = string.unicodeScalars
  var index = pending
  while index < scalars.endIndex {
    let scalar = scalars[index]
    let escape: String?
    switch scalar {
    case "\"": escape = "\\\""
    case "\\": escape = "\\\\"
    case "\n": escape = "\\n"
    case "\r": escape = "\\r"
    case "\t": escape = "\\t"
    case "<": escape = "\\u003c"
    case ">": escape = "\\u003e"
    case "&": escape = "\\u0026"
    case "\u{2028}": escape = "\\u2028"
    case "\u{2029}": escape = "\\u2029"
    default:
      if scalar.value < 0x20 {
        let hex = String(scalar.value, radix: 16)
        escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        escape = nil
      }
    }
    if let escape {
      output.unicodeScalars.append(contentsOf: scalars[pending..<index])
      output += escape
      pending = scalars.index(after: index)
    }
    index = scalars.index(after: index)
  }
  output.unicodeScalars.append(contentsOf: scalars[pending..<scalars.endIndex])
  output += "\""
}
