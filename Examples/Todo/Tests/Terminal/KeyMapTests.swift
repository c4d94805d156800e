import Testing
import TodoCore
import TodoTerminal

/// What each key does in each mode: the README's key table, checked without a terminal.
@Suite struct KeyMapTests {
  func command(_ key: Key, _ mode: TodoFeature.Mode = .browsing) -> KeyMap.Command? {
    KeyMap.command(for: key, in: mode)
  }

  @Test func browsingKeysMoveAndChangeTheList() {
    #expect(command(.up) == .send(.list(.moveSelection(by: -1))))
    #expect(command(.character("k")) == .send(.list(.moveSelection(by: -1))))
    #expect(command(.down) == .send(.list(.moveSelection(by: 1))))
    #expect(command(.character("j")) == .send(.list(.moveSelection(by: 1))))
    #expect(command(.pageUp) == .send(.list(.movePage(by: -1))))
    #expect(command(.pageDown) == .send(.list(.movePage(by: 1))))
    #expect(command(.character("g")) == .send(.list(.selectFirst)))
    #expect(command(.home) == .send(.list(.selectFirst)))
    #expect(command(.character("G")) == .send(.list(.selectLast)))
    #expect(command(.end) == .send(.list(.selectLast)))
    #expect(command(.character("a")) == .send(.list(.addTodo)))
    #expect(command(.character("e")) == .send(.list(.editSelected)))
    #expect(command(.character("/")) == .send(.list(.startSearch)))
    #expect(command(.character("f")) == .send(.list(.cycleFilter)))
    #expect(command(.tab) == .send(.list(.cycleFilter)))
    #expect(command(.character("s")) == .send(.list(.openSettings)))
    #expect(command(.escape) == .send(.back))
    #expect(command(.character("x")) == nil)
    // Enter pushes the detail screen at once: the keys after it are the screen's.
    #expect(command(.enter) == .send(.list(.openSelected)))
  }

  @Test func onTheDetailScreenKeysTypeTheNoteAndEnterOrEscGoBackInOrder() {
    let mode = TodoFeature.Mode.editingNote(3)
    func detail(_ action: TodoDetailFeature.Action) -> TodoFeature.Action {
      .path(.element(id: 3, action: .detail(action)))
    }
    #expect(command(.character("q"), mode) == .send(detail(.edit(.insert("q")))))
    #expect(command(.character(" "), mode) == .send(detail(.edit(.insert(" ")))))
    #expect(command(.left, mode) == .send(detail(.edit(.moveLeft))))
    #expect(command(.escape, mode) == .sendInOrder(detail(.close)))
    #expect(command(.enter, mode) == .sendInOrder(detail(.close)))
    #expect(command(.tab, mode) == .send(detail(.showHistory)))
    #expect(command(.control(3), mode) == .quit)
  }

