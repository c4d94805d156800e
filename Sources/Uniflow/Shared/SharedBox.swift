import Observation
import Synchronization

/// The reference behind every copy of a ``Shared`` value: the value itself, its version, its
/// persistence, and who to tell when it changes.
///
/// Any thread reads it, under its lock. Only the main actor changes it: through
/// ``Shared/withLock(_:)`` in a reducer, or with a value its storage brought in from outside.
@usableFromInline
final class SharedBox<Value: Sendable>: Sendable {
  @usableFromInline
  struct Contents: Sendable {
    @usableFromInline var value: Value
    /// Counts the changes, so that an observer compares versions, not values.
    @usableFromInline var version: UInt64 = 0
    /// The last error of the storage; `nil` once a write succeeds again.
    var storageError: SharedStorageError?
  }

  @usableFromInline let contents: LockIsolated<Contents>
  @usableFromInline let registrar = ObservationRegistrar()
  /// Whether the value was read since the registrar was last told of a change.
  @usableFromInline let isAccessed = Atomic(false)
  /// What diagnostics and test failures call it: its key or its storage's id.
  @usableFromInline package let name: String
  @usableFromInline let persistence: SharedPersistence<Value>?
  /// Its observers and streams, on the main actor.
  @usableFromInline let observers: SharedObservers<Value>
  /// `\.value` and `\.storageError`, made once: in generic code a key path literal is
  /// instantiated on every use.
  @usableFromInline let valueKeyPath: any KeyPath<SharedBox, Value> & Sendable
  let storageErrorKeyPath: any KeyPath<SharedBox, SharedStorageError?> & Sendable
  /// Where its storage's failures are reported.
  let diagnosticHandler: @MainActor @Sendable (StoreDiagnostic) -> Void

  init(
    value: Value, name: String, persistence: SharedPersistence<Value>?, storageError: SharedStorageError?,
    diagnosticHandler: @escaping @MainActor @Sendable (StoreDiagnostic) -> Void
  ) {
    self.contents = LockIsolated(Contents(value: value, storageError: storageError))
    self.name = name
    self.persistence = persistence
    self.observers = SharedObservers()
    self.diagnosticHandler = diagnosticHandler
    self.valueKeyPath = \SharedBox.value
    self.storageErrorKeyPath = \SharedBox.storageError
  }

  deinit {
    persistence?.finish()
  }

  /// The value, tracked by Observation.
  @inlinable
  var value: Value {
    // Observation tracking starts with a read: a change that follows no read has no tracker
    // to tell, and skips the registrar.
    if !isAccessed.load(ordering: .relaxed) { isAccessed.store(true, ordering: .relaxed) }
    registrar.access(self, keyPath: valueKeyPath)
    return contents.withLock { $0.value }
  }

  /// The storage's last error, tracked by Observation.
  var storageError: SharedStorageError? {
    if !isAccessed.load(ordering: .relaxed) { isAccessed.store(true, ordering: .relaxed) }
    registrar.access(self, keyPath: storageErrorKeyPath)
    return contents.withLock { $0.storageError }
  }

  /// Replaces the value on the main actor and tells the runtime, which tells every holder once
  /// the store that changed it has finished its action.
  @inlinable
  @MainActor
  func replace(with value: Value, before: Value, fromStorage: Bool) {
    let version = contents.withLock { contents in
      contents.value = value
      contents.version &+= 1
      return contents.version
    }
    if fromStorage { loaded(value, version: version) }
    observers.latest = (value, version)
    guard !observers.isPending.exchange(true, ordering: .relaxed) else {
      return changedAgain(before: before)
    }
    if observers.publisher == nil {
      // Made here, where `Value` is known: publishing then runs code specialised for it.
      // SAFETY: the closure lives in this box's own observers, so it never runs after the box.
      observers.publisher = { [unowned self] in self.publishLatest() }
    }
    SharedRuntime.shared.didChange(self, before: before, isFromOutside: fromStorage)
  }

  /// Tells the persistence that `value` came from the storage.
  @usableFromInline
  func loaded(_ value: Value, version: UInt64) {
    persistence?.valueLoaded(value, version: version)
  }

  /// A change of a value already waiting to be published: only the test store's record needs
  /// to hear of it.
  @usableFromInline
  @MainActor
  func changedAgain(before: Value) {
    SharedRuntime.shared.recordChange(self, before: before)
  }

  /// The expected value a change goes to while a test store runs an assertion.
  @usableFromInline
  @MainActor
  func expectation() -> SharedExpectation<Value>? {
    SharedRuntime.shared.expectation(for: self)
  }

  /// Tells Observation, the streams and the storage of the change; called by the runtime once
  /// no store is in the middle of an action.
  @MainActor
  @usableFromInline
  package func publish() {
    observers.publisher?()
  }

