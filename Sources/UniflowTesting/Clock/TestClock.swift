/// A clock whose time moves only when a test says so.
///
/// Inject it where the feature takes a `Clock`, then drive time from the test:
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: Search.State()) { Search(clock: clock) }
///
/// await store.send(.queryChanged("swift")) { $0.query = "swift" }
/// await clock.advance(by: .milliseconds(300))  // the debounce is over
/// await store.receive(.results(["swift"])) { $0.results = ["swift"] }
/// ```
///
/// A task that sleeps on the clock stays asleep until the test moves ``now`` past its deadline
/// with ``advance(by:isolation:fileID:filePath:line:column:)``,
/// ``advance(to:isolation:fileID:filePath:line:column:)`` or
/// ``run(maximumWakeUps:isolation:fileID:filePath:line:column:)``. Time moves from deadline to
/// deadline. At each, the clock wakes the sleepers that are due, waits until their tasks are
/// running again, and yields so that they can go on to their next suspension point (sleeping
/// again, or sending an action that a ``TestStore`` then receives) before time moves further: a
/// timer that sleeps one second at a time wakes three times when the clock advances by three
/// seconds.
///
/// Cancelling a sleeping task wakes it at once with `CancellationError`, also when it was
/// cancelled just before it went to sleep.
///
/// At the end of a test, ``checkNoSleepers(fileID:filePath:line:column:)`` fails if a task is
/// still waiting for time that never came.
///
/// - Note: An effect starts to sleep only once its task has run. The store and the clock yield to
///   let it get there, but a test that must be certain awaits ``waitForSleepers(_:)`` before it
///   advances.
public final class TestClock: Clock, Sendable {
  /// A point in the test clock's time: an offset from its start.
  public struct Instant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
    /// The time since the clock's start.
    public var offset: Duration

    /// Creates an instant.
    ///
    /// - Parameter offset: The time since the clock's start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    /// The time from this instant to `other`.
    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset, as in `+1.5 seconds`.
    public var description: String {
      "+\(offset)"
    }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct SleeperWaiter {
    let count: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct State {
    var now: Instant
    /// By registration number, which orders sleepers with the same deadline.
    var sleepers: [Int: Sleeper] = [:]
    var nextID = 0
    /// Sleeps whose task was cancelled before they registered.
    var cancelledBeforeSleeping: Set<Int> = []
    var sleeperWaiters: [Int: SleeperWaiter] = [:]
    /// Sleepers woken whose task has not run yet, and the advances waiting for them to run.
    var wokenNotResumed: Set<Int> = []
    var resumeWaiters: [CheckedContinuation<Void, Never>] = []

    /// The earliest deadline, if it is not after `limit`, and the sleepers due then, in order.
    mutating func removeNextDue(notAfter limit: Instant?) -> (Instant, [Sleeper])? {
      guard let deadline = sleepers.values.map(\.deadline).min(), limit.map({ deadline <= $0 }) ?? true
      else { return nil }
      let due = sleepers.filter { $0.value.deadline == deadline }.sorted { $0.key < $1.key }
      for (id, _) in due { sleepers[id] = nil }
      return (deadline, due.map(\.value))
    }

    /// Removes the waiters of ``TestClock/waitForSleepers(_:)`` that are satisfied.
    mutating func removeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
      let satisfied = sleeperWaiters.filter { $0.value.count <= sleepers.count }
      for id in satisfied.keys { sleeperWaiters[id] = nil }
      return satisfied.values.map(\.continuation)
    }
  }

  private let state: LockIsolated<State>

  /// Creates a clock.
  ///
  /// - Parameter now: The clock's time at the start; by default offset zero.
  public init(now: Instant = Instant()) {
    self.state = LockIsolated(State(now: now))
  }

  /// The clock's current time; it changes only when the test advances the clock.
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// Zero: the clock wakes a sleeper exactly at its deadline.
  public var minimumResolution: Duration {
    .zero
  }

