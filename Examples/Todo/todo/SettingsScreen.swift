import TodoCore
import TodoTerminal
import Uniflow

/// The display settings, over the list: one line per setting, with its value and the values
/// it can take.
///
/// It draws from its own store, scoped to its screen on the app's stack, into the lines above
/// the status line. The settings are shared: a change another running `todo` makes redraws
/// the screen as it comes.
///
/// ```
///  Settings                            kept in the database file, for every todo
///  ─────────────────────────────────────────────────────────────────────
///  ▸ filter      ‹ open ›     all, open, done
///    sort          created    created, title
///    done-last     no         no, yes
///    colour        auto       auto, always, never
/// ```
@MainActor
final class SettingsScreen {
  private let store: Store<TodoDestination.State, TodoDestination.Action>
  private let canvas: Canvas
  /// The lines the screen draws on, from 1 at the top.
  private let lines: Range<Int>
  private var tokens: [ObservationToken] = []

  /// What the screen shows: the settings, the one selected, why the last change was not kept,
  /// and the storage's last error.
  private struct Content: Equatable {
    var settings: TodoSettings
    var selection: TodoSettings.Key
    var notKept: String?
    var storageError: String?
  }

  /// Where the settings live, said in the screen's title line.
  private let settingsPlace: String

  init(
    store: Store<TodoDestination.State, TodoDestination.Action>, canvas: Canvas, lines: Range<Int>,
    settingsPlace: String
  ) {
    self.store = store
    self.settingsPlace = settingsPlace
    self.canvas = canvas
    self.lines = lines
  }

  /// Subscribes to the screen's state and to the shared settings, and paints it once.
  func layOut() {
    tokens = [store.observe(Self.content) { [unowned self] in paint($0) }]
    paint(Self.content(store.state))
  }

  /// Has the screen painted in the next frame.
  private func paint(_ content: Content?) {
    canvas.paint(Canvas.Part(self)) { [weak self] in self?.draw(content) }
  }

  private static func content(_ state: TodoDestination.State) -> Content? {
    guard case .settings(let screen) = state else { return nil }
    return Content(
      settings: screen.settings.value, selection: screen.selection, notKept: screen.notKept,
      storageError: screen.settings.storageError?.description)
  }

  private func draw(_ content: Content?) {
    guard let content else { return }
    let width = canvas.width
    let title = " Settings"
    let note = settingsPlace + " "
    let gap = max(1, width - TextWidth.columns(of: title) - TextWidth.columns(of: note))
    var text: [(style: String, text: String)] = [
      ("\u{1B}[1m", title + String(repeating: " ", count: gap) + note),
      ("\u{1B}[2m", String(repeating: "─", count: width)),
    ]
    let nameWidth = TodoSettings.Key.allCases.map(\.rawValue.count).max() ?? 0
    for key in TodoSettings.Key.allCases {
      let isSelected = key == content.selection
      let name = key.rawValue + String(repeating: " ", count: nameWidth - key.rawValue.count)
      let word = key.value(in: content.settings)
      let value = isSelected ? "‹ \(word) ›" : "  \(word)  "
      let padded = value + String(repeating: " ", count: max(1, 12 - value.count))
      let line = " \(isSelected ? "▸" : " ") \(name)  \(padded) \(key.allowedValues.joined(separator: ", "))"
      text.append((isSelected ? "\u{1B}[7m" : "", line))
    }
    if let reason = content.notKept {
      text.append(("", ""))
      text.append(("\u{1B}[31m", "  ✗ The change was not kept, the settings are as stored:"))
      text.append(("\u{1B}[31m", "    \(reason)"))
    } else if let error = content.storageError {
      text.append(("", ""))
      text.append(("\u{1B}[31m", "  ✗ \(error)"))
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
