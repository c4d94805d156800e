import Testing
import TodoCore
import TodoTerminal

/// Typing a line: the keys that edit a draft, and what of it shows on a narrow screen.
@Suite struct LineEditorTests {
  func typed(_ keys: [Key], from text: String = "") -> TextDraft {
    var draft = TextDraft(text)
    for key in keys {
      if let edit = LineEditor.edit(for: key) { draft.apply(edit) }
    }
    return draft
  }

  @Test func charactersAndPastesInsertAtTheCursor() {
    let draft = typed([.character("a"), .character("c"), .left, .character("b"), .paste("x\ny")])
    #expect(draft.text == "abx yc")
    #expect(draft.cursor == 5)
  }

  @Test func movingStopsAtTheEnds() {
    #expect(typed([.left, .left, .left, .left], from: "ab").cursor == 0)
    #expect(typed([.home, .right, .right, .right], from: "ab").cursor == 2)
    #expect(typed([.control(0x01)], from: "ab").cursor == 0)
    #expect(typed([.home, .control(0x05)], from: "ab").cursor == 2)
    #expect(typed([.home, .end], from: "ab").cursor == 2)
  }

  @Test func deletingBeforeAtAndAroundTheCursor() {
    #expect(typed([.backspace], from: "abc").text == "ab")
    #expect(typed([.home, .backspace], from: "abc").text == "abc")
    #expect(typed([.home, .delete], from: "abc").text == "bc")
    #expect(typed([.delete], from: "abc").text == "abc")
    #expect(typed([.left, .control(0x15)], from: "abc") == typed([.end], from: "c").withCursorAtStart)
    #expect(typed([.left, .control(0x0B)], from: "abc").text == "ab")
  }

  @Test func keysThatDoNotEditAreNotEdits() {
    for key: Key in [.enter, .escape, .tab, .up, .down, .pageUp, .control(3)] {
      #expect(LineEditor.edit(for: key) == nil)
    }
  }

  @Test func aLongLineShowsThePartAroundTheCursor() {
    let draft = TextDraft("abcdefghij")
    #expect(LineEditor.visible(draft, width: 5) == ("ghij", 4))
    let atStart = typed([.home], from: "abcdefghij")
    #expect(LineEditor.visible(atStart, width: 5) == ("abcde", 0))
    // Wide characters take two columns; control characters show as one replacement.
    #expect(LineEditor.visible(TextDraft("日本"), width: 10) == ("日本", 4))
    #expect(LineEditor.visible(TextDraft("a\u{07}b"), width: 10) == ("a�b", 3))
  }
}

extension TextDraft {
  /// The same text, with the cursor at its start.
  fileprivate var withCursorAtStart: TextDraft {
    var draft = self
    draft.apply(.moveToStart)
    return draft
  }
}

/// Key sequences the fuzz target found, replayed: each once left the cursor outside the text.
@Suite struct LineEditorFuzzFindingTests {
  @Test func anAccentTypedAfterALetterJoinsItAndTheCursorStaysAtTheEnd() {
    var draft = TextDraft("e")
    draft.apply(.insert("\u{301}"))
    #expect(draft.text == "é")
    #expect(draft.cursor == 1)
    draft.apply(.deleteBackward)
    #expect(draft == TextDraft(""))
  }

  @Test func theSecondHalfOfAFlagTypedInTheMiddleJoinsTheFirst() {
    var draft = TextDraft("🇫b", cursor: 1)
    draft.apply(.insert("🇷"))
    #expect(draft.text == "🇫🇷b")
    #expect(draft.cursor == 1)
    #expect(LineEditor.visible(draft, width: 10) == ("🇫🇷b", 2))
    draft.apply(.moveRight)
    draft.apply(.deleteBackward)
    #expect(draft == TextDraft("🇫🇷"))
  }
}

extension LineEditorFuzzFindingTests {
  @Test func aRegionalIndicatorTypedBeforeARunOfThemPairsTheWholeRunAgain() {
    // Three indicators are a flag and a lone one; a fourth typed before them makes two flags:
    // the count kept beside the text had three.
    var draft = TextDraft("🇷🇷🇷", cursor: 0)
    draft.apply(.insert("🇷"))
    #expect(draft.text == "🇷🇷🇷🇷")
    #expect(draft == TextDraft("🇷🇷🇷🇷", cursor: 1))
    draft.apply(.moveToEnd)
    #expect(draft.cursor == 2)
    draft.apply(.deleteBackward)
    #expect(draft == TextDraft("🇷🇷", cursor: 1))
  }

  @Test func anEmojiTypedBeforeAJoinerJoinsTheEmojiAfterIt() {
    // A joiner at the start stands alone; an emoji typed before it joins it and the emoji
    // after it into one character, two characters past the edit.
    var draft = TextDraft("\u{200D}👩x", cursor: 0)
    draft.apply(.insert("👩"))
    #expect(draft.text == "👩\u{200D}👩x")
    #expect(draft == TextDraft("👩\u{200D}👩x", cursor: 1))
  }
}
