import Dispatch
import Foundation
import TodoCore
import Uniflow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The full-screen todo list.
///
/// The screen is a view of the store: keys become actions, and each part of the screen (the
/// header, every row, the status line) observes only the slice of state it shows, through
/// `Store.observe`. An action that changes one todo redraws that row (and the counts in the
/// header), moving the selection redraws the two rows involved, and nothing is repainted as a
/// whole except after scrolling or a resize.
///
/// ```
///  Uniflow Todo                                   2 open · 1 done · all
///  ─────────────────────────────────────────────────────────────────────
///  ▸   1  [ ] Buy milk
///      2  [x] Call mom
///  ✓ Added 1: Buy milk
///  ↑↓/jk move  space toggle  a add  e edit  d delete
///  u undo  c clear done  f filter  q quit  esc dismiss
/// ```
@MainActor
final class InteractiveList {
  /// What the bottom lines are used for.
  private enum Mode: Equatable {
    case browsing
    /// Typing the title of a new todo, or the new title of a todo.
    case editing(target: Todo.ID?, text: String)
  }

  /// What one row of the list shows.
  private struct Row: Equatable {
    var todo: Todo?
    var isSelected = false
    var idWidth = 0
    /// The message shown in the first row of an empty list.
    var placeholder: String?
  }

  private struct Header: Equatable {
    var openCount: Int
    var doneCount: Int
    var filter: TodoFilter
  }

  private struct Status: Equatable {
    var error: TodoStoreError?
    var outcome: TodoOutcome?
  }

  /// The first visible row and how many there are: what the list's scrolling depends on.
  private struct ScrollInput: Equatable {
    var selectedIndex: Int?
    var count: Int
  }

  private let store: Store<TodoFeature.State, TodoFeature.Action>
  private let terminal = Terminal()
  private var decoder = KeyDecoder()
  private var mode = Mode.browsing
  private var lines = 24
  private var width = 80
  /// The index in the visible todos of the first row on screen.
  private var top = 0
  private var sectionTokens: [ObservationToken] = []
  private var rowTokens: [ObservationToken] = []
  private var sources: [any DispatchSourceProtocol] = []
  /// The exit status, once the user quits or a signal ends the program.
  private var exitStatus: Int32?
  private var quit: CheckedContinuation<Int32, Never>?

  init(repository: any TodoRepository) {
    store = Recording.makeStore(repository: repository)
  }

  /// Shows the list until the user quits or a signal ends the program; returns the exit status.
  func run() async -> Int32 {
    // The signals are armed before the terminal changes: a signal that comes earlier ends the
    // program as usual, one that comes later restores the terminal.
    await listenToSignals()
    if let exitStatus {
      // A signal came while the others were being armed.
      for source in sources { source.cancel() }
      return exitStatus
    }
    guard terminal.enter() else {
      for source in sources { source.cancel() }
      printError("cannot switch the terminal to full-screen mode")
      return 1
    }
    let observation = store.send(.startObserving)
    layOut()
    listenToInput()
    let status = await withCheckedContinuation { quit = $0 }
    for source in sources { source.cancel() }
    // Wait for the binding to end, so that the repository is released and closes the database
    // cleanly before the program exits.
    store.send(.stopObserving)
    await observation.finish()
    sectionTokens = []
    rowTokens = []
    terminal.restore()
    return status
  }

  private func finish(_ status: Int32) {
    guard exitStatus == nil else { return }
    exitStatus = status
    quit?.resume(returning: status)
    quit = nil
  }

  // MARK: - Layout

  /// Line numbers, from 1 at the top.
  private var headerLine: Int { 1 }
  private var firstRowLine: Int { 3 }
  private var rowCount: Int { max(1, lines - 5) }
  private var statusLine: Int { lines - 2 }
  private var footerLine: Int { lines - 1 }

  /// Measures the terminal, subscribes every part of the screen to its slice of state, and
  /// paints everything once.
  private func layOut() {
    (lines, width) = terminal.size
    terminal.write("\u{1B}[2J")
    sectionTokens = [
      // Scrolling first: when it moves the rows, the row observers are replaced before they
      // would redraw for the old position.
      store.observe({ ScrollInput(selectedIndex: $0.selectedIndex, count: $0.visibleTodos.count) }) {
        [unowned self] in scroll(to: $0)
      },
      store.observe(Self.header) { [unowned self] in draw($0) },
      store.observe(Self.status) { [unowned self] in draw($0) },
    ]
    top = 0
    scroll(to: ScrollInput(selectedIndex: store.selectedIndex, count: store.visibleTodos.count), force: true)
    draw(Self.header(store.state))
    drawRule()
    draw(Self.status(store.state))
    drawFooter()
  }

