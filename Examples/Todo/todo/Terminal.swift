import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The controlling terminal in full-screen mode: raw input, the alternate screen, a hidden
/// cursor, and everything put back as it was by ``restore()``.
@MainActor
final class Terminal {
  private var original = termios()
  /// Whether the terminal is in full-screen mode.
  private(set) var isActive = false

  /// The size of the terminal, in lines and columns.
  var size: (lines: Int, columns: Int) {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else {
      return (24, 80)
    }
    return (Int(size.ws_row), Int(size.ws_col))
  }

  /// Switches to raw input (no echo, no line editing, no signals from keys, so Ctrl-C arrives
  /// as a key) and to the alternate screen with the cursor hidden, and has pasted text marked
  /// as such.
  func enter() -> Bool {
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return false }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    raw.c_cflag |= tcflag_t(CS8)
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return false }
    isActive = true
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[2J")
    return true
  }

  /// Leaves the alternate screen, shows the cursor and restores the input mode; does nothing
  /// if the terminal is not in full-screen mode.
  func restore() {
    guard isActive else { return }
    isActive = false
    write("\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l")
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
  }

  /// Writes text (with escape sequences) to the terminal at once.
  func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        Foundation.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      offset += written
    }
  }
}
