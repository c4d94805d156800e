/// Where an app's shared values come from: it makes each one, keeps one per key, and knows
/// the clock, the write interval and the diagnostic handler of their storages.
///
/// Make one in the composition root and hand its shared values to the states that hold them;
/// a test makes its own, so tests run in parallel without meeting. Each container keeps its own
/// bookkeeping: the stores that hold values of one never touch that of another.
///
/// ```swift
/// let values = SharedValues()
/// let draft = try values.shared("draft", default: "")
/// let settings = try await values.shared(
///   JSONFileStorage<Settings>(url: settingsURL), default: Settings())
/// // … the program runs …
/// await values.flush()
/// ```
///
/// Two requests for the same key (or for storages with the same id) give the same shared
/// value, as long as something holds it.
@MainActor
public final class SharedValues {
  private enum Entry {
    /// A value kept in memory: kept as long as the container.
    case memory(any SharedPublishing)
    /// A persisted value being read from its storage.
    case loading(Task<any SharedPublishing, Never>)
    /// A persisted value: kept as long as a holder, then written and let go.
    case persisted(WeakBox)
  }

  private struct WeakBox {
    weak var box: (any SharedPublishing)?
  }

  /// The stores that hold this container's values.
  let context = SharedContext()
  private var entries: [String: Entry] = [:]
  /// The persistence of every persisted value made, until its last write is done. Held, not
  /// referenced weakly: a weak reference to an object still alive when the program exits, from
  /// a container already gone, leaves the object's side table where a leak checker cannot see
  /// it, and a persistence outlives its container whenever its last write is still running.
  private var persistences: [any PersistenceFlushing] = []
  private let clock: any Clock<Duration>
  private let writeInterval: Duration
  private let diagnosticHandler: @MainActor @Sendable (StoreDiagnostic) -> Void

  /// Creates a container.
  ///
  /// - Parameters:
  ///   - clock: The clock of the write interval; a `TestClock` in tests.
  ///   - writeInterval: The least time between two writes of one value: the first change is
  ///     written at once, later ones at most once per interval, and the last one always.
  ///   - diagnosticHandler: Receives the storages' failures, as
  ///     ``StoreDiagnostic/sharedStorageFailed(_:)``.
  public init(
    clock: any Clock<Duration> = ContinuousClock(),
    writeInterval: Duration = .seconds(1),
    diagnosticHandler: @escaping @MainActor @Sendable (StoreDiagnostic) -> Void = StoreDiagnostic
      .standardHandler
  ) {
    self.clock = clock
    self.writeInterval = writeInterval
    self.diagnosticHandler = diagnosticHandler
  }

  /// The shared value kept in memory under `key`, made with `defaultValue` the first time.
  ///
  /// - Parameters:
  ///   - key: Names the value: every request for it gives the same shared value.
  ///   - defaultValue: The value it starts with.
  /// - Returns: The shared value.
  /// - Throws: ``SharedStorageError`` with reason
  ///   ``SharedStorageError/Reason/typeMismatch(stored:requested:)`` when `key` names a value
  ///   of another type.
  public func shared<Value: Sendable>(
    _ key: String, default defaultValue: @autoclosure () -> Value
  ) throws(SharedStorageError) -> Shared<Value> {
    let id = "memory:\(key)"
    if let existing = try existing(id, as: Value.self) { return existing }
    let box = SharedBox(
      value: defaultValue(), name: key, context: context, persistence: nil, storageError: nil,
      diagnosticHandler: diagnosticHandler)
    entries[id] = .memory(box)
    return Shared(box: box)
  }

