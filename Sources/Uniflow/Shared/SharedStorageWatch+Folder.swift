extension SharedStorageWatch {
  /// Watches a folder's files for a custom storage: calls `onChange`, on a thread of its own,
  /// after a file in the folder changes.
  ///
  /// A storage that keeps its value in a file of its own making (a database, a property list)
  /// returns this watch from ``SharedStorage/watch(_:)``, and compares in
  /// ``SharedStorage/loadChange()``, which the shared value's task calls after each report:
  ///
  /// ```swift
  /// func watch(_ onChange: @escaping @Sendable () -> Void) -> SharedStorageWatch? {
  ///   SharedStorageWatch.folder(atPath: databaseFolder, onChange: onChange)
  /// }
  ///
  /// func loadChange() throws(SharedStorageError) -> Settings? {
  ///   let settings = try readSettings()
  ///   return settings == lastLoadedOrSaved ? nil : settings
  /// }
  /// ```
  ///
  /// The report says only that something in the folder changed, maybe a file the storage
  /// does not care about, maybe a write of this program: the storage compares what it reads
  /// with what it last loaded or saved, and returns only a value that differs. Reports come
  /// one at a time, as soon as the system tells of the change; there is no timer.
  ///
  /// On Linux it uses inotify, and sees every file made, written (each write, including one to
  /// a file that stays open, such as an SQLite database's write-ahead log), deleted or renamed
  /// in or out of the folder. On Apple platforms it uses a dispatch source on the folder, which
  /// sees files made, deleted and renamed, not writes inside a file that stays open; that code
  /// is not tested here, where the project's tests run on Linux.
  ///
  /// - Parameters:
  ///   - path: The folder; it must exist.
  ///   - onChange: Called, on the watch's thread, after each change or burst of changes.
  /// - Returns: The watch, which stops when cancelled or released; `nil` when the folder cannot
  ///   be watched (it does not exist, or the system has no watch left).
  public static func folder(
    atPath path: String, onChange: @escaping @Sendable () -> Void
  ) -> SharedStorageWatch? {
    guard let watcher = DirectoryWatcher(directory: path, seesEveryWrite: true, onEvent: onChange) else {
      return nil
    }
    return SharedStorageWatch { watcher.stop() }
  }
}
