/// Why a session log file cannot be opened or written.
///
/// Every case names the file, and ``description`` gives the reason in a sentence:
/// `cannot record to logs/session.jsonl: the folder logs does not exist`.
public enum SessionFileError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A regular file is already there, and the sink was asked not to replace it.
  case alreadyExists(path: String)
  /// Something other than a regular file, a character device or a FIFO is there: a
  /// symbolic link, a directory, a block device or a socket. It is left as it is. An
  /// inspector page is refused the same way when its path is not a regular file.
  case notAFile(path: String, kind: String)
  /// The folder that would hold the file does not exist.
  case missingFolder(path: String, folder: String)
  /// A FIFO is there, but no program is reading from it.
  case noReader(path: String)
  /// The system refused to open or create the file, for the reason given (`Permission
  /// denied`, `Read-only file system`…).
  case cannotOpen(path: String, reason: String)
  /// Writing to the file failed, for the reason given (`No space left on device`…).
  case writeFailed(path: String, reason: String)

  /// The file's path.
  public var path: String {
    switch self {
    case .alreadyExists(let path), .notAFile(let path, _), .missingFolder(let path, _),
      .noReader(let path), .cannotOpen(let path, _), .writeFailed(let path, _):
      path
    }
  }

  /// The problem in a sentence, naming the file.
  public var description: String {
    switch self {
    case .alreadyExists(let path):
      "cannot record to \(path): the file already exists, and a recording does not replace it"
    case .notAFile(let path, let kind):
      "cannot write to \(path): it is \(kind), not a file; it was left as it is"
    case .missingFolder(let path, let folder):
      "cannot record to \(path): the folder \(folder) does not exist"
    case .noReader(let path):
      "cannot record to \(path): it is a FIFO and no program is reading from it"
    case .cannotOpen(let path, let reason):
      "cannot record to \(path): \(reason)"
    case .writeFailed(let path, let reason):
      "cannot write the recording to \(path): \(reason)"
    }
  }
}
