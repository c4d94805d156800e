import Foundation
import UniflowDevTools
import UniflowLiveInspector

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// uniflow-inspect: writes the inspector page for a session log, or serves a live one.
//
//   uniflow-inspect session.jsonl -o timeline.html [--app NAME]
//   uniflow-inspect --live session.jsonl [--port N]

let usage = """
  usage: uniflow-inspect LOG [-o PAGE] [--app NAME]
         uniflow-inspect --live LOG [--port N]

  Writes the inspector page for a session log recorded with UniflowDevTools: one HTML file
  that opens in any browser without network access.

    LOG           the session log (JSON Lines)
    -o PAGE       where to write the page; by default LOG with the extension .html
    --app NAME    refuse a log recorded by another program

  With --live, follows LOG as it is written (by `todo --record LOG`, or any app's
  FileSessionSink) and serves a page that shows each step as it comes, on 127.0.0.1 only, on a
  free port or port N. It prints the page's address, with its secret token, and runs until
  interrupted.

  A line of the log that cannot be read is skipped, named in a warning and marked on the page.

  Exit status: 0 the page was written; 1 the log cannot be read or the page cannot be written,
  or the live page cannot be served; 2 usage error.
  """

func fail(_ text: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("uniflow-inspect: error: \(text)\n".utf8))
  exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
  print(usage)
  exit(0)
}
if arguments.first == "--live" {
  var rest = arguments.dropFirst()
  guard let logPath = rest.popFirst() else { fail("--live needs a LOG\n\(usage)", status: 2) }
  var port = 0
  while let argument = rest.popFirst() {
    guard argument == "--port" else { fail("unknown argument \(argument)\n\(usage)", status: 2) }
    guard let value = rest.popFirst().flatMap({ Int($0) }), (0...65_535).contains(value) else {
      fail("--port needs a port number, from 0 to 65535", status: 2)
    }
    port = value
  }
  // A page gone away must not end the program.
  signal(SIGPIPE, SIG_IGN)
  let inspector: LiveInspector
  do {
    inspector = try LiveInspector(logPath: logPath, port: port)
  } catch {
    fail(error.description, status: 1)
  }
  // Written at once, unbuffered, so that a program reading the address gets it now.
  FileHandle.standardOutput.write(Data("Live inspector for \(logPath): \(inspector.server.pageURL)\n".utf8))
  withExtendedLifetime(inspector) {
    while true { sleep(3_600) }
  }
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
