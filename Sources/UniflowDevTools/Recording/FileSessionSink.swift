import Foundation
import Uniflow

/// A sink that streams a session log to a file, one line per entry.
///
/// Each line goes to the file with one `write` as soon as it is recorded, so memory stays
/// bounded whatever the session's length, and a crash loses at most the line being written
/// (``SessionLog`` reads such a log up to the cut line).
///
/// ```swift
/// let sink = try FileSessionSink(url: logURL)
/// ```
///
/// **What is at the path.** A recording never destroys what it did not create:
///
/// - Nothing: the file is created.
/// - A regular file: refused with ``SessionFileError/alreadyExists(path:)``, unless the sink
///   is made with `existingFile: .replace`, which empties it and writes the new session.
/// - A character device or a FIFO (`/dev/null`, a named pipe another program reads): the log
///   is written through to it; it is never replaced, so a program can follow a session live.
/// - A symbolic link, a directory, a block device or a socket: refused with
///   ``SessionFileError/notAFile(path:kind:)``, and left as it is. A link is not followed.
///
/// A line that fails to write (a full disk) throws ``SessionFileError/writeFailed(path:reason:)``
/// and, in a regular file, leaves nothing of itself: the file ends after the last line written
/// in full, so a later line does not land after a half-written one.
@MainActor
public final class FileSessionSink: SessionSink {
  /// What the sink does when a regular file is already at its path.
  public enum ExistingFile: Sendable, Hashable {
    /// Throw ``SessionFileError/alreadyExists(path:)``, and leave the file as it is.
    case refuse
    /// Empty the file and write the new session in it.
    case replace
  }

  /// The file written to.
  public let url: URL
  private let file: OpenFile

  /// Opens the log file for writing, creating it when nothing is at its path.
  ///
  /// - Parameters:
  ///   - url: The log file.
  ///   - existingFile: What to do when a regular file is already there: refuse (the default)
  ///     or replace it.
  /// - Throws: ``SessionFileError`` naming what prevents writing there: a file already there,
  ///   something that is not a file, a missing folder, a FIFO without a reader, or the system's
  ///   reason (`Permission denied`).
  public init(url: URL, existingFile: ExistingFile = .refuse) throws(SessionFileError) {
    self.url = url
    self.file = try OpenFile(path: url.path(percentEncoded: false), existingFile: existingFile)
  }

  /// Writes the entry's line and its line break to the file.
  ///
  /// - Parameter entry: The entry.
  /// - Throws: ``SessionFileError/writeFailed(path:reason:)`` with the system's reason.
  public func write(_ entry: SessionEntry) throws(SessionFileError) {
    var line = entry.jsonLine
    line += "\n"
    try file.write(Array(line.utf8))
  }

  /// Closes the file; later writes fail.
  ///
  /// - Throws: ``SessionFileError/writeFailed(path:reason:)`` when the system reports an error
  ///   on closing (a write it had delayed failed).
  public func close() throws(SessionFileError) {
    try file.close()
  }
}

/// An open file descriptor, closed when released.
private final class OpenFile {
  let path: String
  private var descriptor: Int32?
  /// The length of the lines written in full, when the file is a regular file; a failed write
  /// is cut back to it.
  private var committedLength: off_t?

