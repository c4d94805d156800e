import TodoCore
import Uniflow

/// What each key does on the list screen: a pure function from a key and the screen's mode to
/// what the terminal does with it.
///
/// The terminal reads a key, asks the key map, and sends the action; the state decides what
/// the action means (the selected todo, the draft). So the keys can be tested without a
/// terminal:
///
/// ```swift
/// KeyMap.command(for: .character(" "), in: .browsing)  // .sendInOrder(.list(.toggleSelected))
/// KeyMap.command(for: .character(" "), in: .editingTitle)  // .send(.editor(.edit(.insert(" "))))
/// ```
public enum KeyMap {
  /// What the terminal does with a key.
  public enum Command: Equatable, Sendable {
    /// Sends the action, and reads the next key at once: typing, moving, filtering.
    case send(TodoFeature.Action)
    /// Sends the action and waits until its effects are over before reading the next key: a
    /// change to the todos, which the keys typed after it may be about.
    case sendInOrder(TodoFeature.Action)
    /// Gives the terminal back and stops the program until the shell resumes it.
    case suspend
    /// Ends the program.
    case quit
  }

  /// The keys of the list, as the footer shows them.
  public static let browsingHints = [
    " ↑↓/jk PgUp/PgDn g/G move  space toggle  enter open  a add  e edit  d/del delete",
    // Esc (back: the message, then a kept search) left the hints for the settings, so that the
    // line fits 80 columns; the help and the README list it.
    " u undo  r redo  / search  f/tab filter  s settings  c clear done  q quit",
  ]
  /// The keys of the settings screen, as the footer shows them.
  public static let settingsHints = [" ↑↓/jk choose  ←→/hl/space change  esc/enter back  q quit", ""]
  /// The keys of the detail screen, where the note is typed, as the footer shows them (going
  /// back saves the note).
  public static let editingNoteHint =
    " enter/esc back  tab history  ←→ ^A ^E move  ^U ^K delete  ^_ undo  ^Y redo"
  /// The keys of the history screen, as the footer shows them.
  public static let historyHints = [" esc/enter back  q quit", ""]
  /// The keys of the title editor, as the footer shows them.
  public static let editingHint = " enter save  esc cancel  ←→ home/end ^A ^E move  ^U ^K delete"
  /// The keys of the search field, as the footer shows them.
  public static let searchingHint = " enter keep the search  esc clear it"

  /// What a key does in a mode.
  ///
  /// - Parameters:
  ///   - key: The key pressed.
  ///   - mode: What the keys do now (``TodoCore/TodoFeature/State/mode``).
  /// - Returns: What to do, or `nil` for a key that does nothing here.
  public static func command(for key: Key, in mode: TodoFeature.Mode) -> Command? {
    if key == .control(0x1A) { return .suspend }
    switch mode {
    case .browsing: return browsing(key)
    case .editingTitle: return editingTitle(key)
    case .searching: return searching(key)
    case .editingNote(let id): return editingNote(key, on: id)
    case .readingHistory(let id): return readingHistory(key, on: id)
    case .changingSettings(let id): return changingSettings(key, on: id)
    }
  }

  /// What the first keys of a batch read in one go do in a mode, and how many keys that is.
  ///
  /// Characters typed in a row into a line (a title, a search, a note) make one insertion, as
  /// a paste does: the line, the list that follows a search and the screen change once for
  /// the whole run, however many keys the terminal sent one after another. Any other key is
  /// one command, as ``command(for:in:)`` gives it.
  ///
  /// ```swift
  /// KeyMap.command(for: [.character("h"), .character("i"), .enter], in: .editingTitle)
  /// // (.send(.editor(.edit(.insert("hi")))), 2)
  /// ```
  ///
  /// - Parameters:
  ///   - keys: The keys not handled yet, oldest first; not empty.
  ///   - mode: What the keys do now.
  /// - Returns: What to do, or `nil` for a key that does nothing here, and how many keys of
  ///   `keys` it stands for (at least one).
  /// - Complexity: O(*k*) in the number of keys it stands for.
  public static func command(
    for keys: ArraySlice<Key>, in mode: TodoFeature.Mode
  ) -> (command: Command?, count: Int) {
    guard let first = keys.first else { return (nil, 0) }
    guard case .character = first, mode.typesText else { return (command(for: first, in: mode), 1) }
    var run = ""
    var count = 0
    while count < keys.count, case .character(let character) = keys[keys.startIndex + count] {
      run.append(character)
      count += 1
    }
    return (command(for: .paste(run), in: mode), count)
  }

