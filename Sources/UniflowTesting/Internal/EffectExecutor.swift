#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Runs the work of a test's effects on the main actor, one job at a time, in the order it
/// becomes ready: the effect executor of the stores of ``TestStore`` and of property checks.
///
/// An effect's task runs its own code off any actor and hops to the main actor for each action
/// it sends. On the global executor, two effects that race take turns in an order that changes
/// from run to run, and each hop wakes a thread. With this executor, the order is the order the
/// work became ready, in every run, and an effect's send finds itself on the main actor already.
///
/// Its owner either runs ready work itself (attended: a property check, which calls
/// ``runReadyWork()`` while it waits for an action's effects, and switches to main-actor tasks
/// while it awaits something, with ``whileAwaiting(_:)``), or leaves it to main-actor tasks
/// (unattended: a test store, whose test awaits between steps). Work an effect awaits from
/// another thread joins the order when it arrives.
///
/// Once stopped, work goes to the global executor, so that effects cancelled with their store
/// can end without the owner.
final class EffectExecutor: EffectJobHost {
  /// A job ready to run, with the watch of its task when the store watches it.
  private struct ReadyJob {
    let job: UnownedJob
    let watch: EffectWatch?
  }

  private enum Mode {
    /// The owner runs ready work itself, soon.
    case attended
    /// A main-actor task runs ready work.
    case unattended(isDrainScheduled: Bool)
    /// The owner is done: the global executor runs the work.
    case stopped
  }

  private struct State {
    var ready: [ReadyJob] = []
    var mode = Mode.attended
    /// Whether work has come from a thread other than the owner's.
    var hasWorkFromOtherThreads = false
  }

  private let state: LockIsolated<State>
  /// The thread of the owner, which runs on the main actor.
  private let ownerThread = currentThreadNumber()

  /// Creates an executor.
  ///
  /// - Parameter isAttended: Whether the owner runs ready work itself until it awaits;
  ///   otherwise main-actor tasks run it from the start.
  init(isAttended: Bool) {
    state = LockIsolated(State(mode: isAttended ? .attended : .unattended(isDrainScheduled: false)))
  }

  /// The most jobs ``runReadyWork()`` runs before it returns, so that effects that keep
  /// making work for each other without end cannot hold the main actor. (An effect that
  /// yields goes to the back of the main actor's queue, behind the work it waits for.)
  private let budget = 1_000

  /// Takes a job that is ready to run.
  func enqueue(_ job: consuming ExecutorJob) {
    enqueue(ReadyJob(job: UnownedJob(job), watch: nil))
  }

  /// Takes a job of a task the store watches for async loops; it runs as the others do, through
  /// its watch.
  func enqueue(_ job: UnownedJob, watchedBy watch: EffectWatch) {
    enqueue(ReadyJob(job: job, watch: watch))
  }

  private func enqueue(_ job: ReadyJob) {
    let isFromOtherThread = currentThreadNumber() != ownerThread
    let mode = state.withLock { state -> Mode in
      if isFromOtherThread { state.hasWorkFromOtherThreads = true }
      let mode = state.mode
      switch mode {
      case .attended: state.ready.append(job)
      case .unattended(let isDrainScheduled):
        state.ready.append(job)
        if !isDrainScheduled { state.mode = .unattended(isDrainScheduled: true) }
      case .stopped: break
      }
      return mode
    }
    switch mode {
    case .attended, .unattended(isDrainScheduled: true): break
    case .unattended(isDrainScheduled: false): scheduleDrain()
    case .stopped: globalConcurrentExecutor.enqueue(job.job)
    }
  }

  /// Whether work is ready to run: an effect can go on.
  var hasReadyWork: Bool {
    state.withLock { !$0.ready.isEmpty }
  }

  /// Whether work has come from a thread other than the owner's: an effect awaited something
  /// done there, and may be waiting for more of it.
  var hasWorkFromOtherThreads: Bool {
    state.withLock { $0.hasWorkFromOtherThreads }
  }

  /// Runs ready work, and the work it makes ready, until there is none or the budget is spent.
  ///
  /// - Returns: Whether it stopped at the budget with work still ready: effects that keep
  ///   making work for each other.
  @MainActor
  @discardableResult
  func runReadyWork() -> Bool {
    var remaining = budget
    while remaining > 0 {
      let jobs = state.withLock { state in
        defer { state.ready = [] }
        return state.ready
      }
      guard !jobs.isEmpty else { return false }
      // An index loop: in a debug build, which tests mostly are, a `for` loop over the array
      // costs more than the jobs' bookkeeping around it.
      var index = 0
      while index < jobs.count {
        let ready = jobs[index]
        if let watch = ready.watch {
          watch.run(ready.job, isolatedTo: MainActor.sharedUnownedExecutor)
        } else {
          ready.job.runSynchronously(
            isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: asUnownedTaskExecutor())
        }
        index += 1
      }
      remaining -= jobs.count
    }
    return hasReadyWork
  }

  /// Lets main-actor tasks run ready work while the owner awaits `body`, then attends again.
  @MainActor
  func whileAwaiting<Value>(_ body: () async -> Value) async -> Value {
    let hasWork = state.withLock { state in
      state.mode = .unattended(isDrainScheduled: !state.ready.isEmpty)
      return !state.ready.isEmpty
    }
    if hasWork { scheduleDrain() }
    defer { state.withLock { $0.mode = .attended } }
    return await body()
  }

  /// Sends work to the global executor from now on: the owner is done.
  func stop() {
    let waiting = state.withLock { state in
      state.mode = .stopped
      defer { state.ready = [] }
      return state.ready
    }
    for ready in waiting { globalConcurrentExecutor.enqueue(ready.job) }
  }

  /// Runs ready work in a main-actor task, then again in another while work is left: a budget
  /// at a time, so that other main-actor work (a timeout) can interrupt an effect that never
  /// stops.
  private func scheduleDrain() {
    Task { @MainActor in
      self.runReadyWork()
      let isDone = self.state.withLock { state in
        guard case .unattended = state.mode else { return true }
        state.mode = .unattended(isDrainScheduled: !state.ready.isEmpty)
        return state.ready.isEmpty
      }
      if !isDone { self.scheduleDrain() }
    }
  }
}
