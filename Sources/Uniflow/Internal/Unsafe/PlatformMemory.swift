#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

// What the library needs of the platform's memory: a lock at a stable address, bytes handed
// to write(2), a look at the current task, the identity of an array's storage.
//
// SAFETY: each pointer here is used inside the call that makes it and never kept, except the
// lock's, which is allocated and initialised once in `PlatformLock.init` and freed in its
// `deinit`, a stable address for the lock's life; every count passed with a pointer is the
// buffer's own, less what was already written. Exercised by `LockIsolatedTests` (under
// ThreadSanitizer), the diagnostics tests that write to standard error, the recording tests
// (`FileSessionSinkTests`), `AsyncLoopGuardTests` and the list view model's tests.

/// The platform's plain mutex, at a stable address.
///
/// Its lock and unlock are inlinable, with ``LockIsolated/withLock(_:)``: a shared value read
/// from a client's module then runs code specialised for its type instead of looking up
/// generic metadata on every read.
@usableFromInline
final class PlatformLock: @unchecked Sendable {
  // @unchecked: the lock itself is the synchronisation.
  #if canImport(Darwin)
    @usableFromInline let handle = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)

    @usableFromInline init() { handle.initialize(to: os_unfair_lock()) }
    deinit { handle.deallocate() }
    @inlinable func lock() { os_unfair_lock_lock(handle) }
    @inlinable func unlock() { os_unfair_lock_unlock(handle) }
  #else
    @usableFromInline let handle = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    @usableFromInline init() { pthread_mutex_init(handle, nil) }
    deinit {
      pthread_mutex_destroy(handle)
      handle.deallocate()
    }
    @inlinable func lock() { pthread_mutex_lock(handle) }
    @inlinable func unlock() { pthread_mutex_unlock(handle) }
  #endif
}

/// Writes `bytes[from...]` to a file descriptor with one write(2).
///
/// - Returns: What write(2) returned: the number of bytes written, or -1 (see `errno`).
@usableFromInline
package func writeBytes(_ bytes: [UInt8], from offset: Int, to descriptor: Int32) -> Int {
  bytes.withUnsafeBytes { buffer in
    write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
  }
}

/// Whether the calling code runs outside any task.
func isOutsideAnyTask() -> Bool {
  withUnsafeCurrentTask { $0 == nil }
}

/// Whether two arrays share one storage: then no element of one differs from the other's.
package func shareStorage<Element>(_ lhs: [Element], _ rhs: [Element]) -> Bool {
  lhs.withUnsafeBufferPointer { lhs in
    rhs.withUnsafeBufferPointer { rhs in lhs.baseAddress == rhs.baseAddress && lhs.count == rhs.count }
  }
}