  private static func browsing(_ key: Key) -> Command? {
    switch key {
    case .up, .character("k"): .send(.list(.moveSelection(by: -1)))
    case .down, .character("j"): .send(.list(.moveSelection(by: 1)))
    case .pageUp: .send(.list(.movePage(by: -1)))
    case .pageDown: .send(.list(.movePage(by: 1)))
    case .home, .character("g"): .send(.list(.selectFirst))
    case .end, .character("G"): .send(.list(.selectLast))
    case .character(" "): .sendInOrder(.list(.toggleSelected))
    case .enter: .send(.list(.openSelected))
    case .character("a"): .send(.list(.addTodo))
    case .character("e"): .send(.list(.editSelected))
    case .character("/"): .send(.list(.startSearch))
    case .character("d"), .delete: .sendInOrder(.list(.deleteSelected))
    case .character("u"): .sendInOrder(.undo)
    case .character("r"): .sendInOrder(.redo)
    case .character("c"): .sendInOrder(.clearDone)
    case .character("f"), .tab: .send(.list(.cycleFilter))
    case .character("s"): .send(.list(.openSettings))
    case .escape: .send(.back)
    case .character("q"), .control(3), .control(4): .quit
    default: nil
    }
  }

  /// Enter ends the title: the keys after it are commands again, even when they arrived in the
  /// same read (type-ahead, or a paste the terminal did not mark as one).
  private static func editingTitle(_ key: Key) -> Command? {
    switch key {
    case .enter: .sendInOrder(.editor(.save))
    case .escape: .send(.editor(.cancel))
    case .control(3): .quit
    default: LineEditor.edit(for: key).map { .send(.editor(.edit($0))) }
    }
  }

  /// The list follows the search as it is typed; Enter keeps it, Esc clears it.
  private static func searching(_ key: Key) -> Command? {
    switch key {
    case .enter: .send(.list(.keepSearch))
    case .escape: .send(.list(.clearSearch))
    case .control(3): .quit
    default: LineEditor.edit(for: key).map { .send(.list(.editSearch($0))) }
    }
  }

  /// The detail screen's note follows the keys typed; Enter or Esc go back to the list once the
  /// note is saved, so the keys after them are the list's. Ctrl-_ (typed Ctrl-/ in most
  /// terminals) undoes an edit of the note and Ctrl-Y redoes it; Ctrl-Z still suspends.
  private static func editingNote(_ key: Key, on id: StackElementID) -> Command? {
    func detail(_ action: TodoDetailFeature.Action) -> TodoFeature.Action {
      .path(.element(id: id, action: .detail(action)))
    }
    switch key {
    case .enter, .escape: return .sendInOrder(detail(.close))
    case .tab: return .send(detail(.showHistory))
    case .control(0x1F): return .send(detail(.undo(.undo)))
    case .control(0x19): return .send(detail(.undo(.redo)))
    case .control(3): return .quit
    default: return LineEditor.edit(for: key).map { .send(detail(.edit($0))) }
    }
  }

  /// The history screen only goes back, to the detail it was pushed from.
  private static func readingHistory(_ key: Key, on id: StackElementID) -> Command? {
    switch key {
    case .enter, .escape, .backspace, .left:
      .sendInOrder(.path(.element(id: id, action: .history(.close))))
    case .character("q"), .control(3), .control(4): .quit
    default: nil
    }
  }

  /// The settings screen changes the selected setting at once: each change is kept, and
  /// shown by every running `todo`.
  private static func changingSettings(_ key: Key, on id: StackElementID) -> Command? {
    func settings(_ action: TodoSettingsFeature.Action) -> Command {
      .send(.path(.element(id: id, action: .settings(action))))
    }
    switch key {
    case .up, .character("k"): return settings(.moveSelection(by: -1))
    case .down, .character("j"): return settings(.moveSelection(by: 1))
    case .left, .character("h"): return settings(.changeSelected(by: -1))
    case .right, .character("l"), .character(" "): return settings(.changeSelected(by: 1))
    case .enter, .escape, .backspace: return .sendInOrder(.path(.element(id: id, action: .settings(.close))))
    case .character("q"), .control(3), .control(4): return .quit
    default: return nil
    }
  }
}

extension TodoFeature.Mode {
  /// Whether the characters typed go into a line of text: a title, a search or a note.
  fileprivate var typesText: Bool {
    switch self {
    case .editingTitle, .searching, .editingNote: true
    case .browsing, .readingHistory, .changingSettings: false
    }
  }
}
