import Foundation

/// Runs `wait`, a call that blocks until another process does something, on a thread of its
/// own, and returns what it returns.
///
/// Swift Testing runs every test on the cooperative thread pool, which on Linux has one thread
/// per core, or on the main actor: a test blocked on one of them stalls every other test in the
/// process that needs it (effects, clocks, stores). So a blocking wait never runs there.
///
/// - Parameter wait: The blocking call.
/// - Returns: What `wait` returns.
public func onOwnThread<Value: Sendable, Failure: Error>(
  _ wait: @escaping @Sendable () throws(Failure) -> Value
) async throws(Failure) -> Value {
  let result = await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: Result(catching: wait)) }.start()
  }
  return try result.get()
}

extension Process {
  /// Waits for the process to exit, on a thread of its own: the `async` counterpart of
  /// `waitUntilExit()`, which blocks the thread it runs on.
  public func waitForExit() async {
    await onOwnThread { [self] in waitUntilExit() }
  }
}
