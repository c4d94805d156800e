import Foundation
import TodoCore

/// How the program decorates what it prints: the friendly sentences and colours meant for a
/// person at a terminal, or plain data for a pipe or a file.
struct OutputStyle: Equatable {
  /// Whether the output goes to a terminal: an empty list is then a sentence, not nothing.
  var isTerminal: Bool
  /// Whether to colour: done todos dimmed, errors red. Never when `NO_COLOR` is set (to
  /// anything but the empty string), on a `dumb` terminal, or when not writing to a terminal.
  var usesColour: Bool

  /// The style of standard output.
  static var current: OutputStyle { style(of: STDOUT_FILENO) }

  /// The style of standard error.
  static var errors: OutputStyle { style(of: STDERR_FILENO) }

  private static func style(of descriptor: Int32) -> OutputStyle {
    let isTerminal = isatty(descriptor) == 1
    let environment = ProcessInfo.processInfo.environment
    let colourRefused = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
    return OutputStyle(isTerminal: isTerminal, usesColour: isTerminal && !colourRefused)
  }

  /// The style with colour as the `colour` setting has it: `auto` keeps this style's.
  ///
  /// - Parameter colour: The setting.
  /// - Returns: The style.
  func colouring(_ colour: TodoColour) -> OutputStyle {
    OutputStyle(isTerminal: isTerminal, usesColour: colour.isOn(whereAllowed: usesColour))
  }

  /// `text` dimmed, when colouring.
  func dimmed(_ text: String) -> String {
    usesColour ? "\u{1B}[2m\(text)\u{1B}[0m" : text
  }

  /// `text` in red, when colouring.
  func red(_ text: String) -> String {
    usesColour ? "\u{1B}[31m\(text)\u{1B}[0m" : text
  }
}
