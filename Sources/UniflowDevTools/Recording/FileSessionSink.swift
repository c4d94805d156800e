import Foundation

/// A sink that streams a session log to a file, one line per entry.
///
/// Each line goes to the file with one `write` as soon as it is recorded, so memory stays
/// bounded whatever the session's length, and a crash loses at most the line being written
/// (``SessionLog`` reads such a log up to the cut line).
///
/// ```swift
/// let sink = try FileSessionSink(url: URL(filePath: "session.jsonl"))
/// ```
@MainActor
public final class FileSessionSink: SessionSink {
  private let handle: FileHandle
  /// The file written to.
  public let url: URL

  /// Creates the file, replacing one already there, and opens it for writing.
  ///
  /// - Parameter url: The log file.
  /// - Throws: The error that prevents creating or opening the file.
  public init(url: URL) throws {
    guard FileManager.default.createFile(atPath: url.path(percentEncoded: false), contents: nil)
    else {
      throw CocoaError(
        .fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path(percentEncoded: false)])
    }
    self.handle = try FileHandle(forWritingTo: url)
    self.url = url
  }

  deinit {
    try? handle.close()
  }

  /// Writes the entry's line and its line break to the file.
  ///
  /// - Parameter entry: The entry.
  /// - Throws: The error that prevents writing.
  public func write(_ entry: SessionEntry) throws {
    var line = entry.jsonLine
    line += "\n"
    try handle.write(contentsOf: Data(line.utf8))
  }

  /// Closes the file; later writes fail.
  ///
  /// - Throws: The error that prevents closing.
  public func close() throws {
    try handle.close()
  }
}
