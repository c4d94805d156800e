import Foundation
import TodoCore
import TodoTerminal
import Uniflow

/// The change history of a todo, over its detail screen: the changes undo can still revert
/// that touched it, newest first, each with when it was made, and the start of the note a
/// change of the note left, so that changes of one kind tell apart.
///
/// It draws from its own store, scoped to its screen on the app's stack, into the lines above
/// the status line.
///
/// ```
///  History of Buy milk                                               #1
///  ─────────────────────────────────────────────────────────────────────
///   2026-12-01 15:42  complete “Buy milk”
///   2026-12-01 15:40  note on “Buy milk”: Oat milk, 2 litres
///   2026-12-01 15:31  note on “Buy milk”: Oat milk
///   2026-12-01 15:30  add “Buy milk”
/// ```
@MainActor
final class HistoryScreen {
  private let store: Store<TodoDestination.State, TodoDestination.Action>
  private let canvas: Canvas
  /// The lines the screen draws on, from 1 at the top.
  private let lines: Range<Int>
  private var token: ObservationToken?
  private let dates = DetailScreen.minutes()

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
      text += changes.map { ("", "  " + line(for: $0)) }
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

  /// A change as a line: its time, its label, and for a change of the note, the start of the
  /// note it left (the line is cut to the screen).
  private func line(for entry: TodoHistoryEntry) -> String {
    let time = entry.date.map(dates.string(from:)) ?? String(repeating: " ", count: 16)
    guard entry.label.hasPrefix("note "), let note = entry.note else { return "\(time)  \(entry.label)" }
    let start = note.prefix { !$0.isNewline }
    return "\(time)  \(entry.label): "
      + (note.isEmpty ? "(cleared)" : start + (start.count < note.count ? " …" : ""))
  }
}
