import TodoCore
import TodoTerminal
import Uniflow

/// The change history of a todo, over its detail screen: the changes undo can still revert
/// that touched it, newest first.
///
/// It draws from its own store, scoped to its screen on the app's stack, into the lines above
/// the status line.
///
/// ```
///  History of Buy milk                                               #1
///  ─────────────────────────────────────────────────────────────────────
///   complete “Buy milk”
///   note on “Buy milk”
///   add “Buy milk”
/// ```
@MainActor
final class HistoryScreen {
  private let store: Store<TodoDestination.State, TodoDestination.Action>
  private let canvas: Canvas
  /// The lines the screen draws on, from 1 at the top.
  private let lines: Range<Int>
  private var token: ObservationToken?

  init(store: Store<TodoDestination.State, TodoDestination.Action>, canvas: Canvas, lines: Range<Int>) {
    self.store = store
    self.canvas = canvas
    self.lines = lines
  }

  /// Subscribes to the screen's state and paints it once.
  func layOut() {
    token = store.observe(Self.history) { [unowned self] in paint($0) }
    paint(Self.history(store.state))
  }

  /// Has the screen painted in the next frame.
  private func paint(_ history: TodoHistoryFeature.State?) {
    canvas.paint(Canvas.Part(self)) { [weak self] in self?.draw(history) }
  }

  private static func history(_ state: TodoDestination.State) -> TodoHistoryFeature.State? {
    guard case .history(let history) = state else { return nil }
    return history
  }

  private func draw(_ history: TodoHistoryFeature.State?) {
    guard let history else { return }
    let width = canvas.width
    let id = "#\(history.todo.id) "
    let title = " History of " + history.todo.title
    let room = max(1, width - TextWidth.columns(of: id) - 1)
    let fitted = TextWidth.fitted(title, width: room)
    let gap = max(1, width - TextWidth.columns(of: fitted) - TextWidth.columns(of: id))
    var text: [(style: String, text: String)] = [
      ("\u{1B}[1m", fitted + String(repeating: " ", count: gap) + id),
      ("\u{1B}[2m", String(repeating: "─", count: width)),
    ]
    if let error = history.error {
      text.append(("\u{1B}[31m", "  ✗ \(error)"))
    } else if let changes = history.changes {
      if changes.isEmpty { text.append(("\u{1B}[2m", "  No changes kept for this todo.")) }
      text += changes.map { ("", "  " + $0) }
    } else {
      text.append(("\u{1B}[2m", "  Reading the history…"))
    }
    for (offset, line) in lines.enumerated() {
      guard offset < text.count else {
        canvas.put("", line: line)
        continue
      }
      canvas.put(text[offset].style + TextWidth.fitted(text[offset].text, width: width), line: line)
    }
  }
}
