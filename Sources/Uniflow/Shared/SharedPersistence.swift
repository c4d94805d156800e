/// Writes a shared value to its storage on schedule, and brings in the changes its storage
/// sees from outside.
///
/// The box hands it each new value on the main actor (``valueChanged(_:version:)``); the
/// writes run in a task of their own, never on the main actor and never two at once.
@usableFromInline
final class SharedPersistence<Value: Sendable>: Sendable {
  private struct Latest: Sendable {
    var value: Value
    var version: UInt64
    /// The version in the storage: written by this program, or read from it.
    var storedVersion: UInt64
    var schedule = WriteSchedule()
    var writer: Task<Void, Never>?
    var isFinished = false
  }

  let storage: any SharedStorage<Value>
  private let clock: any Clock<Duration>
  private let interval: Duration
  private let latest: LockIsolated<Latest>
  /// Held while writing, so that writes never overlap and always go in version order; counts
  /// the writes that succeeded.
  private let writes = LockIsolated(0)
  /// Receives the outcome of each write: `nil` for success.
  private let onWrite: @Sendable (SharedStorageError?) -> Void
  private let watchHandle = LockIsolated<SharedStorageWatch?>(nil)

  init(
    storage: any SharedStorage<Value>, initial: Value, clock: any Clock<Duration>, interval: Duration,
    onWrite: @escaping @Sendable (SharedStorageError?) -> Void
  ) {
    self.storage = storage
    self.clock = clock
    self.interval = interval
    self.latest = LockIsolated(Latest(value: initial, version: 0, storedVersion: 0))
    self.onWrite = onWrite
  }

  /// Starts bringing in outside changes, if the storage sees them.
  func watch(_ onChange: @escaping @Sendable (Result<Value, SharedStorageError>) -> Void) {
    let handle = storage.watch(onChange)
    watchHandle.withLock { $0 = handle }
  }

  /// A new value, to be written on schedule.
  @usableFromInline
  func valueChanged(_ value: Value, version: UInt64) {
    let step = latest.withLock { latest -> WriteSchedule.Step in
      guard !latest.isFinished else { return .wait }
      latest.value = value
      latest.version = version
      return latest.schedule.valueChanged()
    }
    if step == .writeThenCoolDown { startWriter() }
  }

  /// A value read from the storage: it is there already, so it is not written back.
  func valueLoaded(_ value: Value, version: UInt64) {
    latest.withLock { latest in
      latest.value = value
      latest.version = version
      latest.storedVersion = version
    }
  }

  /// The writer: writes at once, then each interval as long as changes come.
  private func startWriter() {
    let task = Task { [self] in
      var step = WriteSchedule.Step.writeThenCoolDown
      while step == .writeThenCoolDown {
        report(writeLatest())
        do {
          try await clock.sleep(for: interval)
        } catch {
          return
        }
        step = latest.withLock { $0.schedule.intervalPassed() }
      }
    }
    latest.withLock { $0.writer = task }
  }

  /// What a write did.
  private enum Outcome {
    /// The storage had the latest value already.
    case nothingToWrite
    case written
    case failed(SharedStorageError)
  }

  /// Writes the latest value unless the storage has it already.
  private func writeLatest() -> Outcome {
    writes.withLock { writes -> Outcome in
      let (value, version, storedVersion) = latest.withLock { ($0.value, $0.version, $0.storedVersion) }
      guard version != storedVersion else { return .nothingToWrite }
      do throws(SharedStorageError) {
        try storage.save(value)
      } catch {
        return .failed(error)
      }
      latest.withLock { $0.storedVersion = max($0.storedVersion, version) }
      writes += 1
      return .written
    }
  }

  private func report(_ outcome: Outcome) {
    switch outcome {
    case .nothingToWrite: break
    case .written: onWrite(nil)
    case .failed(let error): onWrite(error)
    }
  }

  /// Writes the latest value now, if the storage does not have it yet.
  ///
  /// - Throws: The storage's error, which is also reported as a failed write.
  func save() throws(SharedStorageError) {
    latest.withLock { $0.schedule.flushed() }
    let outcome = writeLatest()
    report(outcome)
    if case .failed(let error) = outcome { throw error }
  }

  /// The last holder went away: writes what is pending, then stops writing and watching.
  func finish() {
    let writer = latest.withLock { latest in
      latest.isFinished = true
      return latest.writer
    }
    writer?.cancel()
    watchHandle.withLock { $0 }?.cancel()
    report(writeLatest())
  }
}