  /// Keeps the selected row on screen; when that moves the rows, subscribes the rows anew for
  /// the new position and paints them.
  private func scroll(to input: ScrollInput, force: Bool = false) {
    var newTop = top
    if let index = input.selectedIndex {
      if index < newTop { newTop = index }
      if index >= newTop + rowCount { newTop = index - rowCount + 1 }
    }
    newTop = max(0, min(newTop, input.count - rowCount))
    guard force || newTop != top else { return }
    top = newTop
    subscribeRows()
  }

  /// One observation per row on screen, each selecting the todo at its position.
  private func subscribeRows() {
    let state = store.state
    rowTokens = (0..<rowCount).map { slot in
      let select = Self.row(slot: slot, top: top)
      draw(select(state), slot: slot)
      return store.observe(select) { [unowned self] in draw($0, slot: slot) }
    }
  }

  private static func row(slot: Int, top: Int) -> (TodoFeature.State) -> Row {
    { state in
      let index = top + slot
      let idWidth = max(2, String(state.todos.last?.id ?? 0).count)
      guard index < state.visibleTodos.count else {
        guard index == 0, state.isLoaded else { return Row() }
        let placeholder =
          switch state.filter {
          case .all: "No todos yet. Press a to add one."
          case .open: "No open todos. Press f to see the others."
          case .done: "No done todos. Press f to see the others."
          }
        return Row(placeholder: placeholder)
      }
      let todo = state.visibleTodos[index]
      return Row(todo: todo, isSelected: todo.id == state.selection, idWidth: idWidth)
    }
  }

  private static func header(_ state: TodoFeature.State) -> Header {
    Header(openCount: state.openCount, doneCount: state.doneCount, filter: state.filter)
  }

  private static func status(_ state: TodoFeature.State) -> Status {
    Status(error: state.error, outcome: state.outcome)
  }

  // MARK: - Drawing

  private func put(_ text: String, line: Int) {
    guard line >= 1, line <= lines else { return }
    terminal.write("\u{1B}[\(line);1H\(text)\u{1B}[0m\u{1B}[K")
    placeCursor()
  }

  private func draw(_ header: Header) {
    let title = " Uniflow Todo"
    let summary = "\(header.openCount) open · \(header.doneCount) done · showing \(header.filter) "
    let gap = max(1, width - columns(of: title) - columns(of: summary))
    put(
      "\u{1B}[1m" + fitted(title + String(repeating: " ", count: gap) + summary, width: width),
      line: headerLine)
  }

  private func drawRule() {
    put("\u{1B}[2m" + String(repeating: "─", count: width), line: headerLine + 1)
  }

  private func draw(_ row: Row, slot: Int) {
    let line = firstRowLine + slot
    guard let todo = row.todo else {
      put(row.placeholder.map { "\u{1B}[2m   " + fitted($0, width: width - 3) } ?? "", line: line)
      return
    }
    let marker = row.isSelected ? "▸" : " "
    let id = String(todo.id)
    let idText = String(repeating: " ", count: max(0, row.idWidth - id.count)) + id
    let text = " \(marker) \(idText)  [\(todo.isDone ? "x" : " ")] \(todo.title)"
    let style = (row.isSelected ? "\u{1B}[7m" : "") + (todo.isDone ? "\u{1B}[2m" : "")
    put(style + fitted(text, width: width), line: line)
  }

  private func draw(_ status: Status) {
    if let error = status.error {
      put("\u{1B}[31m" + fitted(" ✗ \(error)", width: width), line: statusLine)
    } else if let outcome = status.outcome {
      put("\u{1B}[32m" + fitted(" ✓ \(outcome)", width: width), line: statusLine)
    } else {
      put("", line: statusLine)
    }
  }

  private func drawFooter() {
    switch mode {
    case .browsing:
      put(fitted(" ↑↓/jk move  space toggle  a add  e edit  d delete", width: width), line: footerLine)
      put(fitted(" u undo  c clear done  f filter  q quit  esc dismiss", width: width), line: footerLine + 1)
      terminal.write("\u{1B}[?25l")
    case .editing(let target, let text):
      let prompt = target.map { " Rename \($0): " } ?? " Add: "
      let room = max(1, width - columns(of: prompt) - 1)
      put("\u{1B}[1m\(prompt)\u{1B}[0m" + tail(of: text, width: room), line: footerLine)
      put("\u{1B}[2m" + fitted(" enter save  esc cancel", width: width), line: footerLine + 1)
      terminal.write("\u{1B}[?25h")
      placeCursor()
    }
  }