  /// The number of tasks sleeping on the clock.
  public var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// Suspends the calling task until the clock reaches `deadline`.
  ///
  /// Returns at once if the deadline has passed. Throws `CancellationError` if the task is
  /// cancelled before or while sleeping.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored: the clock wakes sleepers exactly.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    try await withTaskCancellationHandler {
      defer { didResume(id) }
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        enum Outcome { case cancelled, due, sleeping([CheckedContinuation<Void, Never>]) }
        let outcome: Outcome = state.withLock { state in
          if state.cancelledBeforeSleeping.remove(id) != nil { return .cancelled }
          if deadline <= state.now { return .due }
          state.sleepers[id] = Sleeper(id: id, deadline: deadline, continuation: continuation)
          return .sleeping(state.removeSatisfiedWaiters())
        }
        switch outcome {
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .due: continuation.resume()
        case .sleeping(let waiters): for waiter in waiters { waiter.resume() }
        }
      }
    } onCancel: {
      // The handler may run before the continuation above registered the sleeper: then it
      // leaves a mark that the registration finds.
      let sleeper = state.withLock { state in
        guard let sleeper = state.sleepers.removeValue(forKey: id) else {
          state.cancelledBeforeSleeping.insert(id)
          return Sleeper?.none
        }
        return sleeper
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
    state.withLock { _ = $0.cancelledBeforeSleeping.remove(id) }
    try Task.checkCancellation()
  }

  /// Moves time forward by `duration`, waking in order every task whose deadline comes.
  ///
  /// ```swift
  /// await store.send(.startTimer)
  /// await clock.advance(by: .seconds(1))
  /// await store.receive(.tick) { $0.seconds = 1 }
  /// ```
  ///
  /// Time stops at each deadline on the way. The clock wakes the tasks due there, waits until
  /// they run again and yields to them, so that a woken task that sleeps again (a timer) is
  /// woken again within the same advance.
  ///
  /// A negative duration is a test failure; the clock stays where it is.
  ///
  /// - Parameters:
  ///   - duration: How far to move time; by default zero, which only wakes the tasks
  ///     that are due.
  ///   - isolation: The actor the clock yields on while it waits; the caller's by default.
  ///   - fileID: The file ID a failure is reported at; the caller's by default.
  ///   - filePath: The file path a failure is reported at; the caller's by default.
  ///   - line: The line a failure is reported at; the caller's by default.
  ///   - column: The column a failure is reported at; the caller's by default.
  public func advance(
    by duration: Duration = .zero,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    guard duration >= .zero else {
      reportFailure(
        "TestClock cannot move backwards: advance(by: \(duration)) was called; the clock stays at "
          + "\(now).",
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
      return
    }
    await advance(toOffsetFromNow: duration)
  }

  /// Moves time forward to `deadline`, waking in order every task whose deadline comes.
  ///
  /// A deadline before ``now`` is a test failure; the clock stays where it is.
  ///
  /// - Parameters:
  ///   - deadline: The instant to move to.
  ///   - isolation: The actor the clock yields on while it waits; the caller's by default.
  ///   - fileID: The file ID a failure is reported at; the caller's by default.
  ///   - filePath: The file path a failure is reported at; the caller's by default.
  ///   - line: The line a failure is reported at; the caller's by default.
  ///   - column: The column a failure is reported at; the caller's by default.
  public func advance(
    to deadline: Instant,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let now = self.now
    guard deadline >= now else {
      reportFailure(
        "TestClock cannot move backwards: advance(to: \(deadline)) was called at \(now); the clock "
          + "stays where it is.",
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
      return
    }
    await advance(toOffsetFromNow: now.duration(to: deadline))
  }

  private func advance(
    toOffsetFromNow duration: Duration, isolation: isolated (any Actor)? = #isolation
  ) async {
    // Let tasks that are about to sleep register first, so that they count from the old time.
    await yieldToReadyTasks()
    let target = now.advanced(by: duration)
    while await wakeNextDue(notAfter: target) {}
    move(to: target)
    await yieldToReadyTasks()
  }

  /// Moves time to the earliest deadline not after `limit`, wakes the tasks due there, waits
  /// until they have run again, and yields so that they can go on to their next suspension
  /// point (such as sleeping again).
  ///
  /// - Returns: Whether a task was due.
  private func wakeNextDue(
    notAfter limit: Instant?, isolation: isolated (any Actor)? = #isolation
  ) async -> Bool {
    guard resumeNextDue(notAfter: limit) else { return false }
    await waitForResumedTasks()
    await yieldToReadyTasks()
    return true
  }

  /// Moves time to the earliest deadline not after `limit` and resumes the tasks due there, in
  /// order, without waiting for them to run again (``waitForResumedTasks(isolation:)`` does).
  ///
  /// - Parameter limit: The latest deadline to move to; `nil` for no limit.
  /// - Returns: Whether a task was due.
  package func resumeNextDue(notAfter limit: Instant?) -> Bool {
    let due = state.withLock { state -> [Sleeper]? in
      guard let (deadline, sleepers) = state.removeNextDue(notAfter: limit) else { return nil }
      state.now = max(state.now, deadline)
      state.wokenNotResumed.formUnion(sleepers.map(\.id))
      return sleepers
    }
    guard let due else { return false }
    for sleeper in due { sleeper.continuation.resume() }
    return true
  }

  /// Whether every task the clock resumed has run again.
  var haveResumedTasksRun: Bool {
    state.withLock { $0.wokenNotResumed.isEmpty }
  }

  /// Moves time to `instant`, unless it is there already; wakes nobody.
  func move(to instant: Instant) {
    state.withLock { $0.now = max($0.now, instant) }
  }

  /// Moves time forward until no task is sleeping on the clock, waking each in turn.
  ///
  /// ```swift
  /// await store.send(.retry)
  /// await clock.run()   // every backoff delay is over
  /// await store.receive(.gaveUp)
  /// ```
  ///
  /// A task that keeps sleeping again (a repeating timer) would keep `run()` going forever, so
  /// it stops after `maximumWakeUps` deadlines and reports a test failure.
  ///
  /// - Parameters:
  ///   - maximumWakeUps: The most deadlines to advance to before giving up.
  ///   - isolation: The actor the clock yields on while it waits; the caller's by default.
  ///   - fileID: The file ID a failure is reported at; the caller's by default.
  ///   - filePath: The file path a failure is reported at; the caller's by default.
  ///   - line: The line a failure is reported at; the caller's by default.
  ///   - column: The column a failure is reported at; the caller's by default.
  public func run(
    maximumWakeUps: Int = 10_000,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    await yieldToReadyTasks()
    for _ in 0..<max(0, maximumWakeUps) {
      guard await wakeNextDue(notAfter: nil) else { return }
    }
    let remaining = sleeperCount
    guard remaining > 0 else { return }
    reportFailure(
      "TestClock.run() advanced to \(maximumWakeUps) deadlines and \(remaining) "
        + "\(remaining == 1 ? "task is" : "tasks are") still sleeping: is a timer repeating "
        + "forever? Cancel it, or advance by a fixed duration.",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits until every task the clock resumed has run again.
  func waitForResumedTasks(isolation: isolated (any Actor)? = #isolation) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isResumed = state.withLock { state in
        guard state.wokenNotResumed.isEmpty else {
          state.resumeWaiters.append(continuation)
          return false
        }
        return true
      }
      if isResumed { continuation.resume() }
    }
  }

  /// Called when the task of a sleep runs again, however the sleep ended.
  private func didResume(_ id: Int) {
    let waiters = state.withLock { state in
      guard state.wokenNotResumed.remove(id) != nil, state.wokenNotResumed.isEmpty else {
        return [CheckedContinuation<Void, Never>]()
      }
      defer { state.resumeWaiters = [] }
      return state.resumeWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Waits until at least `count` tasks are sleeping on the clock.
  ///
  /// An explicit gate for a test that must be sure an effect went to sleep before it advances
  /// the clock:
  ///
  /// ```swift
  /// await store.send(.startTimer)
  /// await clock.waitForSleepers()
  /// await clock.advance(by: .seconds(1))
  /// ```
  ///
  /// It waits for the sleep itself, not for time: if no task ever sleeps, it returns only when
  /// the waiting task is cancelled.
  ///
  /// - Parameter count: The number of sleepers to wait for; by default one.
  public func waitForSleepers(_ count: Int = 1) async {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let isSatisfied = state.withLock { state in
          guard state.sleepers.count < count, !state.cancelledBeforeSleeping.contains(id) else {
            return true
          }
          state.sleeperWaiters[id] = SleeperWaiter(count: count, continuation: continuation)
          return false
        }
        if isSatisfied { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { state in
        guard let waiter = state.sleeperWaiters.removeValue(forKey: id) else {
          state.cancelledBeforeSleeping.insert(id)
          return SleeperWaiter?.none
        }
        return waiter
      }
      waiter?.continuation.resume()
    }
    state.withLock { _ = $0.cancelledBeforeSleeping.remove(id) }
  }

  /// Fails the test if any task is still sleeping on the clock.
  ///
  /// Call it at the end of a test to make sure no effect is left waiting for time the test never
  /// gave it:
  ///
  /// ```swift
  /// await store.send(.stopTimer) { $0.isRunning = false }
  /// clock.checkNoSleepers()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The file ID a failure is reported at; the caller's by default.
  ///   - filePath: The file path a failure is reported at; the caller's by default.
  ///   - line: The line a failure is reported at; the caller's by default.
  ///   - column: The column a failure is reported at; the caller's by default.
  public func checkNoSleepers(
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    let deadlines = state.withLock { state in
      state.sleepers.sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }
        .map(\.value.deadline)
    }
    guard !deadlines.isEmpty else { return }
    let count = deadlines.count
    reportFailure(
      "\(count) \(count == 1 ? "task is" : "tasks are") still sleeping on the test clock (now "
        + "\(now); deadlines \(deadlines.map(\.description).joined(separator: ", "))). Advance "
        + "the clock, or cancel the effects that sleep.",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}
