import Foundation
import UniflowDevTools

// uniflow-inspect: writes the inspector page for a session log.
//
//   uniflow-inspect session.jsonl -o timeline.html [--app NAME]

let usage = """
  usage: uniflow-inspect LOG [-o PAGE] [--app NAME]

  Writes the inspector page for a session log recorded with UniflowDevTools: one HTML file
  that opens in any browser without network access.

    LOG           the session log (JSON Lines)
    -o PAGE       where to write the page; by default LOG with the extension .html
    --app NAME    refuse a log recorded by another program

  A line of the log that cannot be read is skipped, named in a warning and marked on the page.

  Exit status: 0 the page was written; 1 the log cannot be read or the page cannot be written;
  2 usage error.
  """

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
  print(usage)
  exit(0)
}
let report = InspectCommand.run(arguments: arguments)
for message in report.messages {
  switch message {
  case .output(let text): print(text)
  case .warning(let text): FileHandle.standardError.write(Data("uniflow-inspect: warning: \(text)\n".utf8))
  case .error(let text): FileHandle.standardError.write(Data("uniflow-inspect: error: \(text)\n".utf8))
  }
}
exit(report.status)
