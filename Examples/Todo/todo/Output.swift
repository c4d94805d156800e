import Foundation
import TodoCore
import TodoTerminal
import Uniflow

/// Writes one line to standard error, prefixed with `todo: error: `; a failure to write it
/// has nowhere to be reported and is ignored.
func printError(_ message: String) {
  let line = OutputStyle.errors.red("todo: error: \(message)")
  try? StandardOutput.write(Array("\(line)\n".utf8), to: STDERR_FILENO)
}

/// Prints `todo: warning: ` and the message on standard error: something the user should know,
/// though the command went on.
func printWarning(_ message: String) {
  try? StandardOutput.write(Array("todo: warning: \(message)\n".utf8), to: STDERR_FILENO)
}

/// The todos as text, one per line: `3  [ ] Buy milk`, done ones dimmed when colouring.
///
/// An empty list is a sentence on a terminal, and nothing otherwise: a script counting lines
/// counts todos.
///
/// - Returns: The text, or `nil` when there is nothing to print.
func plainList(
  _ todos: IdentifiedArray<Todo>, filter: TodoFilter, search: String?, style: OutputStyle
) -> String? {
  guard let widest = todos.ids.max() else {
    guard style.isTerminal else { return nil }
    if let search {
      return "No \(filter == .all ? "" : "\(filter) ")todos match “\(TextWidth.printable(search))”."
    }
    switch filter {
    case .all: return "No todos yet. Add one with: todo add \"Buy milk\""
    case .open: return "No open todos."
    case .done: return "No done todos."
    }
  }
  let width = String(widest).count
  return todos.map { todo in
    let id = String(todo.id)
    let padding = String(repeating: " ", count: width - id.count)
    let line = "\(padding)\(id)  [\(todo.isDone ? "x" : " ")] \(TextWidth.printable(todo.title))"
    return todo.isDone ? style.dimmed(line) : line
  }.joined(separator: "\n")
}

/// The todos as a JSON array, one object per todo and per line, with the keys `id`,
/// `title`, `done`, `created_at` and `completed_at` (dates in ISO 8601, UTC; `null` for a todo
/// not done), in that order.
func jsonList(_ todos: IdentifiedArray<Todo>) -> String {
  guard !todos.isEmpty else { return "[]" }
  let dates = ISO8601DateFormatter()
  func string(_ text: String) -> String {
    var escaped = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
        escaped +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped + "\""
  }
  let objects = todos.map { todo in
    let completed = todo.completedAt.map { string(dates.string(from: $0)) } ?? "null"
    return "  {\"id\": \(todo.id), \"title\": \(string(todo.title)), \"done\": \(todo.isDone), "
      + "\"created_at\": \(string(dates.string(from: todo.createdAt))), \"completed_at\": \(completed), "
      + "\"note\": \(string(todo.note))}"
  }
  return "[\n" + objects.joined(separator: ",\n") + "\n]"
}

/// One todo as `todo show` prints it: a line per field, then the note, each of its lines
/// indented; dates in ISO 8601, UTC.
///
/// ```
/// id:         3
/// title:      Buy milk
/// status:     done
/// created:    2026-12-01T15:30:00Z
/// completed:  2026-12-01T16:00:00Z
/// note:
///   Oat milk, 2 litres
/// ```
func todoDetails(_ todo: Todo) -> String {
  let dates = ISO8601DateFormatter()
  var lines = [
    "id:         \(todo.id)",
    "title:      \(TextWidth.printable(todo.title))",
    "status:     \(todo.isDone ? "done" : "open")",
    "created:    \(dates.string(from: todo.createdAt))",
    "completed:  \(todo.completedAt.map(dates.string(from:)) ?? "-")",
  ]
  if todo.note.isEmpty {
    lines.append("note:       (none)")
  } else {
    lines.append("note:")
    lines += todo.note.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.isEmpty ? "" : "  " + TextWidth.printable(String($0))
    }
  }
  return lines.joined(separator: "\n")
}
