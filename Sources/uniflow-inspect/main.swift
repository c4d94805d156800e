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
  """

func fail(_ message: String, status: Int32 = 1) -> Never {
  FileHandle.standardError.write(Data("uniflow-inspect: \(message)\n".utf8))
  exit(status)
}

var arguments = CommandLine.arguments.dropFirst()
var logPath: String?
var pagePath: String?
var appName: String?
while let argument = arguments.popFirst() {
  switch argument {
  case "-h", "--help":
    print(usage)
    exit(0)
  case "-o", "--output":
    guard let value = arguments.popFirst() else {
      fail("\(argument) needs a file name\n\(usage)", status: 64)
    }
    pagePath = value
  case "--app":
    guard let value = arguments.popFirst() else { fail("--app needs a name\n\(usage)", status: 64) }
    appName = value
  default:
    guard !argument.hasPrefix("-") || argument == "-", logPath == nil else {
      fail("unexpected argument \(argument)\n\(usage)", status: 64)
    }
    logPath = argument
  }
}
guard let logPath else { fail("no log given\n\(usage)", status: 64) }
let logURL = URL(filePath: logPath)
let pageURL = URL(filePath: pagePath ?? logURL.deletingPathExtension().appendingPathExtension("html").path)

do {
  let log = try SessionInspector.writePage(for: logURL, to: pageURL, expectedApp: appName)
  print("wrote \(pageURL.path(percentEncoded: false)): \(log.steps.count) actions")
  if let issue = log.issue {
    FileHandle.standardError.write(
      Data("uniflow-inspect: warning: \(issue); \(log.unreadLineCount) line(s) not shown\n".utf8))
  }
} catch {
  fail("\(error)")
}
