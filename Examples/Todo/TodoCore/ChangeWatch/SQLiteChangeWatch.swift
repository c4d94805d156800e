import Foundation
import Uniflow

/// The change watch of ``SQLiteTodoRepository``: woken by the database folder's file events,
/// it asks SQLite whether another connection committed (`PRAGMA data_version`).
///
/// ```swift
/// let watch = SQLiteChangeWatch(repository: repository)
/// let watching = Task { await watch.run { error in store.send(.failed(error)) } }
/// ```
///
/// It uses the folder watch the settings storage uses
/// (``Uniflow/SharedStorageWatch/folder(atPath:onChange:)``): each write to the database or
/// its write-ahead log wakes it, and a burst of writes makes one look. No timer: an idle
/// program does nothing, and another process's change shows within milliseconds. Where the
/// folder cannot be watched (no watch left on the system), it looks once a second instead.
public struct SQLiteChangeWatch: TodoChangeWatch {
  /// The repository told of the changes.
  public let repository: SQLiteTodoRepository

  /// Creates the watch of a repository.
  ///
  /// - Parameter repository: The repository on the database file.
  public init(repository: SQLiteTodoRepository) {
    self.repository = repository
  }

  /// Watches the database's folder until the task is cancelled; see
  /// ``TodoChangeWatch/run(reportingFailuresTo:)``.
  public func run(reportingFailuresTo report: @escaping @MainActor @Sendable (TodoStoreError) -> Void) async {
    let signal = ChangeSignal()
    let folder = URL(fileURLWithPath: repository.path).deletingLastPathComponent().path
    let watch = SharedStorageWatch.folder(atPath: folder) { signal.changed() }
    defer { watch?.cancel() }
    // Polling, as a last resort, once a second.
    let poll =
      watch != nil
      ? nil
      : Task {
        while !Task.isCancelled {
          signal.changed()
          try? await Task.sleep(for: .seconds(1))
        }
      }
    defer { poll?.cancel() }
    // What changed before the watch began.
    signal.changed()
    let repository = repository
    await signal.deliver(to: repository, publish: repository.reloadIfChanged, report: report)
  }
}
