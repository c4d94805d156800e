import Foundation

/// Runs `work`, which blocks (waits for another process, reads a pipe), on a thread of its own,
/// and returns its result to the awaiting task.
///
/// The tests of all targets run in one process, on Swift's cooperative thread pool, which has
/// one thread per core: two cores on a small CI machine. A test that blocks one of those
/// threads stalls every other test meanwhile (their effects, their clocks), and under the
/// sanitizers, where a program takes seconds to start, suites that take milliseconds then ran
/// past their time limits. A thread of its own blocks nothing else.
public func onThreadOfItsOwn<Value: Sendable>(
  _ work: @escaping @Sendable () throws -> Value
) async throws -> Value {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread { continuation.resume(with: Result { try work() }) }
    thread.name = "blocking test work"
    thread.start()
  }
}
