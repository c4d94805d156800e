import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A storage that keeps a `Codable` value in a JSON file, safely.
///
/// ```swift
/// let settings = try values.shared(
///   JSONFileStorage<Settings>(url: folder.appending(path: "settings.json")),
///   default: Settings())
/// ```
///
/// The file holds `{"formatVersion": 1, "value": …}`. It behaves so that nothing is lost:
///
/// - **Atomic writes.** A write goes to a file beside it, then replaces it with a rename: a
///   reader sees the old file or the new one, never half of one.
/// - **Missing file.** It is not made until the value changes for the first time.
/// - **Unreadable file.** The value falls back to its default, a diagnostic names the file
///   and the error, and before the first write the file is renamed aside
///   (`settings.json.unreadable`, then `.unreadable-2`, …), never written over.
/// - **Newer format.** A file whose `formatVersion` is above ``formatVersion`` is read-only:
///   the value falls back to its default and writes fail with a message, so an older version
///   of the program never damages a newer one's file.
/// - **Outside changes.** Another process replacing or writing the file is seen at once
///   (inotify on Linux, a dispatch source on Apple platforms), whether it replaces the file,
///   deletes and makes it again, or renames another file onto it; this program's own writes
///   are not reported back. A deleted file leaves the value as it was.
///
/// Tests that must not touch the disk use ``InMemoryStorage`` in its place.
public struct JSONFileStorage<Value: Codable & Sendable>: SharedStorage {
  /// The file.
  public let url: URL
  /// The format version this program writes, and the newest it reads.
  public let formatVersion: Int
  private let file: LockIsolated<FileState>

  private struct FileState {
    /// The bytes last read from the file or written to it: a file holding them has not
    /// changed.
    var lastContents: Data?
    /// Whether the file holds something unreadable, to be kept aside before writing.
    var isUnreadable = false
    /// Why the file must not be written, when it is read-only.
    var readOnlyError: SharedStorageError?
  }

  private struct Envelope: Codable {
    var formatVersion: Int
    var value: Value
  }

  private struct FormatVersion: Decodable {
    var formatVersion: Int
  }

  /// Creates a storage for the file at `url`.
  ///
  /// - Parameters:
  ///   - url: The file; its folder must exist.
  ///   - formatVersion: The format version this program writes; raise it when a change of
  ///     `Value` means an older program must not write the file any more.
  public init(url: URL, formatVersion: Int = 1) {
    self.url = url
    self.formatVersion = formatVersion
    self.file = LockIsolated(FileState())
  }

  /// The file's path: shared values of the same file are one.
  public var id: String {
    url.standardizedFileURL.path
  }

  /// Reads the file; `nil` when there is none.
  ///
  /// Also removes the files a write of a program that was killed left beside it.
  public func load() throws(SharedStorageError) -> Value? {
    removeAbandonedWrites()
    guard let data = try read() else { return nil }
    // Kept whether it decodes or not: what cannot be read is reported once.
    file.withLock { $0.lastContents = data }
    return try decode(data)
  }

