/// The one place the program learns of the changes others make: it tells the repository,
/// which publishes them through ``TodoRepository/updates()``.
///
/// Two implementations, one per repository, both event-driven: ``SQLiteChangeWatch`` wakes
/// on the database folder's file events and asks SQLite whether another connection committed;
/// ``PostgresChangeWatch`` listens on the server for the notification every change sends.
/// The program's composition root builds the one that fits its repository, and runs it while
/// the contents are shown:
///
/// ```swift
/// let watch = SQLiteChangeWatch(repository: repository)
/// let watching = Task { await watch.run { error in store.send(.failed(error)) } }
/// // …
/// watching.cancel()
/// ```
public protocol TodoChangeWatch: Sendable {
  /// Watches until the task running it is cancelled: after each change from outside, asks the
  /// repository to publish it.
  ///
  /// - Parameter report: What to do with a failure (a lost server, a database that cannot be
  ///   read); the program shows it. Watching goes on after a failure.
  func run(reportingFailuresTo report: @escaping @MainActor @Sendable (TodoStoreError) -> Void) async
}
