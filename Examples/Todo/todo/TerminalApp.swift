import Dispatch
import Foundation
import TodoCore
import TodoTerminal
import Uniflow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The full-screen program: it owns the terminal, the signals, the input, suspending and
/// resizing, and shows the screen the state names.
///
/// It keeps no state of the app's: keys become actions through ``TodoTerminal/KeyMap``, from
/// the mode the state is in, and every part of the screen draws from the store. A router
/// follows the state's ``TodoCore/TodoFeature/State/screen`` and gives the screen shown its own
/// scoped store; the status line and the footer (the key hints, or the line being typed) are
/// drawn from the app's store under every screen.
///
/// ```
///  Uniflow Todo                                   2 open · 1 done · all
///  ─────────────────────────────────────────────────────────────────────
///  ▸   1  [ ] Buy milk
///      2  [x] Call mom
///  ✓ Added 1: Buy milk
///  ↑↓/jk PgUp/PgDn g/G move  space toggle  enter open  a add  e edit  d/del delete
///  u undo  r redo  / search  f/tab filter  s settings  c clear done  q quit
/// ```
@MainActor
final class TerminalApp {
  private struct Status: Equatable {
    var error: TodoStoreError?
    var outcome: TodoOutcome?
    var colour: TodoColour

    init(_ state: TodoFeature.State) {
      error = state.error
      outcome = state.outcome
      colour = state.list.shownSettings.colour
    }
  }

  /// What the two bottom lines show.
  private enum Footer: Equatable {
    case hints([String])
    case input(prompt: String, draft: TextDraft, hint: String)

    init(_ state: TodoFeature.State) {
      if let prompt = state.prompt {
        let message = prompt.message.map { " \($0)" } ?? ""
        self = .hints([" \(prompt.title)\(message)", KeyMap.promptHint(prompt)])
      } else if case .history = state.screen {
        self = .hints(KeyMap.historyHints)
      } else if case .settings = state.screen {
        self = .hints(KeyMap.settingsHints)
      } else if case .detail(let id) = state.screen, case .detail(let detail)? = state.path[id: id] {
        self = .input(prompt: " Note: ", draft: detail.note, hint: KeyMap.editingNoteHint)
      } else if let editor = state.editor {
        let prompt =
          if let id = editor.id { " Rename \(id): " } else if let gone = editor.deletedTodo {
            " \(gone) was deleted; add as new: "
          } else { " Add: " }
        self = .input(prompt: prompt, draft: editor.draft, hint: KeyMap.editingHint)
      } else if let draft = state.list.searchDraft {
        self = .input(prompt: " Search: ", draft: draft, hint: KeyMap.searchingHint)
      } else {
        self = .hints(KeyMap.browsingHints)
      }
    }
  }

  /// The screen shown, with its own store.
  private enum ShownScreen {
    case list(ListScreen)
    case detail(DetailScreen)
    case history(HistoryScreen)
    case settings(SettingsScreen)
  }

  private let store: StoreOf<TodoFeature>
  private let changeWatch: any TodoChangeWatch
  private let terminal = Terminal()
  private let canvas: Canvas
  /// Whether the environment lets the `auto` colour setting colour: not when `NO_COLOR` is
  /// set.
  private let allowsColour = (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
  private var decoder = KeyDecoder()
  private var shown: ShownScreen?
  private var tokens: [ObservationToken] = []
  private var sources: [any DispatchSourceProtocol] = []
  private var inputSource: (any DispatchSourceRead)?
  /// The keys read from the terminal, oldest first: handled up to ``nextKey``.
  private var pendingKeys: [Key] = []
  private var nextKey = 0
  /// Whether the terminal's input ended: the program quits once the keys before the end are
  /// handled.
  private var inputEnded = false
  /// Whether a task is handling ``pendingKeys``.
  private var isHandlingInput = false
  /// The exit status, once the user quits or a signal ends the program.
  private var exitStatus: Int32?
  private var quit: CheckedContinuation<Int32, Never>?

  /// What the program's shared values report, printed once the terminal is restored.
  private let diagnostics: SharedDiagnostics

  /// Where the todos are, which the list's header and the settings screen name.
  private let backend: Backend

  init(
    store: StoreOf<TodoFeature>, changeWatch: any TodoChangeWatch, diagnostics: SharedDiagnostics,
    backend: Backend
  ) {
    self.store = store
    self.backend = backend
    self.changeWatch = changeWatch
    self.diagnostics = diagnostics
    canvas = Canvas(terminal: terminal)
  }

  /// Shows the app until the user quits or a signal ends the program; returns the exit status.
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
    let store = store
    let watching = Task { [changeWatch] in
      await changeWatch.run { error in store.send(.failed(error)) }
    }
    layOut()
    listenToInput()
    let status = await withCheckedContinuation { quit = $0 }
    for source in sources { source.cancel() }
    let unsaved = await saveTypedNotes()
    // Wait for the binding and the watch to end, so that the repository is released and
    // closes the database cleanly before the program exits.
    watching.cancel()
    await watching.value
    store.send(.stopObserving)
    await observation.finish()
    tokens = []
    shown = nil
    terminal.restore()
    for failure in unsaved { printError(failure) }
    diagnostics.printAll()
    return status
  }

  /// Saves the notes typed on the detail screens and not stored yet, as leaving each screen
  /// does, so that quitting loses nothing typed; returns what could not be saved, with the
  /// note as typed, for the user to keep.
  private func saveTypedNotes() async -> [String] {
    var failures: [String] = []
    for id in store.path.ids.reversed() {
      guard case .detail(let detail)? = store.path[id: id], detail.hasUnsavedNote else { continue }
      await store.send(.path(.element(id: id, action: .detail(.close)))).finish()
      if case .detail(let after)? = store.path[id: id], case .failed(let error) = after.saveStatus {
        failures.append(
          "the note of todo \(after.todo.id) was not saved: \(error); as typed, it was:\n\(after.note.text)")
      }
    }
    return failures
  }

