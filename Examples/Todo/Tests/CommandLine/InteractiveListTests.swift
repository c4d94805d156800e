import Foundation
import Testing
import TodoCore
import UniflowTestSupport

/// The interactive list, driven through a pseudo-terminal like a user at the keyboard.
@Suite struct InteractiveListTests {
  let todo: TodoProcess
  let terminal: PseudoTerminal

  init() throws {
    todo = try TodoProcess()
    terminal = try PseudoTerminal()
  }

  /// Starts `todo` without arguments on the pseudo-terminal.
  private func start() throws -> Process {
    try todo.start(on: terminal, environment: TodoProcess.colourTerminal)
  }

  @Test func keysAddToggleAndQuitAndTheTerminalIsRestored() async throws {
    let process = try start()
    try await terminal.read(until: "No todos yet. Press a to add one.")
    for key in [
      "↑↓/jk PgUp/PgDn g/G move", "space toggle", "enter open", "a add", "e edit", "d/del delete", "u undo",
      "r redo",
      "/ search", "f/tab filter", "s settings", "c clear done", "q quit",
    ] {
      #expect(terminal.text().contains(key))
    }

    terminal.type("a")
    try await terminal.read(until: "Add: ")
    terminal.type("Buy milk\r")
    try await terminal.read(until: "Added 1: Buy milk")
    terminal.type(" ")
    try await terminal.read(until: "Done 1: Buy milk")
    #expect(try await terminal.quit(process) == 0)
    // Back to the main screen with the cursor visible, as the last thing written.
    #expect(terminal.text().hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
    #expect(try await SQLiteTodoRepository(path: todo.database).snapshot().todos.map(\.isDone) == [true])
  }

