/// Where a shared value is kept between runs: a file, a database row, a preference.
///
/// ``SharedValues`` reads the value once when the shared value is made, writes it after
/// changes (the first change at once, then at most once per write interval, always ending
/// with the last value), and writes it once more when the last holder goes away or on
/// ``Shared/save()``. A storage whose value can change from outside (another process) reports
/// those changes through ``watch(_:)``.
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
/// Writes never run on the main actor, and never two at once for one shared value.
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

  /// Starts reporting changes made from outside this program (another process writing the
  /// same file); `nil` when the storage cannot see such changes.
  ///
  /// A storage reports only values that differ from what it last loaded or saved: the
  /// changes of this program's own writes are not reported back.
  ///
  /// - Parameter onChange: Called, on any thread, with each new value, or with the error that
  ///   kept it from being read (the shared value then keeps its value).
  /// - Returns: What keeps the reports coming; cancel it, or release it, to stop them.
  func watch(
    _ onChange: @escaping @Sendable (Result<Value, SharedStorageError>) -> Void
  ) -> SharedStorageWatch?
}

extension SharedStorage {
  /// No reports: the storage cannot see changes made from outside.
  public func watch(
    _ onChange: @escaping @Sendable (Result<Value, SharedStorageError>) -> Void
  ) -> SharedStorageWatch? {
    nil
  }
}
