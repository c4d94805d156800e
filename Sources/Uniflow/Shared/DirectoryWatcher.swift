import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Calls `onEvent`, on a thread of its own, whenever a file in a folder has been written or
/// renamed into it: a JSON file storage then reads its file again.
///
/// Watching the folder, not the file, keeps it working when the file is replaced by a rename
/// (an atomic write), deleted and made again, or moved in from elsewhere.
///
/// By default it reports only files written in full (closed after writing) or renamed in, so
/// that a reader never sees half a file. With `seesEveryWrite`, it also reports each write to
/// a file that stays open (a database's write-ahead log), and files made, deleted or renamed
/// away: what ``SharedStorageWatch/folder(atPath:onChange:)`` offers custom storages.
///
/// On Linux it uses inotify: a thread blocks in `poll` on the inotify descriptor and on a
/// pipe that ``stop()`` writes to, so it never polls on a timer and ends promptly. On Apple
/// platforms it uses a dispatch source on the folder, which reports the folder's entries
/// changing (a file made, deleted or renamed, as an atomic write does) but not a write inside
/// a file that stays open: there, `seesEveryWrite` adds nothing. That branch is built and
/// tested by the macOS workflow only.
package final class DirectoryWatcher: Sendable {
  #if canImport(Darwin)
    private let source: LockIsolated<(any DispatchSourceFileSystemObject)?>

    package init?(directory: String, seesEveryWrite: Bool = false, onEvent: @escaping @Sendable () -> Void) {
      // A dispatch source on a folder sees its entries change, not writes inside its files.
      let descriptor = open(directory, O_EVTONLY)
      guard descriptor >= 0 else { return nil }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: [.write, .rename, .delete, .link],
        queue: DispatchQueue(label: "Uniflow.DirectoryWatcher"))
      source.setEventHandler(handler: onEvent)
      source.setCancelHandler { close(descriptor) }
      source.resume()
      self.source = LockIsolated(source)
    }

    deinit {
      // A resumed source lives until it is cancelled: without this, it would go on calling
      // `onEvent` for a storage that is gone, and keep the folder open.
      stop()
    }

    /// Stops watching; calling it again does nothing.
    package func stop() {
      source.withLock { source in
        source?.cancel()
        source = nil
      }
    }
  #else
    /// The write end of the pipe that wakes the thread to stop; `nil` once stopped.
    private let wakeDescriptor: LockIsolated<Int32?>

    package init?(directory: String, seesEveryWrite: Bool = false, onEvent: @escaping @Sendable () -> Void) {
      let inotify = inotify_init1(Int32(IN_CLOEXEC))
      guard inotify >= 0 else { return nil }
      // A file written in full, or renamed into the folder: never one half-written, whose
      // reading would look like an unreadable file.
      var mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO)
      if seesEveryWrite {
        mask |= UInt32(IN_MODIFY) | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)
      }
      guard inotify_add_watch(inotify, directory, mask) >= 0 else {
        close(inotify)
        return nil
      }
      var pipeDescriptors: [Int32] = [-1, -1]
      guard pipe(&pipeDescriptors) == 0 else {
        close(inotify)
        return nil
      }
      let wakeRead = pipeDescriptors[0]
      wakeDescriptor = LockIsolated(pipeDescriptors[1])
      let thread = Thread {
        Self.run(inotify: inotify, wake: wakeRead, onEvent: onEvent)
      }
      thread.name = "Uniflow.DirectoryWatcher"
      thread.start()
    }

    /// Blocks in `poll` until the folder changes or ``stop()`` wakes it; closes both
    /// descriptors when it ends.
    private static func run(inotify: Int32, wake: Int32, onEvent: @Sendable () -> Void) {
      var buffer = [UInt8](repeating: 0, count: 4096)
      var descriptors = [
        pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
        pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      ]
      while true {
        let ready = poll(&descriptors, 2, -1)
        if ready < 0 {
          if errno == EINTR { continue }
          break
        }
        if descriptors[1].revents != 0 { break }
        if descriptors[0].revents != 0 {
          // The events only say that something in the folder changed: the storage reads its
          // file and compares, so their details are not needed.
          guard read(inotify, &buffer, buffer.count) > 0 else { break }
          onEvent()
        }
      }
      close(inotify)
      close(wake)
    }

    deinit {
      stop()
    }

    /// Stops watching; calling it again does nothing.
    package func stop() {
      guard let descriptor = wakeDescriptor.withLock({ $0.take() }) else { return }
      var byte: UInt8 = 1
      _ = write(descriptor, &byte, 1)
      close(descriptor)
    }
  #endif
}