  @Test func movingTheSelectionRedrawsOnlyTheTwoRowsInvolved() async throws {
    _ = try await todo.run("add", "Buy milk")
    _ = try await todo.run("add", "Call mom")
    let process = try start()
    try await terminal.read(until: "Call mom")

    // Move down, then change the filter: the output between the two keys is what moving drew.
    let mark = terminal.output.count
    terminal.type("j")
    terminal.type("f")
    try await terminal.read(until: "showing open", after: mark)
    let drawn = terminal.text(from: mark)
    let moving = try #require(drawn.components(separatedBy: "\u{1B}[1;1H").first)
    let positions = moving.matches(of: /\u{1B}\[(\d+);1H/).map { Int($0.output.1)! }
    // Rows are lines 3 and 4: the old selection and the new one; no header, no other row.
    #expect(positions == [3, 4])
    #expect(!moving.contains("\u{1B}[2J"))

    #expect(try await terminal.quit(process) == 0)
  }

  // MARK: The detail screen

  @Test func enterOpensTheDetailTheNoteTypedIsSavedAndEscGoesBack() async throws {
    _ = try await todo.run("add", "Buy milk")
    _ = try await todo.run("add", "Call mom")
    let process = try start()
    try await terminal.read(until: "Call mom")
    var mark = terminal.output.count
    terminal.type("j\r")
    try await terminal.read(until: "Created", after: mark)
    try await terminal.read(until: "Note: ", after: mark)
    #expect(terminal.text(from: mark).contains("#2"))
    mark = terminal.output.count
    // Esc right after typing: the note is saved before the list comes back.
    terminal.type("Her birthday\u{1B}")
    try await terminal.read(until: "Saved the note of 2: Call mom", after: mark)
    try await terminal.read(until: "enter open", after: mark)
    #expect(try await terminal.quit(process) == 0)
    #expect(try await storedSnapshot().todos.map(\.note) == ["", "Her birthday"])
  }

  @Test func quittingFromTheDetailSavesTheNoteTyped() async throws {
    _ = try await todo.run("add", "Buy milk")
    // Ctrl-C right after typing, before the pause that saves a note.
    try await typeAhead("\rOat milk\u{03}", showing: "Buy milk")
    #expect(try await storedSnapshot().todos.map(\.note) == ["Oat milk"])
  }

  @Test func ctrlUnderscoreUndoesTheNotesTypingAndCtrlYRedoesIt() async throws {
    _ = try await todo.run("add", "Buy milk")
    let process = try start()
    try await terminal.read(until: "Buy milk")
    var mark = terminal.output.count
    // A pasted "Oat milk" is one edit: the screen offers to undo it.
    terminal.type("\r\u{1B}[200~Oat milk\u{1B}[201~")
    try await terminal.read(until: "^_ undoes typing", after: mark)
    #expect(terminal.text(from: mark).contains("^_ undo  ^Y redo"))
    mark = terminal.output.count
    // Undone, redone, undone again; then "Tea" typed and Esc, which saves it. Ctrl-Z would have
    // suspended: the note's own undo is Ctrl-_.
    terminal.type("\u{1F}\u{19}\u{1F}Tea\u{1B}")
    try await terminal.read(until: "Saved the note of 1: Buy milk", after: mark)
    #expect(try await terminal.quit(process) == 0)
    #expect(try await storedSnapshot().todos.map(\.note) == ["Tea"])
  }

  @Test func keysTypedAheadAcrossAPushAndAPopAreHandledInOrder() async throws {
    _ = try await todo.run("add", "Buy milk")
    _ = try await todo.run("add", "Call mom")
    // Into the detail, a note, back, down to the next todo, toggle it, quit: all in one write.
    try await typeAhead("\rOat milk\u{1B}j q", showing: "Call mom")
    let snapshot = try await storedSnapshot()
    #expect(snapshot.todos.map(\.note) == ["Oat milk", ""])
    #expect(snapshot.todos.map(\.isDone) == [false, true])
  }

  /// Keys sent one after another (a terminal without bracketed paste, a remote session, a fast
  /// typist) are handled as they come, but the screen is drawn once for what was read in one
  /// go: the work of drawing does not grow with the keys, nor with the length of the note.
  @Test func keysTypedOneAfterAnotherIntoANoteAreDrawnOncePerBatchNotPerKey() async throws {
    _ = try await todo.run("add", "Buy milk")
    let process = try start()
    try await terminal.read(until: "Buy milk")
    terminal.type("\r")
    try await terminal.read(until: "Note: ")
    let mark = terminal.output.count
    let typed = String(repeating: "abcdefghi ", count: 400) + "end"
    terminal.type(typed)
    // The input line shows the end of the note, as the last frame drew it.
    try await terminal.read(until: "end\u{1B}[0m\u{1B}[K", after: mark)
    let drawn = terminal.text(from: mark)
    // The input line is drawn once a frame; once a key would be 4 003 times.
    let frames = drawn.components(separatedBy: "\u{1B}[1m Note: ").count - 1
    #expect(frames >= 1)
    #expect(frames <= 40, "\(frames) frames for \(typed.count) keys")
    // Each frame draws at most the screen: the output does not grow with the note either.
    let written = terminal.output.count - mark
    #expect(written <= frames * 24 * 200, "\(written) bytes in \(frames) frames")

    terminal.type("\u{1B}")
    try await terminal.read(until: "Saved the note of 1: Buy milk", after: mark)
    #expect(try await terminal.quit(process) == 0)
    #expect(try await storedSnapshot().todos.map(\.note) == [typed])
  }

  /// At 100 columns, the message of a note too long to save keeps its instruction: the reason
  /// goes on a line of its own under it.
  @Test func aNoteTooLongToSaveSaysWhatToDoAtOneHundredColumns() async throws {
    _ = try await todo.run("add", "Buy milk")
    let wide = try PseudoTerminal(columns: 100)
    let process = try todo.start(on: wide, environment: TodoProcess.colourTerminal)
    try await wide.read(until: "Buy milk")
    var mark = wide.output.count
    wide.type("\r")
    try await wide.read(until: "Note: ", after: mark)
    mark = wide.output.count
    let long = String(repeating: "n", count: Todo.maximumNoteLength + 1)
    wide.type("\u{1B}[200~\(long)\u{1B}[201~\u{1B}")
    try await wide.read(until: "(✗ not saved: 1 character too long; delete it to save)", after: mark)
    try await wide.read(until: "✗ the note is 10001 characters long; a note has at most 10000", after: mark)
    // Deleting the character over leaves a note that can be saved, and Esc saves it.
    mark = wide.output.count
    wide.type("\u{7F}\u{1B}")
    try await wide.read(until: "Saved the note of 1: Buy milk", after: mark)
    #expect(try await wide.quit(process) == 0)
    #expect(try await storedSnapshot().todos.map(\.note.count) == [Todo.maximumNoteLength])
  }

  @Test func theDetailShowsTheStoredNoteAndItsDates() async throws {
    _ = try await todo.run("add", "Buy milk")
    _ = try await todo.run("note", "1", "Oat milk")
    _ = try await todo.run("done", "1")
    let process = try start()
    try await terminal.read(until: "Buy milk")
    let mark = terminal.output.count
    terminal.type("\r")
    try await terminal.read(until: "Note: ", after: mark)
    let shown = terminal.text(from: mark)
    #expect(shown.contains("Status     done"))
    #expect(!shown.contains("Completed  -"))
    #expect(shown.contains("Note (saved)"))
    // The note under its heading, and on the input line where it is typed.
    #expect(shown.contains("[8;1H  Oat milk"))
    #expect(shown.contains("Note: \u{1B}[0mOat milk"))
    terminal.type("\u{1B}q")
    #expect(try await terminal.finish(process) == 0)
  }

  @Test func tabOnTheDetailShowsTheTodosHistoryAndEscGoesBackLevelByLevel() async throws {
    _ = try await todo.run("add", "Buy milk")
    _ = try await todo.run("add", "Call mom")
    _ = try await todo.run("note", "1", "Oat")
    _ = try await todo.run("note", "1", "Oat milk")
    _ = try await todo.run("done", "1")
    let process = try start()
    try await terminal.read(until: "Call mom")
    var mark = terminal.output.count
    terminal.type("\r\t")
    try await terminal.read(until: "History of Buy milk", after: mark)
    try await terminal.read(until: "add “Buy milk”", after: mark)
    let shown = terminal.text(from: mark)
    #expect(shown.contains("complete “Buy milk”"))
    #expect(!shown.contains("Call mom"))
    // The two changes of the note tell apart: each with its time, and the note it left.
    #expect(shown.contains(#/\d{4}-\d\d-\d\d \d\d:\d\d  note on “Buy milk”: Oat milk /#))
    #expect(shown.contains(#/\d{4}-\d\d-\d\d \d\d:\d\d  note on “Buy milk”: Oat /#))
    mark = terminal.output.count
    terminal.type("\u{1B}")
    try await terminal.read(until: "Note: ", after: mark)
    mark = terminal.output.count
    terminal.type("\u{1B}")
    try await terminal.read(until: "enter open", after: mark)
    #expect(try await terminal.quit(process) == 0)
  }

  // MARK: Type-ahead

  /// Starts the list, waits for it to show the stored todos, types `keys` in one write (as
  /// type-ahead, a slow link or an unmarked paste deliver them), and waits for the program to
  /// exit; `keys` should end with `q`.
  private func typeAhead(_ keys: String, showing visible: String) async throws {
    let process = try start()
    try await terminal.read(until: visible)
    terminal.type(keys)
    #expect(try await terminal.finish(process) == 0)
  }

  private func storedSnapshot() async throws -> TodoSnapshot {
    try await SQLiteTodoRepository(path: todo.database).snapshot()
  }

  @Test func anUndoTypedAheadAfterAnAddUndoesThatAdd() async throws {
    _ = try await todo.run("add", "A older")
    _ = try await todo.run("add", "B old")
    try await typeAhead("aX\ruq", showing: "B old")
    let snapshot = try await storedSnapshot()
    #expect(snapshot.todos.map(\.title) == ["A older", "B old"])
    #expect(snapshot.undoHistory == ["add “A older”", "add “B old”"])
    #expect(terminal.text().contains("add “X”"))
  }

  @Test func enterEndsATypedTitleAndTheKeysAfterItAreCommands() async throws {
    _ = try await todo.run("add", "A older")
    // As a paste the terminal does not mark: two titles, an undo of the second, and quit.
    try await typeAhead("aC\naD\nuq", showing: "A older")
    let snapshot = try await storedSnapshot()
    #expect(snapshot.todos.map(\.title) == ["A older", "C"])
    #expect(snapshot.undoHistory.last == "add “C”")
  }

  @Test func twoQuickSpacesToggleTwice() async throws {
    _ = try await todo.run("add", "Buy milk")
    try await typeAhead("  q", showing: "Buy milk")
    let snapshot = try await storedSnapshot()
    #expect(snapshot.todos.map(\.isDone) == [false])
    #expect(snapshot.undoHistory == ["add “Buy milk”", "complete “Buy milk”", "reopen “Buy milk”"])
  }

  /// With done todos last, the header says so, and a todo checked off leaves its place under
  /// the cursor to the next one: `k space k space` checks off two neighbours.
  @Test func withDoneTodosLastTheCursorStaysAndTwoNeighboursAreCheckedOff() async throws {
    for title in ["a", "b", "c"] { _ = try await todo.run("add", title) }
    _ = try await todo.run("config", "done-last", "yes")
    let process = try start()
    try await terminal.read(until: "showing all, done last")
    terminal.type("Gk k ")
    try await terminal.read(until: "Done 1: a")
    #expect(try await terminal.quit(process) == 0)
    #expect(try await storedSnapshot().todos.map(\.isDone) == [true, true, false])
  }

  @Test func quickDeletesEachDeleteTheSelectedTodo() async throws {
    _ = try await todo.run("add", "Buy milk")
    _ = try await todo.run("add", "Call mom")
    _ = try await todo.run("add", "Write report")
    try await typeAhead("jddq", showing: "Write report")
    #expect(try await storedSnapshot().todos.map(\.title) == ["Buy milk"])
    #expect(!terminal.text().contains("no todo with id"))
  }

  @Test func theStatusLineNamesTheLastChangeOfQuickKeys() async throws {
    _ = try await todo.run("add", "A")
    let process = try start()
    try await terminal.read(until: " A ")
    let mark = terminal.output.count
    terminal.type("aB\raC\ru")
    try await terminal.read(until: "Undid", after: mark)
    try await terminal.quit(process)
    // The last message drawn is the undo's, of the last add.
    let messages = terminal.text(from: mark).matches(of: /✓ ([^\u{1B}]*)/).map { String($0.output.1) }
    #expect(messages.last?.hasPrefix("Undid") == true)
    #expect(messages.last?.contains("“C”") == true)
    #expect(
      messages.filter { $0.hasPrefix("Added") }.map { $0.trimmingCharacters(in: .whitespaces) } == [
        "Added 2: B", "Added 3: C",
      ])
  }

