import Foundation
import Uniflow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Follows a session log as it is written: reports each line once it is complete, woken by
/// the file system (inotify on Linux, as a shared value's file watch is), never by a timer.
///
/// ```swift
/// let follower = try LogFollower(path: "s.jsonl") { event in
///   if case .line(let text) = event { print(text) }
/// }
/// defer { follower.stop() }
/// ```
///
/// A recording started again on the same path — the file truncated, or replaced by another
/// one — is followed from its start, after a ``Event/restarted(_:)``. A line longer than the
/// limit is skipped without being held in memory, with a ``Event/refused(length:limit:)``.
public final class LogFollower: Sendable {
  /// What the follower saw.
  public enum Event: Sendable, Hashable {
    /// A whole line of the log, without its line break.
    case line(String)
    /// A line longer than the limit, skipped.
    case refused(length: Int, limit: Int)
    /// The log started again: the reason says how (truncated, replaced).
    case restarted(String)
  }

  private struct Position {
    var descriptor: Int32 = -1
    var inode: UInt64 = 0
    var offset: Int64 = 0
    var splitter: LogLineSplitter
  }

  private let path: String
  private let onEvent: @Sendable (Event) -> Void
  private let position: LockIsolated<Position>
  private let watcher: LockIsolated<DirectoryWatcher?>

  /// Starts following a log; the lines already written are reported at once, on the
  /// caller's thread, the next ones on the watcher's thread.
  ///
  /// - Parameters:
  ///   - path: The log's path; it need not exist yet.
  ///   - maximumLineLength: The longest line reported, in bytes; 16 MiB by default.
  ///   - onEvent: Called with each event, one at a time, in order.
  /// - Throws: ``LiveInspectorError/cannotWatch(path:)`` when the log's folder cannot be
  ///   watched.
  public init(
    path: String, maximumLineLength: Int = 16 << 20,
    onEvent: @escaping @Sendable (Event) -> Void
  ) throws(LiveInspectorError) {
    self.path = path
    self.onEvent = onEvent
    self.position = LockIsolated(Position(splitter: LogLineSplitter(maximumLineLength: maximumLineLength)))
    self.watcher = LockIsolated(nil)
    let folder = (path as NSString).deletingLastPathComponent
    let watched = DirectoryWatcher(
      directory: folder.isEmpty ? "." : folder, seesEveryWrite: true
    ) { [weak self] in self?.readNewLines() }
    guard let watched else { throw .cannotWatch(path: folder.isEmpty ? "." : folder) }
    watcher.withLock { $0 = watched }
    readNewLines()
  }

  deinit {
    stop()
  }

  /// Stops following; calling it again does nothing.
  public func stop() {
    watcher.withLock { watcher in
      watcher?.stop()
      watcher = nil
    }
    position.withLock { position in
      if position.descriptor >= 0 { close(position.descriptor) }
      position.descriptor = -1
    }
  }

  /// Reads what the log gained since the last read, noticing a truncated or replaced file.
  func readNewLines() {
    position.withLock { position in
      // A file at the path other than the one open: the recording started again.
      var status = stat()
      let exists = stat(path, &status) == 0
      if position.descriptor >= 0, exists, UInt64(status.st_ino) != position.inode {
        close(position.descriptor)
        position.descriptor = -1
        restart(&position, reason: "The log was replaced: following the new recording from its start.")
      }
      if position.descriptor < 0 {
        guard exists else { return }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        var opened = stat()
        fstat(descriptor, &opened)
        position.descriptor = descriptor
        position.inode = UInt64(opened.st_ino)
      }
      var current = stat()
      guard fstat(position.descriptor, &current) == 0 else { return }
      if Int64(current.st_size) < position.offset {
        restart(&position, reason: "The log was truncated: following the new recording from its start.")
      }
      var buffer = [UInt8](repeating: 0, count: 1 << 20)
      while true {
        let count = readBytes(
          from: position.descriptor, into: &buffer, atFileOffset: position.offset)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        position.offset += Int64(count)
        for piece in position.splitter.feed(buffer[..<count]) {
          switch piece {
          case .line(let bytes):
            onEvent(.line(String(decoding: bytes, as: UTF8.self)))
          case .refused(let length):
            onEvent(.refused(length: length, limit: position.splitter.maximumLineLength))
          }
        }
      }
    }
  }

  private func restart(_ position: inout Position, reason: String) {
    position.offset = 0
    position.splitter.reset()
    onEvent(.restarted(reason))
  }
}