  /// Puts the cursor at the end of the input line while editing; it is hidden otherwise.
  private func placeCursor() {
    guard case .editing(let target, let text) = mode else { return }
    let prompt = target.map { " Rename \($0): " } ?? " Add: "
    let room = max(1, width - columns(of: prompt) - 1)
    let column = columns(of: prompt) + columns(of: tail(of: text, width: room)) + 1
    terminal.write("\u{1B}[\(footerLine);\(column)H")
  }

  // MARK: - Input

  /// Handles resizes and the termination signals, and returns once the system delivers them
  /// to this program.
  ///
  /// A signal source is armed some time after it is resumed, when Dispatch installs it from a
  /// queue of its own; until then a signal has its former disposition. Ignoring a termination
  /// signal before that would lose one that comes in between, and the program would stay on
  /// screen; waiting for each source's registration closes that gap.
  private func listenToSignals() async {
    for signalNumber in [SIGWINCH, SIGINT, SIGTERM, SIGHUP] {
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
      source.setEventHandler { [unowned self] in
        MainActor.assumeIsolated {
          if signalNumber != SIGWINCH {
            finish(128 + signalNumber)
          } else if terminal.isActive {
            layOut()
          }
        }
      }
      sources.append(source)
      await withCheckedContinuation { registered in
        source.setRegistrationHandler { registered.resume() }
        source.resume()
      }
      #if canImport(Darwin)
        // There the source only observes the signal, which must not end the program too. On
        // Linux the source installs a handler of its own, which ignoring the signal would undo.
        if signalNumber != SIGWINCH { signal(signalNumber, SIG_IGN) }
      #endif
    }
  }

  private func listenToInput() {
    let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
    input.setEventHandler { [unowned self] in
      MainActor.assumeIsolated { readInput() }
    }
    sources.append(input)
    input.resume()
  }

  private func readInput() {
    var buffer = [UInt8](repeating: 0, count: 1024)
    let count = read(STDIN_FILENO, &buffer, buffer.count)
    if count == 0 { return finish(0) }
    guard count > 0 else { return }
    for key in decoder.decode(buffer[..<count]) {
      handle(key)
      if exitStatus != nil { return }
    }
  }

  private func handle(_ key: Key) {
    switch mode {
    case .browsing: browse(key)
    case .editing(let target, let text): edit(key, target: target, text: text)
    }
  }

  private func browse(_ key: Key) {
    switch key {
    case .up, .character("k"): store.send(.moveSelection(by: -1))
    case .down, .character("j"): store.send(.moveSelection(by: 1))
    case .pageUp: store.send(.moveSelection(by: -rowCount))
    case .pageDown: store.send(.moveSelection(by: rowCount))
    case .home, .character("g"): store.send(.moveSelection(by: -store.visibleTodos.count))
    case .end, .character("G"): store.send(.moveSelection(by: store.visibleTodos.count))
    case .character(" "), .enter:
      if let id = store.selection { store.send(.toggle(id: id)) }
    case .character("a"):
      setMode(.editing(target: nil, text: ""))
    case .character("e"):
      guard let id = store.selection, let todo = store.todos[id: id] else { return }
      setMode(.editing(target: id, text: todo.title))
    case .character("d"), .delete:
      if let id = store.selection { store.send(.delete(id: id)) }
    case .character("u"): store.send(.undo)
    case .character("c"): store.send(.clearDone)
    case .character("f"), .tab: store.send(.cycleFilter)
    case .escape: store.send(.dismissMessage)
    case .character("q"), .control(3), .control(4): finish(0)
    default: break
    }
  }

  private func edit(_ key: Key, target: Todo.ID?, text: String) {
    switch key {
    case .character(let character):
      setMode(.editing(target: target, text: text + String(character)))
    case .paste(let pasted):
      // A title is one line: the line breaks of a pasted text become spaces.
      setMode(.editing(target: target, text: text + String(pasted.map { $0.isNewline ? " " : $0 })))
    case .backspace:
      setMode(.editing(target: target, text: String(text.dropLast())))
    case .control(0x15):  // Ctrl-U clears the line.
      setMode(.editing(target: target, text: ""))
    case .enter:
      setMode(.browsing)
      if let target {
        store.send(.rename(id: target, title: text))
      } else {
        store.send(.add(title: text))
      }
    case .escape:
      setMode(.browsing)
    case .control(3):
      finish(0)
    default:
      break
    }
  }

  private func setMode(_ newMode: Mode) {
    mode = newMode
    drawFooter()
  }
}
