/// A key the user pressed.
public enum Key: Equatable, Sendable {
  /// A character typed.
  case character(Character)
  /// An arrow key.
  case up, down, left, right
  /// A key that moves to an end: Home, End, Page Up, Page Down.
  case home, end, pageUp, pageDown
  /// The Delete key (forward delete).
  case delete
  /// An editing key.
  case enter, escape, backspace, tab
  /// A control key, by its byte: Ctrl-C is 3.
  case control(UInt8)
  /// Text pasted into the terminal, which must not be taken for keys (a line break in it is
  /// not Enter).
  case paste(String)
}
