#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Tells whether one effect task waited between two of its sends: the task executor that the
/// async loop guard runs the effects of a chain's actions on.
///
/// A task is handed to its executor when it starts, and then each time it is resumed after a
/// suspension on another executor or on nothing at all. The watch sees every such hand-over and
/// passes the work on (to the global concurrent executor, or to the store's ``EffectJobHost``).
/// A hand-over counts as a wait unless it is one of the two the store causes itself:
///
/// * the task's start;
/// * its return from a send: the task hops to the main actor to send, and back.
///
/// So a wait is any suspension of the effect's own: a sleep on any clock, an awaited value that
/// was not there yet (a stream's next element, a network reply, a continuation), a call into an
/// actor, `Task.yield()`. What the task does between two sends, without suspending, is no wait,
/// however long it takes: the rule counts events, never time, so the same effect is judged the
/// same way on a fast machine and on a loaded one.
///
/// On the global executor the task's return from a send is recognised as the first hand-over
/// after the send. That relies on the task hopping back from the main actor after each send
/// before it awaits anything else; were a compiler to drop that hop when the next await is
/// itself on the main actor, a wait made wholly there (a main-actor continuation) would be taken
/// for the return. `AsyncLoopGuardTests` pins it, in debug and release builds: a ticker that
/// waits at a main-actor gate right after a send is never stopped. Under an ``EffectJobHost`` (a test store's executor, which runs effect work on
/// the main actor, where a send needs no hop), the task moves from the main actor to the watch
/// from inside its own work: a hand-over made by the running task itself, with no other task
/// current, is that move, and not a wait.
package final class EffectWatch: TaskExecutor {
  private struct State {
    /// Whether the next hand-over is the task's start.
    var isStarting = true
    /// Whether the next hand-over may be the task's return from a send.
    var isReturningFromSend = false
    /// Whether the task waited since its last send, or since it started.
    var hasWaited = false
    /// The thread running the task's work for the host, while it runs.
    var runningThread: UInt?
  }

  private let state = LockIsolated(State())
  private let host: (any EffectJobHost)?

  /// Creates a watch for one task.
  ///
  /// - Parameter host: Where the task's work runs; `nil` for the global concurrent executor.
  init(host: (any EffectJobHost)?) {
    self.host = host
  }

  /// Takes the task's work when it starts or resumes, notes whether that was a wait, and passes
  /// it on.
  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    if let host {
      // SAFETY: the task reference is only compared with `nil`, never kept.
      let isMovingItself = withUnsafeCurrentTask { $0 == nil }
      let thread = currentThreadNumber()
      state.withLock { state in
        if state.isStarting {
          state.isStarting = false
        } else if !(isMovingItself && state.runningThread == thread) {
          state.hasWaited = true
        }
      }
      host.enqueue(job, watchedBy: self)
    } else {
      state.withLock { state in
        if state.isStarting {
          state.isStarting = false
        } else if state.isReturningFromSend {
          state.isReturningFromSend = false
        } else {
          state.hasWaited = true
        }
      }
      globalConcurrentExecutor.enqueue(job)
    }
  }

  /// Whether the task waited since its last send (or since it started), read as it sends an
  /// action: the count starts again from this send.
  func takeHasWaited() -> Bool {
    let isHosted = host != nil
    return state.withLock { state in
      defer {
        state.hasWaited = false
        // Hosted, the task sends from the main actor without hopping there.
        state.isReturningFromSend = !isHosted
      }
      return state.hasWaited
    }
  }

  /// Tells the watch that the task, on the main actor, is about to move to it by itself (to
  /// run an operation of a concatenation): the next hand-over is no wait.
  func expectMove() {
    guard host == nil else { return }  // Hosted, the move is seen as the task's own.
    state.withLock { $0.isReturningFromSend = true }
  }

  /// Runs a piece of the task's work for its host, on the calling thread, isolated to
  /// `executor`; the task's moves made meanwhile by itself are not waits.
  ///
  /// - Parameters:
  ///   - job: The work, as the watch passed it to the host.
  ///   - executor: The serial executor the host runs effect work on.
  package func run(_ job: UnownedJob, isolatedTo executor: UnownedSerialExecutor) {
    let thread = currentThreadNumber()
    state.withLock { $0.runningThread = thread }
    job.runSynchronously(isolatedTo: executor, taskExecutor: asUnownedTaskExecutor())
    state.withLock { $0.runningThread = nil }
  }
}

/// An effect executor that runs the work of watched effect tasks itself: the executor of a test
/// store, which runs all effect work on the main actor in a fixed order.
package protocol EffectJobHost: TaskExecutor {
  /// Takes work of a task whose executor is `watch`; the host runs it later with
  /// ``EffectWatch/run(_:isolatedTo:)``.
  func enqueue(_ job: UnownedJob, watchedBy watch: EffectWatch)
}

/// The calling thread, as a number that is the same for the same thread.
private func currentThreadNumber() -> UInt {
  #if canImport(Glibc)
    UInt(pthread_self())
  #else
    UInt(bitPattern: pthread_self())
  #endif
}
