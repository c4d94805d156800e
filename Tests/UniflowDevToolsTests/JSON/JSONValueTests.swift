import Testing
import UniflowDevTools

@Suite struct JSONValueTests {
  @Test func booleansAndNumbersStayDistinct() throws {
    let value = try JSONValue(parsing: #"{"flag": true, "one": 1, "zero": 0, "no": false}"#)
    #expect(value["flag"] == .bool(true))
    #expect(value["one"] == .number("1"))
    #expect(value["zero"] == .number("0"))
    #expect(value["no"] == .bool(false))
  }

  @Test func largeIntegersKeepEveryDigit() throws {
    let value = try JSONValue(parsing: "[9007199254740993, -1.5e-7]")
    #expect(value.serialized == "[9007199254740993,-1.5e-7]")
  }

  @Test func stringsRoundTripWithEscapesAndSurrogatePairs() throws {
    let value = try JSONValue(parsing: #""a\"b\\c\n\t\u00e9\ud83d\ude00/""#)
    #expect(value == .string("a\"b\\c\n\té😀/"))
    #expect(try JSONValue(parsing: value.serialized) == value)
  }

  @Test func serializedTextIsSafeInsideAScriptElement() {
    let value: JSONValue = ["title": "</script><script>alert(1)</script>&"]
    #expect(!value.serialized.contains("</script>"))
    #expect(!value.serialized.contains("<"))
  }

  @Test func objectsSerializeWithSortedKeysAndCompareRegardlessOfOrder() throws {
    let first = try JSONValue(parsing: #"{"b": 1, "a": [true, null]}"#)
    let second = try JSONValue(parsing: #"{"a": [true, null], "b": 1}"#)
    #expect(first == second)
    #expect(first.serialized == #"{"a":[true,null],"b":1}"#)
  }

  @Test func textCutShortIsAnUnexpectedEnd() {
    #expect(throws: JSONParseError(.unexpectedEnd, at: 14)) {
      try JSONValue(parsing: #"{"title": "Mil"#)
    }
  }

  @Test(arguments: [
    ("[1,]", JSONParseError.Reason.unexpectedCharacter("']'"), 3),
    ("01", .trailingText, 1),
    ("tru", .unexpectedEnd, 3),
    ("1.e5", .invalidNumber, 0),
    (#""\x""#, .invalidEscape, 2),
    ("{} {}", .trailingText, 3),
  ])
  func invalidTextNamesTheReasonAndOffset(text: String, reason: JSONParseError.Reason, offset: Int) {
    #expect(throws: JSONParseError(reason, at: offset)) { try JSONValue(parsing: text) }
  }
}