  /// Writes `value` beside the file, then renames it onto the file.
  public func save(_ value: Value) throws(SharedStorageError) {
    let data: Data
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      data = try encoder.encode(Envelope(formatVersion: formatVersion, value: value))
    } catch {
      throw SharedStorageError(.writeFailed, location: id, detail: "\(error)")
    }
    let state = file.withLock { $0 }
    if let readOnlyError = state.readOnlyError { throw readOnlyError }
    guard data != state.lastContents else { return }
    if state.isUnreadable {
      try keepAside()
      file.withLock { $0.isUnreadable = false }
    }
    try replace(with: data)
    file.withLock { $0.lastContents = data }
  }

  /// Tells `onChange` of every file written in full, or renamed, in the file's folder.
  public func watch(_ onChange: @escaping @Sendable () -> Void) -> SharedStorageWatch? {
    let watcher = DirectoryWatcher(directory: url.deletingLastPathComponent().path, onEvent: onChange)
    guard let watcher else { return nil }
    return SharedStorageWatch { watcher.stop() }
  }

  /// What the file holds now, if another process changed it since it was last read or
  /// written; `nil` for a deleted file, which changes nothing (the next write makes it again).
  public func loadChange() throws(SharedStorageError) -> Value? {
    guard let data = try read(), data != file.withLock({ $0.lastContents }) else { return nil }
    file.withLock { $0.lastContents = data }
    return try decode(data)
  }

  // MARK: - Files

  /// The file's bytes, read with a file handle; `nil` when there is no file.
  private func read() throws(SharedStorageError) -> Data? {
    let handle: FileHandle
    do {
      handle = try FileHandle(forReadingFrom: url)
    } catch {
      if !FileManager.default.fileExists(atPath: url.path) { return nil }
      throw SharedStorageError(.unreadable, location: id, detail: "\(error)")
    }
    defer { try? handle.close() }
    do {
      return try handle.readToEnd() ?? Data()
    } catch {
      throw SharedStorageError(.unreadable, location: id, detail: "\(error)")
    }
  }

  /// Decodes the file's bytes, recording whether the file is unreadable or read-only.
  private func decode(_ data: Data) throws(SharedStorageError) -> Value {
    let decoder = JSONDecoder()
    let version: Int
    do {
      version = try decoder.decode(FormatVersion.self, from: data).formatVersion
    } catch {
      file.withLock { $0.isUnreadable = true }
      throw SharedStorageError(.undecodable, location: id, detail: "\(error)")
    }
    guard version <= formatVersion else {
      let error = SharedStorageError(
        .newerFormat(found: version, supported: formatVersion), location: id)
      file.withLock { $0.readOnlyError = error }
      throw error
    }
    do {
      let value = try decoder.decode(Envelope.self, from: data).value
      file.withLock { file in
        file.isUnreadable = false
        file.readOnlyError = nil
      }
      return value
    } catch {
      file.withLock { $0.isUnreadable = true }
      throw SharedStorageError(.undecodable, location: id, detail: "\(error)")
    }
  }

  /// Renames the unreadable file to the first free `<name>.unreadable`, `-2`, `-3`, ….
  private func keepAside() throws(SharedStorageError) {
    guard FileManager.default.fileExists(atPath: url.path) else { return }
    var candidate = url.path + ".unreadable"
    var number = 2
    while FileManager.default.fileExists(atPath: candidate) {
      candidate = url.path + ".unreadable-\(number)"
      number += 1
    }
    guard rename(url.path, candidate) == 0 else {
      throw SharedStorageError(
        .writeFailed, location: id,
        detail: "the unreadable file could not be kept aside: \(String(cString: strerror(errno)))")
    }
  }

  /// Writes `data` to a file beside the target, then renames it onto the target.
  private func replace(with data: Data) throws(SharedStorageError) {
    let folder = url.deletingLastPathComponent()
    let aside = folder.appending(
      path: "\(writePrefix)\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
    do {
      try data.write(to: aside)
    } catch {
      throw SharedStorageError(.writeFailed, location: id, detail: "\(error)")
    }
    guard rename(aside.path, url.path) == 0 else {
      let reason = String(cString: strerror(errno))
      try? FileManager.default.removeItem(at: aside)
      throw SharedStorageError(.writeFailed, location: id, detail: reason)
    }
  }

  /// How the files of unfinished writes begin: `.settings.json.` for `settings.json`.
  private var writePrefix: String {
    ".\(url.lastPathComponent)."
  }

  /// Removes the files of writes that a killed program left beside the file: those of
  /// processes that no longer run.
  private func removeAbandonedWrites() {
    let folder = url.deletingLastPathComponent()
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
    for name in names where name.hasPrefix(writePrefix) && name.hasSuffix(".tmp") {
      let parts = name.dropFirst(writePrefix.count).split(separator: ".")
      guard let pid = parts.first.flatMap({ pid_t($0) }), pid != getpid() else { continue }
      if kill(pid, 0) != 0, errno == ESRCH {
        try? FileManager.default.removeItem(at: folder.appending(path: name))
      }
    }
  }
}
