import TodoTerminal

/// The screen the interactive program draws on: its size, its lines, and where the cursor
/// stands while the user types.
///
/// Drawing is done in frames. A part of the screen that changed asks to be painted
/// (``paint(_:_:)``); the parts asked for are painted together once the work at hand is done
/// (the keys read in one go, an effect's result), and what they put is written to the terminal
/// in one write, with the cursor placed last. So a batch of keys costs one frame, not one per
/// key, and a part asked for twice in a frame paints once, with what it was given last.
@MainActor
final class Canvas {
  /// A part of the screen that paints itself: its owner, and which of its parts.
  struct Part: Hashable {
    let owner: ObjectIdentifier
    let slot: Int

    init(_ owner: AnyObject, slot: Int = 0) {
      self.owner = ObjectIdentifier(owner)
      self.slot = slot
    }
  }

  let terminal: Terminal
  /// The number of lines and columns.
  private(set) var lines = 24
  private(set) var width = 80
  /// Where the cursor stands, or `nil` when it is hidden.
  private var cursor: (line: Int, column: Int)?
  /// The parts to paint in the next frame, in the order they first asked.
  private var parts: [Part] = []
  private var painters: [Part: () -> Void] = [:]
  /// What the frame writes, once its parts are painted.
  private var frame = ""
  /// Whether a frame is waiting to be drawn.
  private var isFramePending = false

  init(terminal: Terminal) {
    self.terminal = terminal
  }

  /// Measures the terminal and clears the screen, forgetting the parts not painted yet: the
  /// parts laid out after this paint the screen again.
  func reset() {
    (lines, width) = terminal.size
    parts = []
    painters = [:]
    frame = "\u{1B}[2J"
    scheduleFrame()
  }

  /// Has `part` painted in the next frame by `body`, in place of what it asked for before in
  /// that frame.
  func paint(_ part: Part, _ body: @escaping () -> Void) {
    if painters.updateValue(body, forKey: part) == nil { parts.append(part) }
    scheduleFrame()
  }

  /// Replaces a line (from 1 at the top) with `text`, which may carry styles: they end with it.
  /// Called by the parts as they paint.
  func put(_ text: String, line: Int) {
    guard line >= 1, line <= lines else { return }
    frame += "\u{1B}[\(line);1H\(text)\u{1B}[0m\u{1B}[K"
  }

  /// Shows the cursor at a place of the input line once the frame is drawn.
  func showCursor(line: Int, column: Int) {
    cursor = (line, column)
  }

  /// Hides the cursor.
  func hideCursor() {
    cursor = nil
  }

  /// Paints the parts that asked and writes the frame, unless the terminal was given back
  /// meanwhile (the program quit or was suspended: it lays everything out again on its return).
  func drawFrame() {
    isFramePending = false
    guard terminal.isActive else {
      parts = []
      painters = [:]
      frame = ""
      return
    }
    // A part may ask again while the others paint: that is for the next frame.
    let (parts, painters) = (self.parts, self.painters)
    self.parts = []
    self.painters = [:]
    for part in parts { painters[part]?() }
    guard !frame.isEmpty else { return }
    // The cursor is hidden while the lines change, and put back where the user types.
    var output = "\u{1B}[?25l" + frame
    if let cursor { output += "\u{1B}[\(cursor.line);\(cursor.column)H\u{1B}[?25h" }
    frame = ""
    terminal.write(output)
  }

  private func scheduleFrame() {
    guard !isFramePending else { return }
    isFramePending = true
    // After the work at hand: the keys read in one go are handled before the frame is drawn.
    Task { [weak self] in self?.drawFrame() }
  }
}
