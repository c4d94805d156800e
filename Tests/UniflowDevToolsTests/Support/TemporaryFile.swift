import Foundation

/// A path in a fresh temporary directory, removed when the test ends.
final class TemporaryFile {
  let directory: URL
  let url: URL

  init(named name: String = "session.jsonl") throws {
    directory = FileManager.default.temporaryDirectory
      .appending(path: "uniflow-devtools-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    url = directory.appending(path: name)
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  var text: String {
    get throws { try String(contentsOf: url, encoding: .utf8) }
  }

  func write(_ text: String) throws {
    try Data(text.utf8).write(to: url)
  }
}
