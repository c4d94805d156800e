import Foundation
import Uniflow

/// Where the program's shared values report their storage's failures (settings that cannot be
/// read or written): printed at once by a one-shot command, held while the full-screen list
/// owns the terminal and printed once it gives it back (those that come later, as the last
/// write before the program ends, at once).
@MainActor
final class SharedDiagnostics {
  /// Whether the diagnostics wait for ``printAll()``.
  private var holdsUntilPrinted: Bool
  private var held: [String] = []

  /// - Parameter holdsUntilPrinted: Whether to hold the diagnostics until ``printAll()``,
  ///   while the terminal is full-screen.
  init(holdsUntilPrinted: Bool) {
    self.holdsUntilPrinted = holdsUntilPrinted
  }

  /// Prints a diagnostic now, or holds it.
  func report(_ diagnostic: StoreDiagnostic) {
    let line = "todo: warning: \(diagnostic)"
    if holdsUntilPrinted {
      held.append(line)
    } else {
      printWarning(line)
    }
  }

  /// Prints the diagnostics held, once each, and from then on prints each at once.
  func printAll() {
    for line in held { printWarning(line) }
    held = []
    holdsUntilPrinted = false
  }

  private func printWarning(_ line: String) {
    try? StandardOutput.write(Array("\(line)\n".utf8), to: STDERR_FILENO)
  }
}
