#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value that any task may read and change, one at a time, behind a lock.
///
/// ```swift
/// let calls = LockIsolated<[String]>([])
/// let repository = FakeRepository { query in
///   calls.withLock { $0.append(query) }
///   return []
/// }
/// ```
///
/// It does what `Synchronization.Mutex` does, with one difference that matters for a library
/// that is tested under ThreadSanitizer on Linux: there, `Mutex` waits on a futex that
/// ThreadSanitizer does not see, so every access made under it from two threads is reported as
/// a data race. `LockIsolated` takes a POSIX mutex (an `os_unfair_lock` on Apple platforms),
/// which ThreadSanitizer understands, so a race it reports is a real one. Effects, test fakes
/// and the testing library use it for their shared state.
///
/// - Complexity: A lock and an unlock per access.
public final class LockIsolated<Value>: @unchecked Sendable {
  // @unchecked: `value` is read and written only inside `withLock`, with `lock` held; like
  // `Mutex`, the value goes in and out as `sending`, so a non-Sendable value stays in one
  // isolation region.
  @usableFromInline var value: Value
  @usableFromInline let lock = PlatformLock()

  /// Creates the protected value.
  ///
  /// - Parameter value: The value to start with.
  public init(_ value: consuming sending Value) {
    self.value = value
  }

  /// Calls `body` with the value, holding the lock until it returns.
  ///
  /// Keep `body` short, and never wait in it for another task that needs the same lock.
  ///
  /// - Parameter body: Reads or changes the value.
  /// - Returns: What `body` returns.
  @inlinable
  public func withLock<Result, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

}

extension LockIsolated where Value: Sendable {
  /// A copy of the value, read under the lock.
  public var current: Value {
    withLock { $0 }
  }
}