  @Test func onTheDetailScreenCtrlUnderscoreUndoesTheNoteCtrlYRedoesAndCtrlZStillSuspends() {
    let mode = TodoFeature.Mode.editingNote(3)
    #expect(command(.control(0x1F), mode) == .send(.path(.element(id: 3, action: .detail(.undo(.undo))))))
    #expect(command(.control(0x19), mode) == .send(.path(.element(id: 3, action: .detail(.undo(.redo))))))
    #expect(command(.control(0x1A), mode) == .suspend)
    // The list's own undo keys are letters, which the note types.
    #expect(
      command(.character("u"), mode) == .send(.path(.element(id: 3, action: .detail(.edit(.insert("u")))))))
  }

  @Test func onTheHistoryScreenKeysGoBackOrQuit() {
    let mode = TodoFeature.Mode.readingHistory(4)
    let back = KeyMap.Command.sendInOrder(.path(.element(id: 4, action: .history(.close))))
    for key in [Key.escape, .enter, .backspace, .left] { #expect(command(key, mode) == back) }
    #expect(command(.character("q"), mode) == .quit)
    #expect(command(.character("x"), mode) == nil)
  }

  @Test func onTheSettingsScreenArrowsChooseAndChangeASetting() {
    let mode = TodoFeature.Mode.changingSettings(5)
    func settings(_ action: TodoSettingsFeature.Action) -> KeyMap.Command {
      .send(.path(.element(id: 5, action: .settings(action))))
    }
    #expect(command(.down, mode) == settings(.moveSelection(by: 1)))
    #expect(command(.character("k"), mode) == settings(.moveSelection(by: -1)))
    #expect(command(.right, mode) == settings(.changeSelected(by: 1)))
    #expect(command(.character(" "), mode) == settings(.changeSelected(by: 1)))
    #expect(command(.left, mode) == settings(.changeSelected(by: -1)))
    let back = KeyMap.Command.sendInOrder(.path(.element(id: 5, action: .settings(.close))))
    for key in [Key.escape, .enter, .backspace] { #expect(command(key, mode) == back) }
    #expect(command(.character("q"), mode) == .quit)
    #expect(command(.character("x"), mode) == nil)
  }

  /// A key that changes the todos is sent in order: the keys after it wait for its change.
  @Test func keysThatChangeTheTodosAreSentInOrder() {
    #expect(command(.character(" ")) == .sendInOrder(.list(.toggleSelected)))
    #expect(command(.character("d")) == .sendInOrder(.list(.deleteSelected)))
    #expect(command(.delete) == .sendInOrder(.list(.deleteSelected)))
    #expect(command(.character("u")) == .sendInOrder(.undo))
    #expect(command(.character("r")) == .sendInOrder(.redo))
    #expect(command(.character("c")) == .sendInOrder(.clearDone))
  }

  @Test func typingATitleEditsTheDraftAndOnlyEnterWaits() {
    #expect(command(.character("q"), .editingTitle) == .send(.editor(.edit(.insert("q")))))
    #expect(command(.character(" "), .editingTitle) == .send(.editor(.edit(.insert(" ")))))
    #expect(command(.left, .editingTitle) == .send(.editor(.edit(.moveLeft))))
    #expect(command(.enter, .editingTitle) == .sendInOrder(.editor(.save)))
    #expect(command(.escape, .editingTitle) == .send(.editor(.cancel)))
    #expect(command(.up, .editingTitle) == nil)
  }

  @Test func typingASearchEditsItAndEnterKeepsIt() {
    #expect(command(.character("m"), .searching) == .send(.list(.editSearch(.insert("m")))))
    #expect(command(.backspace, .searching) == .send(.list(.editSearch(.deleteBackward))))
    #expect(command(.enter, .searching) == .send(.list(.keepSearch)))
    #expect(command(.escape, .searching) == .send(.list(.clearSearch)))
  }

  @Test func quittingAndSuspendingAreTheTerminalsOwn() {
    #expect(command(.character("q")) == .quit)
    #expect(command(.control(3)) == .quit)
    #expect(command(.control(4)) == .quit)
    for mode: TodoFeature.Mode in [.editingTitle, .searching] {
      #expect(command(.control(3), mode) == .quit)
      #expect(command(.control(4), mode) == nil)
    }
    for mode: TodoFeature.Mode in [.browsing, .editingTitle, .searching] {
      #expect(command(.control(0x1A), mode) == .suspend)
    }
  }

  @Test func charactersTypedInARowIntoALineAreOneInsertion() {
    let keys: [Key] = [.character("O"), .character("a"), .character("t"), .enter, .character("x")]
    let note = KeyMap.command(for: keys[...], in: .editingNote(3))
    #expect(note.command == .send(.path(.element(id: 3, action: .detail(.edit(.insert("Oat")))))))
    #expect(note.count == 3)
    // The key after the run is a command of its own, in the mode the run left.
    let enter = KeyMap.command(for: keys[3...], in: .editingNote(3))
    #expect(enter.command == .sendInOrder(.path(.element(id: 3, action: .detail(.close)))))
    #expect(enter.count == 1)
    #expect(KeyMap.command(for: keys[...], in: .editingTitle) == (.send(.editor(.edit(.insert("Oat")))), 3))
    #expect(KeyMap.command(for: keys[...], in: .searching) == (.send(.list(.editSearch(.insert("Oat")))), 3))
  }

  @Test func whereCharactersAreCommandsEachIsOne() {
    let keys: [Key] = [.character("j"), .character("j"), .character(" ")]
    #expect(KeyMap.command(for: keys[...], in: .browsing) == (.send(.list(.moveSelection(by: 1))), 1))
    #expect(KeyMap.command(for: keys[...], in: .changingSettings(2)).count == 1)
    #expect(KeyMap.command(for: [Key.left, .character("a")][...], in: .editingTitle).count == 1)
  }
}
