import Foundation

/// A fresh directory under the system's temporary directory, removed when released.
final class TemporaryDirectory: Sendable {
  let path: String

  init() throws {
    let template = (NSTemporaryDirectory() as NSString).appendingPathComponent("todo-tests.XXXXXX")
    var bytes = Array(template.utf8CString)
    guard mkdtemp(&bytes) != nil else { throw CocoaError(.fileWriteUnknown) }
    path = String(decoding: bytes.dropLast().map(UInt8.init(bitPattern:)), as: UTF8.self)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// The path of `name` in the directory.
  func file(_ name: String) -> String {
    (path as NSString).appendingPathComponent(name)
  }

  /// The bytes of the file at `path`, read through a file handle: on Linux, `Data(contentsOf:)`
  /// of an empty file loses the buffer it read into.
  func contents(of path: String) throws -> Data {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    return try handle.readToEnd() ?? Data()
  }
}
