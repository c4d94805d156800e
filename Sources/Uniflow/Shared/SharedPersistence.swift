/// Keeps a shared value in its storage: one task of its own does all the disk work, in order.
///
/// The task reads the stored value when the shared value is made, writes each change on
/// schedule (the first at once, then at most one write per interval, always ending with the
/// last value), writes what is pending on ``flush()`` and when the last holder goes away
/// (``finish()``), and reads the storage again when its watch says it changed from outside. The
/// main actor only hands it commands, which never wait: no disk work runs on the main actor,
/// in a `deinit` or under a lock, and no two run at once.
final class SharedPersistence<Value: Sendable>: PersistenceFlushing {
  /// What the task is asked to do, in the order asked.
  private enum Command: Sendable {
    /// Read the stored value, for the shared value being made.
    case load(CheckedContinuation<Result<Value?, SharedStorageError>, Never>)
    /// Start watching the storage for changes made outside; reply once it watches.
    case watch(CheckedContinuation<Void, Never>)
    /// The value changed (`loaded`: to a value read from the storage at that generation).
    case changed(Value, version: UInt64, loaded: UInt64?)
    /// An interval passed since the last write.
    case intervalPassed
    /// Write what is pending now; reply with the outcome.
    case flush(CheckedContinuation<SharedStorageError?, Never>)
    /// The storage says it changed from outside.
    case outsideChange
    /// The last holder went away: write what is pending, then stop.
    case finish
  }

  /// What the task tells the shared value, on the main actor.
  struct Reports: Sendable {
    /// The outcome of a write: `nil` for success.
    var wrote: @Sendable (SharedStorageError?) -> Void
    /// A value, or an error, the storage brought in from outside, with the generation it was
    /// read at.
    var loaded: @Sendable (Result<Value, SharedStorageError>, UInt64) -> Void
  }

  let storage: any SharedStorage<Value>
  private let commands: AsyncStream<Command>.Continuation
  /// The task: it keeps the persistence alive until its last write is done.
  private let worker = LockIsolated<Task<Void, Never>?>(nil)
  /// Whether ``finish()`` was called.
  private let isFinishing = LockIsolated(false)
  /// Whether the task has stopped: its last write is done.
  private let isEnded = LockIsolated(false)

  init(
    storage: any SharedStorage<Value>, clock: any Clock<Duration>, interval: Duration, reports: Reports
  ) {
    self.storage = storage
    let (stream, commands) = AsyncStream.makeStream(of: Command.self)
    self.commands = commands
    // Detached: the disk work runs off the main actor, whoever makes the value.
    let task = Task.detached { [self] in
      var writer = Writer(
        storage: storage, clock: clock, interval: interval, commands: commands, reports: reports)
      await writer.run(stream)
      self.isEnded.withLock { $0 = true }
    }
    worker.withLock { $0 = task }
  }

  /// Reads the stored value on the task.
  func load() async -> Result<Value?, SharedStorageError> {
    await withCheckedContinuation { commands.yield(.load($0)) }
  }

  /// Starts bringing in outside changes, if the storage sees them, and waits until it does.
  func watch() async {
    await withCheckedContinuation { commands.yield(.watch($0)) }
  }

  /// A new value, to be written on schedule; `loaded` is the generation it was read at, when it
  /// is a value the storage brought in.
  func valueChanged(_ value: Value, version: UInt64, loaded: UInt64?) {
    commands.yield(.changed(value, version: version, loaded: loaded))
  }

  /// Writes the latest value now, if the storage does not have it yet.
  ///
  /// - Returns: The error of the write, which is also reported; `nil` for success.
  func flush() async -> SharedStorageError? {
    await withCheckedContinuation { continuation in
      if case .terminated = commands.yield(.flush(continuation)) { continuation.resume(returning: nil) }
    }
  }

  /// The last holder went away: the task writes what is pending, then stops writing and
  /// watching. Returns at once.
  func finish() {
    isFinishing.withLock { $0 = true }
    commands.yield(.finish)
    commands.finish()
  }

  /// Whether the task has stopped, after ``finish()``: its last write is done.
  var hasEnded: Bool { isEnded.withLock { $0 } }

  /// Writes what is pending; or, after ``finish()``, waits until the last write is done.
  func flushOrWaitForEnd() async {
    if isFinishing.withLock({ $0 }) {
      await worker.withLock { $0 }?.value
    } else {
      _ = await flush()
    }
  }

  /// The task's state: what it last wrote and read, and when it writes next. Only the task
  /// touches it.
  private struct Writer {
    let storage: any SharedStorage<Value>
    let clock: any Clock<Duration>
    let interval: Duration
    let commands: AsyncStream<Command>.Continuation
    let reports: Reports
    var latest: (value: Value, version: UInt64)?
    /// The version the storage holds: written here, or read from it.
    var storedVersion: UInt64 = 0
    /// Counts the writes and the outside changes read: a value read at one generation is
    /// stale once another write happened.
    var generation: UInt64 = 0
    var schedule = WriteSchedule()
    var timer: Task<Void, Never>?
    var watch: SharedStorageWatch?

    init(
      storage: any SharedStorage<Value>, clock: any Clock<Duration>, interval: Duration,
      commands: AsyncStream<Command>.Continuation, reports: Reports
    ) {
      self.storage = storage
      self.clock = clock
      self.interval = interval
      self.commands = commands
      self.reports = reports
    }

    mutating func run(_ stream: AsyncStream<Command>) async {
      for await command in stream {
        switch command {
        case .load(let reply):
          do throws(SharedStorageError) {
            reply.resume(returning: .success(try storage.load()))
          } catch {
            reply.resume(returning: .failure(error))
          }
        case .watch(let reply):
          watch = storage.watch { [commands] in commands.yield(.outsideChange) }
          reply.resume()
          // A change made between the first read and the start of the watch.
          if watch != nil { bringInOutsideChange() }
        case .changed(let value, let version, let loaded):
          latest = (value, version)
          // A value read from the storage is there already, unless a write came after it.
          if let loaded, loaded == generation {
            storedVersion = version
          } else if schedule.valueChanged() == .writeThenCoolDown {
            writeAndCoolDown()
          }
        case .intervalPassed:
          if schedule.intervalPassed() == .writeThenCoolDown { writeAndCoolDown() }
        case .flush(let reply):
          schedule.flushed()
          reply.resume(returning: write())
        case .outsideChange:
          bringInOutsideChange()
        case .finish:
          timer?.cancel()
          watch?.cancel()
          watch = nil
          _ = write()
          return
        }
      }
    }

    /// Writes the latest value, then has the task told when an interval has passed.
    private mutating func writeAndCoolDown() {
      _ = write()
      timer = Task { [clock, interval, commands] in
        do {
          try await clock.sleep(for: interval)
        } catch {
          return
        }
        commands.yield(.intervalPassed)
      }
    }

    /// Writes the latest value unless the storage has it already; reports and returns the
    /// error of a failed write.
    private mutating func write() -> SharedStorageError? {
      guard let latest, latest.version != storedVersion else { return nil }
      do throws(SharedStorageError) {
        try storage.save(latest.value)
      } catch {
        reports.wrote(error)
        return error
      }
      storedVersion = latest.version
      generation &+= 1
      reports.wrote(nil)
      return nil
    }

    /// Reads the storage after it said it changed, and hands what changed to the shared value.
    private mutating func bringInOutsideChange() {
      do throws(SharedStorageError) {
        guard let value = try storage.loadChange() else { return }
        generation &+= 1
        reports.loaded(.success(value), generation)
      } catch {
        reports.loaded(.failure(error), generation)
      }
    }
  }
}