  // MARK: Editing, searching, redo

  @Test func theTitleEditorMovesAndDeletesAtTheCursor() async throws {
    let home = "\u{1B}[H"
    let right = "\u{1B}[C"
    let delete = "\u{1B}[3~"
    let keys =
      "aBu milk" + home + right + right + "y"  // Buy milk
      + "\u{05}!\u{7F}"  // Ctrl-E, "!", Backspace
      + "\u{01}" + delete + "B\r"  // Ctrl-A, Delete "B", type it again
      + "axyz\u{1B}[D\u{15}Call\u{0B}\r"  // Ctrl-U before the cursor, Ctrl-K after it
      + "q"
    try await typeAhead(keys, showing: "No todos yet.")
    #expect(try await storedSnapshot().todos.map(\.title) == ["Buy milk", "Call"])
  }

  @Test func slashFiltersTheListAsYouTypeAndEscClearsTheSearch() async throws {
    for title in ["Buy milk", "Call mom", "Buy bread"] { _ = try await todo.run("add", title) }
    let process = try start()
    try await terminal.read(until: "Buy bread")
    let mark = terminal.output.count
    terminal.type("/BUY M")
    try await terminal.read(until: "matching “BUY M”", after: mark)
    try await terminal.read(until: "Search: ", after: mark)
    // Enter keeps the search; the only todo shown is the one deleted.
    terminal.type("\rd")
    try await terminal.read(until: "Deleted 1: Buy milk", after: mark)
    terminal.type("/\u{1B}q")
    #expect(try await terminal.finish(process) == 0)
    #expect(try await storedSnapshot().todos.map(\.title) == ["Call mom", "Buy bread"])
  }

