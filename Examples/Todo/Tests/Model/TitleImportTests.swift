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

  @Test func aTooLongLineRefusesTheWholeImportNamingIt() throws {
    let input = Array(("Buy milk\n" + String(repeating: "x", count: 1_001) + "\nlast").utf8)
    #expect(throws: TitleImport.Error.titleTooLong(line: 2, maximum: 1_000)) {
      try TitleImport(reading: input)
    }
    #expect(
      TitleImport.Error.titleTooLong(line: 2, maximum: 1_000).description
        == "line 2: the title is longer than 1000 characters, the most a title has")
    // A line of exactly the limit, amid spaces and controls that normalization drops, is kept.
    let exact = String(repeating: " \t", count: 5_000) + String(repeating: "y", count: 1_000) + "   "
    #expect(try TitleImport(reading: Array(exact.utf8)).titles == [String(repeating: "y", count: 1_000)])
  }

  @Test func aReaderRefusesALongLineBeforeItEnds() throws {
    var reader = TitleImport.Reader()
    try reader.read(Array("Buy milk\n".utf8))
    let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 65_536)
    // The first piece of the long line already holds too many characters: the reader needs
    // no more of it.
    #expect(throws: TitleImport.Error.titleTooLong(line: 2, maximum: 1_000)) { try reader.read(piece) }
  }

  @Test func piecesCutAnywhereReadAsTheWholeText() throws {
    let text = Array("Café crème\n\n  Call mom \r\n\u{1F44D}\u{1F3FD} done".utf8)
    let whole = try TitleImport(reading: text).titles
    for cut in 0...text.count {
      var reader = TitleImport.Reader()
      try reader.read(text[..<cut])
      try reader.read(text[cut...])
      #expect(try reader.finish().titles == whole)
    }
  }

  @Test func noTitleAtAllIsAnError() {
    for input in ["", "\n  \n", "\u{1B}\u{7}\n"] {
      #expect(throws: TitleImport.Error.noTitles) { try TitleImport(reading: Array(input.utf8)) }
    }
    #expect(TitleImport.Error.noTitles.description == "no titles on standard input (one title per line)")
  }
}
