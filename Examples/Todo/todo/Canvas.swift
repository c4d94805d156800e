import TodoTerminal

/// The screen the interactive program draws on: its size, its lines, and where the cursor
/// stands while the user types.
///
/// Each part of the screen writes its own lines; after every write the cursor goes back to
/// the input line, when there is one, so that what is drawn last does not decide where the
/// user sees it.
@MainActor
final class Canvas {
  let terminal: Terminal
  /// The number of lines and columns.
  private(set) var lines = 24
  private(set) var width = 80
  /// Where the cursor stands, or `nil` when it is hidden.
  private var cursor: (line: Int, column: Int)?

  init(terminal: Terminal) {
    self.terminal = terminal
  }

  /// Measures the terminal and clears the screen.
  func reset() {
    (lines, width) = terminal.size
    terminal.write("\u{1B}[2J")
  }

  /// Replaces a line (from 1 at the top) with `text`, which may carry styles: they end with it.
  func put(_ text: String, line: Int) {
    guard line >= 1, line <= lines else { return }
    terminal.write("\u{1B}[\(line);1H\(text)\u{1B}[0m\u{1B}[K")
    placeCursor()
  }

  /// Shows the cursor at a place of the input line.
  func showCursor(line: Int, column: Int) {
    cursor = (line, column)
    terminal.write("\u{1B}[?25h")
    placeCursor()
  }

  /// Hides the cursor.
  func hideCursor() {
    cursor = nil
    terminal.write("\u{1B}[?25l")
  }

  private func placeCursor() {
    guard let cursor else { return }
    terminal.write("\u{1B}[\(cursor.line);\(cursor.column)H")
  }
}
