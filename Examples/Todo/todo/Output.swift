import Foundation
import TodoCore
import Uniflow

/// Writes one line to standard error, prefixed with `todo: error: `; a failure to write it
/// has nowhere to be reported and is ignored.
func printError(_ message: String) {
  try? StandardOutput.write(Array("todo: error: \(message)\n".utf8), to: STDERR_FILENO)
}

/// The todos as plain text, one per line: `  3  [ ] Buy milk`; a sentence when there are none.
func plainList(_ todos: IdentifiedArray<Todo>, filter: TodoFilter) -> String {
  guard let widest = todos.ids.max() else {
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
    return "\(padding)\(id)  [\(todo.isDone ? "x" : " ")] \(printable(todo.title))"
  }.joined(separator: "\n")
}
