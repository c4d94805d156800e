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

/// Inputs the fuzz target found, replayed.
@Suite struct KeyDecoderFuzzFindingTests {
  @Test func aBrokenCharacterDoesNotSwallowTheKeysAfterIt() {
    // 0xFF announces four bytes; the NUL and the arrow after it are keys of their own.
    var decoder = KeyDecoder()
    #expect(
      decoder.decode([0xFF, 0x00, 0xFF, 0xFF, 0x1B, 0x5B, 0x41])
        == [.character("\u{FFFD}"), .control(0), .character("\u{FFFD}"), .character("\u{FFFD}"), .up])
    #expect(decoder.decode([0xE2, 0x0D, 0xC3]) == [.character("\u{FFFD}"), .enter])
    #expect(decoder.decode([0xA9, 0x61]) == [.character("é"), .character("a")])
  }

  @Test func anEscapeSequenceCutByARead() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("a\u{1B}[".utf8)) == [.character("a")])
    #expect(decoder.decode(Array("3~".utf8)) == [.delete])
    // A paste whose start marker is cut is still one paste: its line break is not Enter.
    #expect(decoder.decode(Array("\u{1B}[20".utf8)) == [])
    #expect(decoder.decode(Array("0~Buy\rmilk\u{1B}[201~".utf8)) == [.paste("Buy\rmilk")])
  }
}
