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
///  ↑↓/jk PgUp/PgDn g/G move  space/enter toggle  a add  e edit  d/del delete
///  u undo  r redo  / search  f/tab filter  c clear done  esc dismiss  q quit
/// ```
@MainActor
final class InteractiveList {
  /// What the bottom lines are used for.
  private enum Mode: Equatable {
    case browsing
    /// Typing the title of a new todo, or the new title of a todo.
    case editing(target: Todo.ID?, line: LineEditor)
    /// Typing the text the visible titles must contain; the list follows as it changes.
    case searching(line: LineEditor)
  }

  /// What the terminal sent: a key, or the end of the input.
  private enum Input {
    case key(Key)
    case end
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
    var search: String
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
  /// Whether the status line may use colour: not when `NO_COLOR` is set.
  private let usesColour = (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
  private var decoder = KeyDecoder()
  private var mode = Mode.browsing
  private var lines = 24
  private var width = 80
  /// The index in the visible todos of the first row on screen.
  private var top = 0
  private var sectionTokens: [ObservationToken] = []
  private var rowTokens: [ObservationToken] = []
  private var sources: [any DispatchSourceProtocol] = []
  private var inputSource: (any DispatchSourceRead)?
  /// What was read from the terminal and is not handled yet, oldest first.
  private var pendingInput: [Input] = []
  /// Whether a task is handling ``pendingInput``.
  private var isHandlingInput = false
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
        if !state.search.isEmpty, !state.todos.isEmpty {
          return Row(placeholder: "No todos match “\(state.search)”. Press / to change the search.")
        }
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
    Header(openCount: state.openCount, doneCount: state.doneCount, filter: state.filter, search: state.search)
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
    let matching = header.search.isEmpty ? "" : " matching “\(header.search)”"
    let summary = "\(header.openCount) open · \(header.doneCount) done · showing \(header.filter)\(matching) "
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
      put((usesColour ? "\u{1B}[31m" : "") + fitted(" ✗ \(error)", width: width), line: statusLine)
    } else if let outcome = status.outcome {
      put((usesColour ? "\u{1B}[32m" : "") + fitted(" ✓ \(outcome)", width: width), line: statusLine)
    } else {
      put("", line: statusLine)
    }
  }

  /// The keys of the list, as the footer shows them.
  static let browsingHints = [
    " ↑↓/jk PgUp/PgDn g/G move  space/enter toggle  a add  e edit  d/del delete",
    " u undo  r redo  / search  f/tab filter  c clear done  esc dismiss  q quit",
  ]

  private func drawFooter() {
    switch mode {
    case .browsing:
      put(fitted(Self.browsingHints[0], width: width), line: footerLine)
      put(fitted(Self.browsingHints[1], width: width), line: footerLine + 1)
      terminal.write("\u{1B}[?25l")
    case .editing(let target, let line):
      drawInput(prompt: target.map { " Rename \($0): " } ?? " Add: ", line: line)
      put(
        "\u{1B}[2m" + fitted(" enter save  esc cancel  ←→ home/end ^A ^E move  ^U ^K delete", width: width),
        line: footerLine + 1)
    case .searching(let line):
      drawInput(prompt: " Search: ", line: line)
      put("\u{1B}[2m" + fitted(" enter keep the search  esc clear it", width: width), line: footerLine + 1)
    }
  }

  private func drawInput(prompt: String, line: LineEditor) {
    let room = max(1, width - columns(of: prompt) - 1)
    put("\u{1B}[1m\(prompt)\u{1B}[0m" + line.visible(width: room).text, line: footerLine)
    terminal.write("\u{1B}[?25h")
    placeCursor()
  }

  /// Puts the cursor at its place in the input line while typing; it is hidden otherwise.
  private func placeCursor() {
    let prompt: String
    let line: LineEditor
    switch mode {
    case .browsing: return
    case .editing(let target, let editor):
      (prompt, line) = (target.map { " Rename \($0): " } ?? " Add: ", editor)
    case .searching(let editor): (prompt, line) = (" Search: ", editor)
    }
    let room = max(1, width - columns(of: prompt) - 1)
    let column = columns(of: prompt) + line.visible(width: room).cursorColumn + 1
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
    inputSource = input
    sources.append(input)
    input.resume()
  }

