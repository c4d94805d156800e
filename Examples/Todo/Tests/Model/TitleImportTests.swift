import Testing
import TodoCore

/// `todo add -`: one title per line of whatever bytes come through the pipe.
@Suite struct TitleImportTests {
  @Test func oneTitlePerLineBlankLinesSkipped() throws {
    let titles = try TitleImport(reading: Array("Buy milk\n\n  Call mom  \r\nWrite report".utf8)).titles
    #expect(titles == ["Buy milk", "Call mom", "Write report"])
  }

  @Test func bytesThatAreNotTextBecomeReplacementsAndControlsSpaces() throws {
    let input: [UInt8] = Array("Caf".utf8) + [0xC3, 0xA9, 0x0A, 0xFF, 0x20, 0x61, 0x00, 0x62, 0x0A, 0x1B]
    #expect(try TitleImport(reading: input).titles == ["Café", "\u{FFFD} a b"])
  }

  @Test func aTooLongLineRefusesTheWholeImportNamingIt() {
    let input = Array(("Buy milk\n" + String(repeating: "x", count: 1_001) + "\nlast").utf8)
    #expect(throws: TitleImport.Error.titleTooLong(line: 2, length: 1_001, maximum: 1_000)) {
      try TitleImport(reading: input)
    }
    #expect(
      TitleImport.Error.titleTooLong(line: 2, length: 1_001, maximum: 1_000).description
        == "line 2: the title is 1001 characters long; a title has at most 1000")
  }

  @Test func noTitleAtAllIsAnError() {
    for input in ["", "\n  \n", "\u{1B}\u{7}\n"] {
      #expect(throws: TitleImport.Error.noTitles) { try TitleImport(reading: Array(input.utf8)) }
    }
    #expect(TitleImport.Error.noTitles.description == "no titles on standard input (one title per line)")
  }
}