  /// The shared value kept in `storage`: read from it now, on the storage's own task, or
  /// `defaultValue` when it holds nothing or cannot be read.
  ///
  /// A storage that cannot be read is reported to the diagnostic handler and in
  /// ``Shared/storageError``; it is never written over silently (a ``JSONFileStorage`` keeps
  /// the unreadable file aside before its first write). A storage that holds nothing is not
  /// written until the value changes. The read never blocks the main actor: the caller waits
  /// for it.
  ///
  /// - Parameters:
  ///   - storage: Where the value is kept.
  ///   - defaultValue: The value it starts with when the storage holds none.
  /// - Returns: The shared value.
  /// - Throws: ``SharedStorageError`` with reason
  ///   ``SharedStorageError/Reason/typeMismatch(stored:requested:)`` when the storage's id
  ///   names a value of another type.
  public func shared<Storage: SharedStorage>(
    _ storage: Storage, default defaultValue: @autoclosure () -> Storage.Value
  ) async throws(SharedStorageError) -> Shared<Storage.Value> {
    if case .loading(let task) = entries[storage.id] { _ = await task.value }
    if let existing = try existing(storage.id, as: Storage.Value.self) { return existing }
    let defaultValue = defaultValue()
    let task = Task { await self.load(storage, default: defaultValue) as any SharedPublishing }
    entries[storage.id] = .loading(task)
    let box = await task.value
    // Made by `load`, with the storage's type: the cast cannot fail.
    return Shared(box: box as! SharedBox<Storage.Value>)
  }

  /// Writes every persisted value that its storage does not have yet, and waits until every
  /// write is done, those of the values whose last holder went away included: call it before
  /// the program ends.
  ///
  /// ```swift
  /// let status = await TerminalApp(store: store).run()
  /// await values.flush()
  /// exit(status)
  /// ```
  ///
  /// A write that fails is reported to the diagnostic handler, as always.
  public func flush() async {
    persistences.removeAll { $0.hasEnded }
    for persistence in persistences { await persistence.flushOrWaitForEnd() }
  }

  /// Makes the box of a persisted value, reading its storage on the storage's task.
  private func load<Storage: SharedStorage>(
    _ storage: Storage, default defaultValue: Storage.Value
  ) async -> SharedBox<Storage.Value> {
    let boxReference = LockIsolated<WeakReference<SharedBox<Storage.Value>>>(WeakReference())
    let persistence = SharedPersistence(
      storage: storage, clock: clock, interval: writeInterval,
      reports: .init(
        wrote: { error in
          Task { @MainActor in boxReference.withLock { $0.value }?.storageDidWrite(error) }
        },
        loaded: { result, generation in
          Task { @MainActor in
            boxReference.withLock { $0.value }?.storageDidLoad(result, generation: generation)
          }
        }))
    persistences.removeAll { $0.hasEnded }
    persistences.append(persistence)
    var initial = defaultValue
    var loadError: SharedStorageError?
    switch await persistence.load() {
    case .success(let stored?): initial = stored
    case .success(nil): break
    case .failure(let error): loadError = error
    }
    let box = SharedBox(
      value: initial, name: storage.id, context: context, persistence: persistence,
      storageError: loadError, diagnosticHandler: diagnosticHandler)
    boxReference.withLock { $0.value = box }
    await persistence.watch()
    if let loadError { diagnosticHandler(.sharedStorageFailed(loadError)) }
    entries[storage.id] = .persisted(WeakBox(box: box))
    return box
  }

  /// The living shared value of `id`, if there is one and it holds a `Value`.
  private func existing<Value: Sendable>(
    _ id: String, as _: Value.Type
  ) throws(SharedStorageError) -> Shared<Value>? {
    let found: (any SharedPublishing)?
    switch entries[id] {
    case .memory(let box): found = box
    case .persisted(let weak): found = weak.box
    case .loading, nil: found = nil
    }
    guard let found else { return nil }
    guard let box = found as? SharedBox<Value> else {
      throw SharedStorageError(
        .typeMismatch(stored: "\(type(of: found.currentValue))", requested: "\(Value.self)"), location: id)
    }
    return Shared(box: box)
  }
}

/// A persisted value's persistence, whatever its type, as ``SharedValues/flush()`` sees it.
protocol PersistenceFlushing: AnyObject, Sendable {
  /// Writes what is pending; or, once the last holder went away, waits for the last write.
  func flushOrWaitForEnd() async
  /// Whether its last write is done: its container lets go of it.
  var hasEnded: Bool { get }
}

/// A weak reference to a box, for the closures its persistence calls.
struct WeakReference<Object: AnyObject> {
  weak var value: Object?
}
