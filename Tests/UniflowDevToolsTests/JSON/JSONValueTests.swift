import Foundation
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

@Suite struct JSONValueEncodingTests {
  struct Sample: Codable, Equatable {
    var flag = true
    var count = 3
    var ratio = 0.5
    var whole = 2.0
    var title: String? = "Milk"
    var missing: String? = nil
    var tags = ["a", "b"]
    var nested = ["x": [1, 2]]
    var date = Date(timeIntervalSinceReferenceDate: 12.25)
    var data = Data([1, 2, 3])
    var url = URL(string: "https://example.com/a?b=c")!
    var choice = Choice.pair(1, label: "one")

    enum Choice: Codable, Equatable {
      case none
      case pair(Int, label: String)
    }
  }

  @Test func encodingMatchesWhatJSONEncoderWritesWithISO8601DatesAndDecodesBack() throws {
    let sample = Sample()
    let direct = try JSONValue(encoding: sample)
    let dateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(date.formatted(dateStyle))
    }
    let viaText = try JSONValue(parsing: encoder.encode(sample))
    #expect(direct == viaText)
    #expect(direct["flag"] == .bool(true))
    #expect(direct["whole"] == .number("2"))
    #expect(direct["missing"] == nil)
    #expect(direct["data"] == "AQID")
    #expect(direct["date"] == "2001-01-01T00:00:12.250Z")
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      try Date(decoder.singleValueContainer().decode(String.self), strategy: dateStyle)
    }
    let decoded = try decoder.decode(Sample.self, from: Data(direct.serialized.utf8))
    #expect(decoded == sample)
  }

  @Test func nonFiniteNumbersAreRefused() {
    #expect(throws: EncodingError.self) { try JSONValue(encoding: [Double.infinity]) }
    #expect(throws: EncodingError.self) { try JSONValue(encoding: ["x": Double.nan]) }
  }
}
