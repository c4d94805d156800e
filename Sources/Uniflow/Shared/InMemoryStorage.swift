/// A storage that keeps its value in memory: the stand-in for any ``SharedStorage`` in tests,
/// which then run in parallel and never touch the disk.
///
/// ```swift
/// let storage = InMemoryStorage<Settings>(id: "settings")
/// let settings = try values.shared(storage, default: Settings())
/// // … the feature changes the settings …
/// try settings.save()
/// #expect(storage.stored == Settings(theme: .dark))
/// ```
///
/// It counts its writes, fails on demand (``failure``), and plays the part of another
/// process with ``simulateOutsideChange(_:)``.
public final class InMemoryStorage<Value: Sendable>: SharedStorage, Sendable {
  private struct Contents {
    var stored: Value?
    var saveCount = 0
    var failure: SharedStorageError?
    var watchers: [Int: @Sendable () -> Void] = [:]
    var nextWatcher = 0
    /// A value stored from outside that the shared value has not read yet.
    var outsideChange: Value?
  }

  /// What the storage holds, named.
  public let id: String
  private let contents: LockIsolated<Contents>

  /// Creates a storage.
  ///
  /// - Parameters:
  ///   - id: Names what it holds: shared values made with storages of equal ids are one.
  ///   - stored: What it holds at first; `nil` for nothing.
  public init(id: String = "memory", stored: Value? = nil) {
    self.id = id
    self.contents = LockIsolated(Contents(stored: stored))
  }

  /// What the storage holds now.
  public var stored: Value? {
    contents.withLock { $0.stored }
  }

  /// How many writes succeeded.
  public var saveCount: Int {
    contents.withLock { $0.saveCount }
  }

  /// When set, every load and save fails with this error, as a broken disk would.
  public var failure: SharedStorageError? {
    get { contents.withLock { $0.failure } }
    set { contents.withLock { $0.failure = newValue } }
  }

  /// Reads the stored value.
  public func load() throws(SharedStorageError) -> Value? {
    let (stored, failure) = contents.withLock { ($0.stored, $0.failure) }
    if let failure { throw failure }
    return stored
  }

  /// Stores `value`, or throws ``failure``.
  public func save(_ value: Value) throws(SharedStorageError) {
    let failure: SharedStorageError? = contents.withLock { contents in
      if let failure = contents.failure { return failure }
      contents.stored = value
      contents.saveCount += 1
      contents.outsideChange = nil
      return nil
    }
    if let failure { throw failure }
  }

  /// The value stored with ``simulateOutsideChange(_:)`` since the last read of one, if any.
  public func loadChange() throws(SharedStorageError) -> Value? {
    try contents.withLock { contents throws(SharedStorageError) -> Value? in
      guard contents.outsideChange != nil else { return nil }
      if let failure = contents.failure { throw failure }
      return contents.outsideChange.take()
    }
  }

  /// Reports the changes made with ``simulateOutsideChange(_:)``.
  public func watch(_ onChange: @escaping @Sendable () -> Void) -> SharedStorageWatch? {
    let id = contents.withLock { contents in
      defer { contents.nextWatcher += 1 }
      contents.watchers[contents.nextWatcher] = onChange
      return contents.nextWatcher
    }
    return SharedStorageWatch { [contents] in
      contents.withLock { _ = $0.watchers.removeValue(forKey: id) }
    }
  }

  /// Stores `value` as another process would, and tells the watchers.
  ///
  /// - Parameter value: The value the other process stores.
  public func simulateOutsideChange(_ value: Value) {
    let watchers = contents.withLock { contents in
      contents.stored = value
      contents.outsideChange = value
      return Array(contents.watchers.values)
    }
    for watcher in watchers { watcher() }
  }
}