  @Test func rRedoesWhatUUndid() async throws {
    _ = try await todo.run("add", "Buy milk")
    try await typeAhead(" urq", showing: "Buy milk")
    let snapshot = try await storedSnapshot()
    #expect(snapshot.todos.map(\.isDone) == [true])
    #expect(terminal.text().contains("Redid: complete “Buy milk”"))
  }

  @Test func ctrlZSuspendsAndTheListComesBackWhenResumed() async throws {
    _ = try await todo.run("add", "Buy milk")
    let process = try start()
    try await terminal.read(until: "Buy milk")
    let mark = terminal.output.count
    terminal.type("\u{1A}")
    // The terminal is given back before the program stops.
    try await terminal.read(until: "\u{1B}[?1049l", after: mark)
    try await waitUntilStopped(process)
    let resumed = terminal.output.count
    kill(process.processIdentifier, SIGCONT)
    try await terminal.read(until: "\u{1B}[?1049h", after: resumed)
    try await terminal.read(until: "Buy milk", after: resumed)
    terminal.type(" q")
    #expect(try await terminal.finish(process) == 0)
    #expect(terminal.text().hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
  }

  /// Waits until the process is stopped: `waitid` returns when the child stops (or ends),
  /// without reaping it, so `Process` still sees its exit. A watchdog kills a child that has
  /// not stopped within a minute, which ends the wait with a failure instead of a hang.
  private func waitUntilStopped(_ process: Process) async throws {
    let pid = process.processIdentifier
    let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    defer { watchdog.cancel() }
    let stopped = try await onOwnThread { () throws(PseudoTerminal.Failure) -> Bool in
      var info = siginfo_t()
      while true {
        if waitid(P_PID, id_t(pid), &info, WSTOPPED | WEXITED | WNOWAIT) == 0 { break }
        guard errno == EINTR else {
          throw PseudoTerminal.Failure(description: "waiting for the program to stop failed: \(errno)")
        }
      }
      return info.si_code == CLD_STOPPED
    }
    guard stopped else {
      throw PseudoTerminal.Failure(description: "the program did not stop after Ctrl-Z")
    }
  }

  @Test func aDumbTerminalGetsThePlainList() async throws {
    _ = try await todo.run("add", "Buy milk")
    let result = try await todo.runOnTerminal([], environment: ["TERM": "dumb"])
    #expect(result.status == 0)
    #expect(result.output == "1  [ ] Buy milk\r\n")
  }

  @Test func aTerminationSignalRestoresTheTerminal() async throws {
    let process = try start()
    try await terminal.read(until: "No todos yet.")
    process.terminate()
    try await terminal.finish(process)
    #expect(process.terminationStatus == 128 + SIGTERM)
    #expect(terminal.text().hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
  }

  /// The signal handlers are in place before the screen changes, so even a signal that comes
  /// while the list is first drawn, before the todos are loaded, restores the terminal.
  @Test func aTerminationSignalAsSoonAsTheScreenChangesRestoresTheTerminal() async throws {
    let process = try start()
    try await terminal.read(until: "\u{1B}[?1049h")
    process.terminate()
    try await terminal.finish(process)
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 128 + SIGTERM)
    #expect(terminal.text().hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
  }
}
