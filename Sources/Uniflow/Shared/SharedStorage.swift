/// Where a shared value is kept between runs: a file, a database row, a preference.
///
/// ``SharedValues`` reads the value once when the shared value is made, writes it after
/// changes (the first change at once, then at most once per write interval, always ending
/// with the last value), and writes it once more when the last holder goes away, on
/// ``Shared/save()`` and on ``SharedValues/flush()``. A storage whose value can change from
/// outside (another process) says so through ``watch(_:)``, and is then read again with
/// ``loadChange()``.
///
/// All these calls come from one task of the shared value's own, one at a time and in order,
/// never from the main actor: a storage may block on its disk, and needs no lock to keep its
/// reads and writes apart (a lock around its bookkeeping, for `Sendable`, is held for no
/// longer than that bookkeeping).
///
/// ```swift
/// struct SettingsRow: SharedStorage {
///   let database: Database
///   var id: String { "database:settings" }
///
///   func load() throws(SharedStorageError) -> Settings? {
///     do { return try database.settings() } catch {
///       throw SharedStorageError(.unreadable, location: id, detail: "\(error)")
///     }
///   }
///
///   func save(_ value: Settings) throws(SharedStorageError) {
///     do { try database.setSettings(value) } catch {
///       throw SharedStorageError(.writeFailed, location: id, detail: "\(error)")
///     }
///   }
/// }
/// ```
///
/// ``InMemoryStorage`` stands in for any storage in tests.
public protocol SharedStorage<Value>: Sendable {
  /// The value stored.
  associatedtype Value: Sendable

  /// What the storage holds, named: shared values made with storages of equal ids are one.
  var id: String { get }

  /// Reads the stored value; `nil` when there is none yet (the shared value then starts with
  /// its default, and nothing is written until it changes).
  ///
  /// - Returns: The stored value, or `nil`.
  /// - Throws: ``SharedStorageError`` when something is stored but cannot be read; the shared
  ///   value then starts with its default.
  func load() throws(SharedStorageError) -> Value?

  /// Writes `value`, replacing the stored one.
  ///
  /// - Parameter value: The value to store.
  /// - Throws: ``SharedStorageError`` when the write failed; the value is written again with
  ///   the next change or save.
  func save(_ value: Value) throws(SharedStorageError)

  /// Starts telling `onChange` whenever the stored value may have changed from outside this
  /// program (another process writing the same file); `nil` when the storage cannot see such
  /// changes.
  ///
  /// `onChange` may be called on any thread, for changes that turn out to be none (this
  /// program's own writes): the shared value's task then calls ``loadChange()``, which
  /// compares.
  ///
  /// - Parameter onChange: Called after each change, or burst of changes.
  /// - Returns: What keeps the reports coming; cancel it, or release it, to stop them.
  func watch(_ onChange: @escaping @Sendable () -> Void) -> SharedStorageWatch?

  /// Reads the stored value if it differs from what this storage last loaded or saved;
  /// `nil` when it does not, or when nothing is stored (a deleted file leaves the shared value
  /// as it is).
  ///
  /// - Returns: The value another process stored, or `nil`.
  /// - Throws: ``SharedStorageError`` when something changed but cannot be read; the shared
  ///   value then keeps its value, and reports the error.
  func loadChange() throws(SharedStorageError) -> Value?
}

extension SharedStorage {
  /// No reports: the storage cannot see changes made from outside.
  public func watch(_ onChange: @escaping @Sendable () -> Void) -> SharedStorageWatch? {
    nil
  }

  /// The stored value, read with ``load()``: what a storage that does not remember what it last
  /// loaded or saved can tell. Its own writes then come back too, as values equal to the
  /// shared value's; implement this requirement to skip them.
  ///
  /// Never `nil` for a stored value: a storage that forwards ``watch(_:)`` to another one, and
  /// not this requirement, still sees every change made by other processes.
  public func loadChange() throws(SharedStorageError) -> Value? {
    try load()
  }
}
