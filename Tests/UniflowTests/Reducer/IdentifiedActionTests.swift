import Foundation
import Testing
import Uniflow

/// An action addressed to a row is `Codable` when its parts are, so a feature with rows can be
/// recorded and replayed.
@Suite struct IdentifiedActionTests {
  enum RowAction: Codable, Equatable { case toggle, rename(String) }

  @Test func encodesItsIdentifierAndAction() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let action = IdentifiedAction<Int, RowAction>.element(id: 3, action: .rename("milk"))
    let text = String(decoding: try encoder.encode(action), as: UTF8.self)
    #expect(text == #"{"element":{"action":{"rename":{"_0":"milk"}},"id":3}}"#)
    #expect(try JSONDecoder().decode(IdentifiedAction<Int, RowAction>.self, from: Data(text.utf8)) == action)
  }

  @Test func refusesAnUnknownCaseWithATypedError() {
    let text = #"{"row":{"id":3,"action":{"toggle":{}}}}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedAction<Int, RowAction>.self, from: Data(text.utf8))
    }
  }
}