  init(path: String, existingFile: FileSessionSink.ExistingFile) throws(SessionFileError) {
    self.path = path
    let flags = O_WRONLY | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY
    // O_EXCL: never through a link, never over anything already there.
    let created = open(path, flags | O_CREAT | O_EXCL, 0o600)
    if created >= 0 {
      descriptor = created
      committedLength = 0
      return
    }
    let createError = errno
    guard createError == EEXIST else { throw Self.openError(createError, path: path) }
    var info = stat()
    guard lstat(path, &info) == 0 else { throw Self.openError(errno, path: path) }
    switch FileKind(info.st_mode) {
    case .regular:
      guard existingFile == .replace else { throw .alreadyExists(path: path) }
    case .characterDevice, .fifo:
      break
    case let kind:
      throw .notAFile(path: path, kind: kind.description)
    }
    // Without O_CREAT or O_TRUNC, and without waiting for a FIFO's reader.
    let opened = open(path, flags | O_NONBLOCK)
    guard opened >= 0 else {
      let openError = errno
      if openError == ENXIO { throw .noReader(path: path) }
      throw Self.openError(openError, path: path)
    }
    // What was opened is what was looked at: something swapped in between is refused too.
    var openedInfo = stat()
    let kind = fstat(opened, &openedInfo) == 0 ? FileKind(openedInfo.st_mode) : .other
    switch kind {
    case .regular where existingFile == .replace:
      guard ftruncate(opened, 0) == 0 else {
        let truncateError = errno
        _ = Foundation.close(opened)
        throw .cannotOpen(path: path, reason: systemMessage(truncateError))
      }
      committedLength = 0
    case .characterDevice, .fifo:
      break
    default:
      _ = Foundation.close(opened)
      throw kind == .regular ? .alreadyExists(path: path) : .notAFile(path: path, kind: kind.description)
    }
    // Writes wait for a slow reader rather than fail.
    _ = fcntl(opened, F_SETFL, fcntl(opened, F_GETFL) & ~O_NONBLOCK)
    descriptor = opened
  }

  deinit {
    if let descriptor { _ = Foundation.close(descriptor) }
  }

  func write(_ bytes: [UInt8]) throws(SessionFileError) {
    guard let descriptor else { throw .writeFailed(path: path, reason: "the file is closed") }
    var written = 0
    while written < bytes.count {
      let result = writeBytes(bytes, from: written, to: descriptor)
      if result < 0 {
        let writeError = errno
        if writeError == EINTR { continue }
        if let committedLength {
          // Cut a half-written line off, so that the next line starts a line.
          _ = ftruncate(descriptor, committedLength)
          _ = lseek(descriptor, committedLength, SEEK_SET)
        }
        throw .writeFailed(path: path, reason: systemMessage(writeError))
      }
      written += result
    }
    committedLength? += off_t(bytes.count)
  }

  func close() throws(SessionFileError) {
    guard let descriptor else { return }
    self.descriptor = nil
    if Foundation.close(descriptor) != 0 {
      throw .writeFailed(path: path, reason: systemMessage(errno))
    }
  }

  /// The error for a failed `open`, telling a missing folder from the other reasons.
  private static func openError(_ code: Int32, path: String) -> SessionFileError {
    switch code {
    case ENOENT:
      let folder = (path as NSString).deletingLastPathComponent
      return .missingFolder(path: path, folder: folder.isEmpty ? "." : folder)
    case ELOOP:
      return .notAFile(path: path, kind: FileKind.symbolicLink.description)
    case EISDIR:
      return .notAFile(path: path, kind: FileKind.directory.description)
    default:
      return .cannotOpen(path: path, reason: systemMessage(code))
    }
  }
}

/// What a path names, from its `stat` mode.
enum FileKind: Equatable, CustomStringConvertible {
  case regular, directory, symbolicLink, characterDevice, blockDevice, fifo, socket, other

  /// What is at `path`, not following a link; `nil` when nothing is there.
  init?(at path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    self.init(info.st_mode)
  }

  init(_ mode: mode_t) {
    switch mode & S_IFMT {
    case S_IFREG: self = .regular
    case S_IFDIR: self = .directory
    case S_IFLNK: self = .symbolicLink
    case S_IFCHR: self = .characterDevice
    case S_IFBLK: self = .blockDevice
    case S_IFIFO: self = .fifo
    case S_IFSOCK: self = .socket
    default: self = .other
    }
  }

  var description: String {
    switch self {
    case .regular: "a regular file"
    case .directory: "a directory"
    case .symbolicLink: "a symbolic link"
    case .characterDevice: "a character device"
    case .blockDevice: "a block device"
    case .fifo: "a FIFO"
    case .socket: "a socket"
    case .other: "something other than a file"
    }
  }
}

/// The system's message for an `errno` code: `No space left on device`.
private func systemMessage(_ code: Int32) -> String {
  String(cString: strerror(code))
}
