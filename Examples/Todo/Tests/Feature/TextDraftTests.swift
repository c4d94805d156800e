import Testing
import TodoCore

/// A line being typed: its edits keep the text, the cursor and the count of characters right,
/// at the end, in the middle, and where characters join.
@Suite struct TextDraftTests {
  @Test func typingAtTheEndKeepsTheCountAndTheCursorAtTheEnd() {
    var draft = TextDraft()
    for character in String(repeating: "abc ", count: 250) {
      let changed = draft.apply(.insert(String(character)))
      #expect(changed)
    }
    #expect(draft.text == String(repeating: "abc ", count: 250))
    #expect(draft.count == 1_000)
    #expect(draft.cursor == 1_000)
    #expect(draft.cursorIndex == draft.text.endIndex)
  }

  @Test func editsInTheMiddleWorkFromTheNearerEnd() {
    var draft = TextDraft("abcdef")
    draft.apply(.moveLeft)
    draft.apply(.moveLeft)
    draft.apply(.insert("XY"))
    #expect(draft == TextDraft("abcdXYef", cursor: 6))
    draft.apply(.moveToStart)
    draft.apply(.moveRight)
    draft.apply(.deleteForward)
    #expect(draft == TextDraft("acdXYef", cursor: 1))
    draft.apply(.deleteToEnd)
    #expect(draft == TextDraft("a", cursor: 1))
    #expect(draft.count == 1)
  }

  @Test func aCombiningMarkTypedAfterALetterJoinsIt() {
    var draft = TextDraft("cafe")
    draft.apply(.insert("\u{301}"))
    #expect(draft.text == "café")
    #expect(draft.count == 4)
    #expect(draft.cursor == 4)
  }

  @Test func deletingWhatStoodBetweenTwoCharactersThatJoinCountsThemAsOne() {
    // Two regional indicators make one flag once nothing stands between them.
    var draft = TextDraft("\u{1F1EB}x\u{1F1F7}", cursor: 2)
    #expect(draft.count == 3)
    draft.apply(.deleteBackward)
    #expect(draft.text == "\u{1F1EB}\u{1F1F7}")
    #expect(draft.count == 1)
    #expect(draft.cursor == 1)
  }

  @Test func anEditSaysWhetherItChangedTheText() {
    var draft = TextDraft("ab", cursor: 0)
    let edits: [(TextDraft.Edit, changes: Bool)] = [
      (.deleteBackward, false), (.deleteToStart, false), (.moveRight, false), (.insert(""), false),
      (.deleteToStart, true), (.moveToEnd, false), (.deleteForward, false), (.deleteToEnd, false),
    ]
    for (edit, changes) in edits {
      let changed = draft.apply(edit)
      #expect(changed == changes, "\(edit)")
    }
    #expect(draft == TextDraft("b"))
  }

  @Test func aLineBreakTypedOrPastedBecomesASpace() {
    var draft = TextDraft()
    draft.apply(.insert("Oat\r\nmilk\n"))
    #expect(draft == TextDraft("Oat milk "))
  }

  @Test func draftsAreEqualWhenTheirTextAndCursorAre() {
    let typed = "Buy " + "milk"
    #expect(TextDraft(typed) == TextDraft("Buy milk"))
    #expect(TextDraft("Buy milk", cursor: 3) != TextDraft("Buy milk"))
    #expect(TextDraft("Buy milk") != TextDraft("Buy mild"))
  }
}