  private func finish(_ status: Int32) {
    guard exitStatus == nil else { return }
    exitStatus = status
    quit?.resume(returning: status)
    quit = nil
  }

  // MARK: - Layout

  private var statusLine: Int { canvas.lines - 2 }
  private var footerLine: Int { canvas.lines - 1 }

  /// Measures the terminal, shows the state's screen, subscribes the status line and the
  /// footer, and paints everything once.
  private func layOut() {
    canvas.reset()
    shown = nil
    tokens = [
      store.observe(\.screen) { [unowned self] in show($0) },
      store.observe(Status.init) { [unowned self] in paint($0) },
      store.observe(Footer.init) { [unowned self] in paint($0) },
    ]
    show(store.screen)
    paint(Status(store.state))
    paint(Footer(store.state))
  }

  /// Has the status line, or the footer, painted in the next frame.
  private func paint(_ status: Status) {
    canvas.paint(Canvas.Part(self, slot: 0)) { [weak self] in self?.draw(status) }
  }

  private func paint(_ footer: Footer) {
    canvas.paint(Canvas.Part(self, slot: 1)) { [weak self] in self?.draw(footer) }
  }

  /// The router: gives the screen the state names its scoped store, and lays it out.
  private func show(_ screen: TodoFeature.Screen) {
    switch screen {
    case .list:
      let list = ListScreen(
        store: store.scope(state: \.list, action: TodoFeature.Action.listCase), canvas: canvas,
        allowsColour: allowsColour, backend: backend.name)
      shown = .list(list)
      list.layOut()
    case .detail(let id):
      // The screen is on the stack: the state names it only while it is there.
      guard let screenStore = store.scope(id: id, in: \.path, action: TodoFeature.Action.pathCase) else {
        return
      }
      let detail = DetailScreen(store: screenStore, canvas: canvas, lines: 1..<statusLine)
      shown = .detail(detail)
      detail.layOut()
    case .history(let id):
      guard let screenStore = store.scope(id: id, in: \.path, action: TodoFeature.Action.pathCase) else {
        return
      }
      let history = HistoryScreen(store: screenStore, canvas: canvas, lines: 1..<statusLine)
      shown = .history(history)
      history.layOut()
    case .settings(let id):
      guard let screenStore = store.scope(id: id, in: \.path, action: TodoFeature.Action.pathCase) else {
        return
      }
      let settings = SettingsScreen(
        store: screenStore, canvas: canvas, lines: 1..<statusLine, settingsPlace: backend.settingsPlace)
      shown = .settings(settings)
      settings.layOut()
    }
  }

  private func draw(_ status: Status) {
    let width = canvas.width
    let usesColour = status.colour.isOn(whereAllowed: allowsColour)
    if let error = status.error {
      canvas.put(
        (usesColour ? "\u{1B}[31m" : "") + TextWidth.fitted(" ✗ \(error)", width: width), line: statusLine)
    } else if let outcome = status.outcome {
      canvas.put(
        (usesColour ? "\u{1B}[32m" : "") + TextWidth.fitted(" ✓ \(outcome)", width: width), line: statusLine)
    } else {
      canvas.put("", line: statusLine)
    }
  }

  private func draw(_ footer: Footer) {
    let width = canvas.width
    switch footer {
    case .hints(let hints):
      canvas.hideCursor()
      canvas.put(TextWidth.fitted(hints[0], width: width), line: footerLine)
      canvas.put(TextWidth.fitted(hints[1], width: width), line: footerLine + 1)
    case .input(let prompt, let draft, let hint):
      let room = max(1, width - TextWidth.columns(of: prompt) - 1)
      let visible = LineEditor.visible(draft, width: room)
      canvas.put("\u{1B}[2m" + TextWidth.fitted(hint, width: width), line: footerLine + 1)
      canvas.put("\u{1B}[1m\(prompt)\u{1B}[0m" + visible.text, line: footerLine)
      canvas.showCursor(line: footerLine, column: TextWidth.columns(of: prompt) + visible.cursorColumn + 1)
    }
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
      inputEnded = true
    } else if count > 0 {
      pendingKeys.append(contentsOf: decoder.decode(buffer[..<count]))
    } else {
      return
    }
    guard !isHandlingInput else { return }
    isHandlingInput = true
    Task { await handlePendingInput() }
  }

  /// Handles the queued keys in the order they were typed, each in the mode the keys before it
  /// left; characters typed in a row into a line are one insertion (``KeyMap``). The screen is
  /// drawn once the keys read so far are handled, not after each.
  ///
  /// Typing, moving and filtering are sent and done with. A key that changes the todos waits
  /// for the change's effects before the next key is read, so an undo typed right after an
  /// add undoes that add, and a second delete typed before the first one's change reached the
  /// screen deletes the todo that moved into its place, however long the database takes.
  private func handlePendingInput() async {
    defer {
      pendingKeys.removeAll(keepingCapacity: true)
      nextKey = 0
      isHandlingInput = false
    }
    while exitStatus == nil, nextKey < pendingKeys.count {
      let (command, count) = KeyMap.command(for: pendingKeys[nextKey...], in: store.mode)
      nextKey += count
      switch command {
      case .send(let action): store.send(action)
      case .sendInOrder(let action): await store.send(action).finish()
      case .suspend: suspend()
      case .quit: finish(0)
      case nil: break
      }
    }
    if inputEnded { finish(0) }
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
}