  /// Publishes the value as the main actor last set it, with no lock.
  @inlinable
  @MainActor
  func publishLatest() {
    observers.isPending.store(false, ordering: .relaxed)
    if isAccessed.load(ordering: .relaxed) {
      isAccessed.store(false, ordering: .relaxed)
      registrar.willSet(self, keyPath: valueKeyPath)
      registrar.didSet(self, keyPath: valueKeyPath)
    }
    // Taken in one access to the variable: each pays a dynamic exclusivity check.
    guard let (value, version) = observers.latest.take() else { return }
    if let persistence { persistence.valueChanged(value, version: version) }
    observers.notify(value)
  }

  /// Records the outcome of a write: `nil` for success.
  @MainActor
  func storageDidWrite(_ error: SharedStorageError?) {
    let changed = contents.withLock { contents in
      defer { contents.storageError = error }
      return contents.storageError != error
    }
    if let error { diagnosticHandler(.sharedStorageFailed(error)) }
    guard changed else { return }
    isAccessed.store(false, ordering: .relaxed)
    registrar.willSet(self, keyPath: storageErrorKeyPath)
    registrar.didSet(self, keyPath: storageErrorKeyPath)
    SharedRuntime.shared.storageErrorDidChange()
  }

  /// Brings in a value, or an error, that the storage saw from outside.
  @MainActor
  func storageDidChange(_ result: Result<Value, SharedStorageError>) {
    switch result {
    case .success(let value):
      let before = contents.withLock { $0.value }
      replace(with: value, before: before, fromStorage: true)
    case .failure(let error):
      storageDidWrite(error)
    }
  }
}

extension SharedBox: Observable {}

/// The observers of a shared value's key path in a store, and its `values()` streams, told of
/// each change on the main actor.
@MainActor
@usableFromInline
final class SharedObservers<Value: Sendable>: Sendable {
  /// The observers, in the order they subscribed; `nil` before the first.
  @usableFromInline var subscribers: SubscriberList<Value>?
  /// Publishes the latest value: made by the first change, where the value's type is known.
  @usableFromInline var publisher: (@MainActor () -> Void)?
  /// Whether the value changed and waits to be published.
  @usableFromInline let isPending = Atomic(false)
  /// The value to publish, with its version, as the main actor set it.
  @usableFromInline var latest: (value: Value, version: UInt64)?
  /// Whether the observers are being called: a removal then waits until they have been.
  @usableFromInline let isNotifying = Atomic(false)
  @usableFromInline var removals: [Subscriber<Value>] = []
  @usableFromInline var continuations: [Int: AsyncStream<Value>.Continuation] = [:]
  /// Whether ``removals`` or ``continuations`` hold anything: a change reads these atomics,
  /// which pay no dynamic exclusivity check, instead of the arrays.
  @usableFromInline let hasRemovals = Atomic(false)
  @usableFromInline let hasStreams = Atomic(false)
  private var nextID = 0

  nonisolated init() {}

  deinit {
    for continuation in continuations.values { continuation.finish() }
  }

  /// Adds an observer, dropping the cancelled ones first (unless the observers are being
  /// called: the new one is then called from the next change on).
  @usableFromInline
  func subscribe(_ subscriber: Subscriber<Value>) {
    guard let subscribers else {
      subscribers = SubscriberList(subscriber)
      return
    }
    if !isNotifying.load(ordering: .relaxed), !subscribers.compact() {
      self.subscribers = SubscriberList(subscriber)
    } else {
      subscribers.append(subscriber)
    }
  }

  /// Removes an observer that follows another shared value now.
  @usableFromInline
  func unsubscribe(_ subscriber: Subscriber<Value>) {
    guard !isNotifying.load(ordering: .relaxed) else {
      removals.append(subscriber)
      hasRemovals.store(true, ordering: .relaxed)
      return
    }
    if let subscribers, !subscribers.remove(subscriber) { self.subscribers = nil }
  }

  func add(_ continuation: AsyncStream<Value>.Continuation) -> Int {
    defer { nextID += 1 }
    continuations[nextID] = continuation
    hasStreams.store(true, ordering: .relaxed)
    return nextID
  }

  func remove(_ id: Int) {
    continuations[id] = nil
    hasStreams.store(!continuations.isEmpty, ordering: .relaxed)
  }

  /// Calls the observers that are not cancelled, then feeds the streams.
  @inlinable
  func notify(_ value: Value) {
    if let subscribers {
      isNotifying.store(true, ordering: .relaxed)
      subscribers.notify(value)
      isNotifying.store(false, ordering: .relaxed)
      if hasRemovals.load(ordering: .relaxed) { removeLater() }
    }
    if hasStreams.load(ordering: .relaxed) { yield(value) }
  }

  /// Removes the observers that left while the observers were being called.
  @usableFromInline
  func removeLater() {
    let removed = removals
    removals = []
    hasRemovals.store(false, ordering: .relaxed)
    for subscriber in removed { unsubscribe(subscriber) }
  }

  @usableFromInline
  func yield(_ value: Value) {
    for continuation in continuations.values { continuation.yield(value) }
  }
}
