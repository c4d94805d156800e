import Foundation
import TodoCore
import TodoTerminal
import Uniflow

/// The detail screen of a todo: its title, status, dates and note, and where the note's save
/// is.
///
/// It draws from its own store, scoped to its screen on the app's stack, into the lines above
/// the status line; the note being typed is on the footer's input line, which the app draws.
/// Once the screen is popped, its store goes quiet and the router lays out the list again.
///
/// ```
///  Buy milk                                                          #1
///  ─────────────────────────────────────────────────────────────────────
///   Status     open
///   Created    2026-12-01 15:30
///   Completed  -
///
///   Note (saved) · ^_ undoes typing
///   Oat milk, 2 litres
/// ```
@MainActor
final class DetailScreen {
  /// What the screen shows: selected after every action, so it only copies what it needs
  /// (whether the note is saved is worked out when the screen is painted).
  private struct Content: Equatable {
    var todo: Todo
    var note: TextDraft
    var saveStatus: TodoDetailFeature.SaveStatus
    /// What Ctrl-_ would undo in the note, if anything.
    var undoLabel: String?

    init?(_ state: TodoDestination.State) {
      guard case .detail(let detail) = state else { return nil }
      todo = detail.todo
      note = detail.note
      saveStatus = detail.saveStatus
      undoLabel = detail.noteHistory.undoLabel
    }
  }

  private let store: Store<TodoDestination.State, TodoDestination.Action>
  private let canvas: Canvas
  /// The lines the screen draws on, from 1 at the top.
  private let lines: Range<Int>
  private var token: ObservationToken?
  private let dates = DetailScreen.minutes()

  /// The screens' dates: `2026-12-01 15:30`, in the local time zone.
  static func minutes() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter
  }

  init(store: Store<TodoDestination.State, TodoDestination.Action>, canvas: Canvas, lines: Range<Int>) {
    self.store = store
    self.canvas = canvas
    self.lines = lines
  }

  /// Subscribes to the screen's state and paints it once.
  func layOut() {
    token = store.observe(Content.init) { [unowned self] in paint($0) }
    paint(Content(store.state))
  }

  /// Has the screen painted in the next frame.
  private func paint(_ content: Content?) {
    canvas.paint(Canvas.Part(self)) { [weak self] in self?.draw(content) }
  }

  private func draw(_ content: Content?) {
    guard let content else { return }
    let width = canvas.width
    let todo = content.todo
    let id = "#\(todo.id) "
    let title = " " + TextWidth.fitted(todo.title, width: max(1, width - TextWidth.columns(of: id) - 2))
    let gap = max(1, width - TextWidth.columns(of: title) - TextWidth.columns(of: id))
    let status = Self.saveStatus(content)
    var undo = content.undoLabel.map { " · ^_ undoes \($0.lowercased())" } ?? ""
    if case .failed = content.saveStatus { undo = "" }
    var text: [(style: String, text: String)] = [
      ("\u{1B}[1m", title + String(repeating: " ", count: gap) + id),
      ("\u{1B}[2m", String(repeating: "─", count: width)),
      ("", "  Status     " + (todo.isDone ? "done" : "open")),
      ("", "  Created    " + dates.string(from: todo.createdAt)),
      ("", "  Completed  " + (todo.completedAt.map(dates.string(from:)) ?? "-")),
      ("", ""),
      (status.style, "  Note " + status.text + undo),
    ]
    // Why the note was not saved, on a line of its own: the instruction above is never cut.
    if case .failed(let error) = content.saveStatus { text.append(("\u{1B}[31m", "  ✗ \(error)")) }
    // Only the lines that fit are taken, each cut to the width as it is drawn.
    text += Self.lines(of: content.note.text, upTo: lines.count - text.count).map { ("", "  " + $0) }
    for (offset, line) in lines.enumerated() {
      guard offset < text.count else {
        canvas.put("", line: line)
        continue
      }
      canvas.put(text[offset].style + TextWidth.fitted(text[offset].text, width: width), line: line)
    }
  }

  private static func saveStatus(_ content: Content) -> (style: String, text: String) {
    switch content.saveStatus {
    case .failed(.noteTooLong(let length, let maximum)):
      let over = length - maximum
      let amount = over == 1 ? "1 character too long; delete it" : "\(over) characters too long; delete them"
      return ("\u{1B}[31m", "(✗ not saved: \(amount) to save)")
    case .failed: return ("\u{1B}[31m", "(✗ not saved; esc tries again, ^_ undoes the typing)")
    case .saving: return ("\u{1B}[2m", "(saving…)")
    case .idle:
      return ("\u{1B}[2m", content.todo.hasNote(content.note.text) ? "(saved)" : "(not saved yet)")
    }
  }

  /// The first `count` lines of `text`, found by their line breaks: a long line is not read
  /// past its break.
  private static func lines(of text: String, upTo count: Int) -> [Substring] {
    var lines: [Substring] = []
    var start = text.startIndex
    while lines.count < count {
      guard let end = text.utf8[start...].firstIndex(of: UInt8(ascii: "\n")) else {
        lines.append(text[start...])
        break
      }
      lines.append(text[start..<end])
      start = text.index(after: end)
    }
    return lines
  }
}