  /// Reads the keys available and queues them; the end of the input quits once the keys
  /// before it are handled.
  private func readInput() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(STDIN_FILENO, &buffer, buffer.count)
    if count == 0 {
      // The terminal is gone: a read source would report its end again and again.
      inputSource?.cancel()
      pendingInput.append(.end)
    } else if count > 0 {
      pendingInput.append(contentsOf: decoder.decode(buffer[..<count]).map(Input.key))
    } else {
      return
    }
    guard !isHandlingInput else { return }
    isHandlingInput = true
    Task { await handlePendingInput() }
  }

  /// Handles the queued keys one at a time, in the order they were typed, each against the
  /// state the keys before it left: a key that sends a command waits for the command's
  /// effects (the change, then the contents after it) before the next key is interpreted.
  ///
  /// So an undo typed right after an add undoes that add, and a second delete typed before
  /// the first one's change reached the screen deletes the todo that moved into its place,
  /// however long the database takes.
  private func handlePendingInput() async {
    defer { isHandlingInput = false }
    while exitStatus == nil, !pendingInput.isEmpty {
      let batch = pendingInput
      pendingInput = []
      for input in batch {
        guard exitStatus == nil else { return }
        switch input {
        case .end:
          finish(0)
        case .key(let key):
          if let action = handle(key) { await store.send(action).finish() }
        }
      }
    }
  }

  /// Applies a key to the screen, and returns the action it sends, if any.
  private func handle(_ key: Key) -> TodoFeature.Action? {
    if key == .control(0x1A) {
      suspend()
      return nil
    }
    switch mode {
    case .browsing: return browse(key)
    case .editing(let target, let line): return edit(key, target: target, line: line)
    case .searching(let line): return search(key, line: line)
    }
  }

  private func browse(_ key: Key) -> TodoFeature.Action? {
    switch key {
    case .up, .character("k"): return .moveSelection(by: -1)
    case .down, .character("j"): return .moveSelection(by: 1)
    case .pageUp: return .moveSelection(by: -rowCount)
    case .pageDown: return .moveSelection(by: rowCount)
    case .home, .character("g"): return .moveSelection(by: -store.visibleTodos.count)
    case .end, .character("G"): return .moveSelection(by: store.visibleTodos.count)
    case .character(" "), .enter:
      return store.selection.map { .toggle(id: $0) }
    case .character("a"):
      setMode(.editing(target: nil, line: LineEditor()))
    case .character("e"):
      guard let id = store.selection, let todo = store.todos[id: id] else { return nil }
      setMode(.editing(target: id, line: LineEditor(todo.title)))
    case .character("/"):
      setMode(.searching(line: LineEditor(store.search)))
    case .character("d"), .delete:
      return store.selection.map { .delete(id: $0) }
    case .character("u"): return .undo
    case .character("r"): return .redo
    case .character("c"): return .clearDone
    case .character("f"), .tab: return .cycleFilter
    case .escape: return .dismissMessage
    case .character("q"), .control(3), .control(4): finish(0)
    default: break
    }
    return nil
  }

  /// Edits the title being typed. Enter ends the title: the keys after it are commands again,
  /// even when they arrived in the same read (type-ahead, or a paste the terminal did not mark
  /// as one).
  private func edit(_ key: Key, target: Todo.ID?, line: LineEditor) -> TodoFeature.Action? {
    var line = line
    switch key {
    case .enter:
      setMode(.browsing)
      if let target { return .rename(id: target, title: line.text) }
      return .add(title: line.text)
    case .escape:
      setMode(.browsing)
    case .control(3):
      finish(0)
    default:
      if line.apply(key) { setMode(.editing(target: target, line: line)) }
    }
    return nil
  }

  /// Edits the search, narrowing the list as the text changes; Enter keeps the search, Esc
  /// clears it.
  private func search(_ key: Key, line: LineEditor) -> TodoFeature.Action? {
    var line = line
    switch key {
    case .enter:
      setMode(.browsing)
    case .escape:
      setMode(.browsing)
      return .setSearch("")
    case .control(3):
      finish(0)
    default:
      guard line.apply(key) else { return nil }
      setMode(.searching(line: line))
      return .setSearch(line.text)
    }
    return nil
  }

  /// Gives the terminal back and stops the program, as Ctrl-Z does to any program; once the
  /// shell resumes it (`fg`), takes the terminal again and repaints.
  private func suspend() {
    terminal.restore()
    // The default action of SIGTSTP stops the process; execution goes on here when it is
    // continued. The thread running the main queue blocks signals: SIGTSTP is unblocked in it
    // for the time of the signal, which stops the process before `raise` returns, so that
    // nothing is drawn, and no key flushed, before the shell has the terminal.
    var stop = sigset_t()
    var previous = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, &previous)
    raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    guard exitStatus == nil, terminal.enter() else { return }
    layOut()
  }

  private func setMode(_ newMode: Mode) {
    mode = newMode
    drawFooter()
  }
}
