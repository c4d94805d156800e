import Testing
import TodoTerminal

/// The bytes of a raw terminal, decoded into keys.
@Suite struct KeyDecoderTests {
  func keys(_ text: String) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(Array(text.utf8))
  }

  @Test func charactersControlKeysAndEditingKeys() {
    #expect(keys("a é") == [.character("a"), .character(" "), .character("é")])
    #expect(keys("\r\n\u{7F}\u{08}\t") == [.enter, .enter, .backspace, .backspace, .tab])
    #expect(keys("\u{03}\u{1A}\u{15}") == [.control(3), .control(0x1A), .control(0x15)])
  }

  @Test func escapeSequencesOfArrowsAndEditingKeys() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}OH\u{1B}[F\u{1B}[1~\u{1B}[4~") == [.home, .end, .home, .end])
    #expect(keys("\u{1B}[3~\u{1B}[5~\u{1B}[6~") == [.delete, .pageUp, .pageDown])
    // An escape with nothing recognizable after it is the Escape key.
    #expect(keys("\u{1B}") == [.escape])
    #expect(keys("\u{1B}q") == [.escape, .character("q")])
    // An unknown sequence is one key, not its letters.
    #expect(keys("\u{1B}[99Zx") == [.control(0x1B), .character("x")])
  }

  @Test func aCharacterSplitAcrossReadsComesWhole() {
    var decoder = KeyDecoder()
    let bytes = Array("🥛".utf8)
    #expect(decoder.decode(bytes.prefix(2)) == [])
    #expect(decoder.decode(bytes.dropFirst(2)) == [.character("🥛")])
  }

  @Test func aPasteIsOneKeyEvenAcrossReadsAndWithLineBreaks() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[200~Buy\r".utf8)) == [])
    #expect(decoder.decode(Array("milk\u{1B}[20".utf8)) == [])
    #expect(decoder.decode(Array("1~q".utf8)) == [.paste("Buy\rmilk"), .character("q")])
  }
}
