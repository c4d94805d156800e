import Foundation
import Testing
import Uniflow

/// A state that holds a shared value encodes the value and decodes again: to a value of its
/// own, holding what was encoded.
@MainActor
@Suite struct SharedCodingTests {
  struct Settings: Codable, Equatable, Sendable {
    var showsDone = true
    var sortOrder = "title"
  }

  struct State: Codable, Equatable {
    var settings: Shared<Settings>
    var draft = ""
  }

  @Test func aSharedValueIsEncodedAsTheValueItself() throws {
    let settings = try SharedValues().shared("settings", default: Settings(showsDone: false))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(State(settings: settings, draft: "milk"))
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"draft":"milk","settings":{"showsDone":false,"sortOrder":"title"}}"#)
  }

  @Test func aDecodedStateHoldsTheEncodedValue() throws {
    let settings = try SharedValues().shared("settings", default: Settings(sortOrder: "date"))
    let state = State(settings: settings, draft: "milk")
    let decoded = try JSONDecoder().decode(State.self, from: try JSONEncoder().encode(state))
    #expect(decoded.settings.value == Settings(sortOrder: "date"))
    #expect(decoded.draft == "milk")
    #expect(decoded == state)
  }

  @Test func aDecodedValueIsItsOwnAndChangesNoOther() throws {
    let values = SharedValues()
    let settings = try values.shared("settings", default: Settings())
    var decoded = try JSONDecoder().decode(
      Shared<Settings>.self, from: try JSONEncoder().encode(settings))

    decoded.withLock { $0.showsDone = false }
    #expect(decoded.value.showsDone == false)
    #expect(settings.value.showsDone == true)
    // The key still names the value it named: decoding made no other value under it.
    #expect(try values.shared("settings", default: Settings()).value.showsDone == true)
  }

  @Test func anEncodedValueOfAnotherShapeIsADecodingError() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Shared<Settings>.self, from: Data(#"{"showsDone":"yes"}"#.utf8))
    }
  }
}
