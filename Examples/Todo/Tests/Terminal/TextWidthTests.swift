import Testing
import TodoTerminal

/// Text measured and fitted in terminal columns.
@Suite struct TextWidthTests {
  @Test func wideCharactersTakeTwoColumnsAndMarksNone() {
    #expect(TextWidth.columns(of: "abc") == 3)
    #expect(TextWidth.columns(of: "日本") == 4)
    #expect(TextWidth.columns(of: "🥛") == 2)
    #expect(TextWidth.columns(of: "e\u{301}") == 1)
  }

  @Test func fittedTextIsCutWithAnEllipsisOrPaddedToTheWidth() {
    #expect(TextWidth.fitted("Buy milk", width: 5) == "Buy …")
    #expect(TextWidth.fitted("Buy", width: 5) == "Buy  ")
    #expect(TextWidth.fitted("日本語", width: 5) == "日本…")
    #expect(TextWidth.fitted("anything", width: 0) == "")
  }

  @Test func controlsThatWouldMoveTheCursorOrReorderTheLineShowAsReplacements() {
    #expect(TextWidth.printable("a\u{1B}[2Jb") == "a\u{FFFD}[2Jb")
    #expect(TextWidth.printable("a\u{202E}b") == "a\u{FFFD}b")
    #expect(TextWidth.printable("plain") == "plain")
  }
}
