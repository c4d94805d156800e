import Observation
import Synchronization

/// The reference behind every copy of a ``Shared`` value: the value itself, its version, its
/// persistence, and who to tell when it changes.
///
/// Any thread reads it, under its lock. Only the main actor changes it: through
/// ``Shared/withLock(_:)`` in a reducer (or in a test), or with a value its storage brought in
/// from outside.
final class SharedBox<Value: Sendable>: Sendable {
  struct Contents: Sendable {
    var value: Value
    /// Counts the changes, so that an observer compares versions, not values.
    var version: UInt64 = 0
    /// The last error of the storage; `nil` once a write succeeds again.
    var storageError: SharedStorageError?
  }

  let contents: LockIsolated<Contents>
  let registrar = ObservationRegistrar()
  /// Whether the value was read since the registrar was last told of a change.
  let isAccessed = Atomic(false)
  /// What diagnostics and test failures call it: its key or its storage's id.
  package let name: String
  /// The stores that hold the values of its container.
  let context: SharedContext
  let persistence: SharedPersistence<Value>?
  /// Its observers and streams, on the main actor.
  let observers: SharedObservers<Value>
  /// `\.value` and `\.storageError`, made once: in generic code a key path literal is
  /// instantiated on every use.
  let valueKeyPath: any KeyPath<SharedBox, Value> & Sendable
  let storageErrorKeyPath: any KeyPath<SharedBox, SharedStorageError?> & Sendable
  /// Where its storage's failures are reported.
  let diagnosticHandler: @MainActor @Sendable (StoreDiagnostic) -> Void

  init(
    value: Value, name: String, context: SharedContext, persistence: SharedPersistence<Value>?,
    storageError: SharedStorageError?,
    diagnosticHandler: @escaping @MainActor @Sendable (StoreDiagnostic) -> Void
  ) {
    self.contents = LockIsolated(Contents(value: value, storageError: storageError))
    self.name = name
    self.context = context
    self.persistence = persistence
    self.observers = SharedObservers()
    self.diagnosticHandler = diagnosticHandler
    self.valueKeyPath = \SharedBox.value
    self.storageErrorKeyPath = \SharedBox.storageError
  }

  deinit {
    // Hands the task what is left to do: it writes the last value and stops, off this thread.
    persistence?.finish()
  }

  /// The value, tracked by Observation.
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

  /// The tracker a change made now goes to: that of the store whose reducer is running, or
  /// the one bound around a test's reduction or assertion; `nil`: published at once.
  @MainActor
  func currentTracker() -> SharedChangeTracker? {
    context.reducingTracker() ?? SharedChangeTracker.current.get()
  }

  /// Changes the value with `body`, as ``Shared/withLock(_:)`` does, on the main actor.
  @MainActor
  func change(loaded: UInt64?, _ body: (inout Value) -> Void) {
    let tracker = currentTracker()
    if let expectation = tracker?.interceptor?.expectation(for: self, as: Value.self) {
      return expectation.change(body)
    }
    let before = contents.withLock { $0.value }
    var value = before
    body(&value)
    replace(with: value, before: before, tracker: tracker, loaded: loaded)
  }

  /// Replaces the value and has it published: by `tracker` when its store's send ends, or now.
  @MainActor
  func replace(with value: Value, before: Value, tracker: SharedChangeTracker?, loaded: UInt64?) {
    let version = contents.withLock { contents in
      contents.value = value
      contents.version &+= 1
      return contents.version
    }
    observers.latest = (value, version, loaded)
    tracker?.interceptor?.didChange(self, before: before)
    // Published once, with its first change since the last publication.
    guard !observers.isPending.exchange(true, ordering: .relaxed) else { return }
    if observers.publisher == nil {
      // Made here, where `Value` is known: publishing then runs code specialised for it.
      // SAFETY: the closure lives in this box's own observers, so it never runs after the box.
      observers.publisher = { [unowned self] in self.publishLatest() }
    }
    if let tracker {
      tracker.add(self)
    } else {
      publish()
      context.refresh()
    }
  }

  /// Tells Observation, the streams and the storage of the change.
  @MainActor
  package func publish() {
    observers.publisher?()
  }

  /// Publishes the value as the main actor last set it, with no lock.
  @MainActor
  func publishLatest() {
    observers.isPending.store(false, ordering: .relaxed)
    if isAccessed.load(ordering: .relaxed) {
      isAccessed.store(false, ordering: .relaxed)
      registrar.willSet(self, keyPath: valueKeyPath)
      registrar.didSet(self, keyPath: valueKeyPath)
    }
    // Taken in one access to the variable: each pays a dynamic exclusivity check.
    guard let (value, version, loaded) = observers.latest.take() else { return }
    if let persistence { persistence.valueChanged(value, version: version, loaded: loaded) }
    observers.notify(value)
  }

  /// Records the outcome of a write, `nil` for success; reports a failure that differs from
  /// the last.
  @MainActor
  func storageDidWrite(_ error: SharedStorageError?) {
    let changed = contents.withLock { contents in
      defer { contents.storageError = error }
      return contents.storageError != error
    }
    // Reported once: a write tried again with the same failure says nothing new.
    guard changed else { return }
    if let error { diagnosticHandler(.sharedStorageFailed(error)) }
    isAccessed.store(false, ordering: .relaxed)
    registrar.willSet(self, keyPath: storageErrorKeyPath)
    registrar.didSet(self, keyPath: storageErrorKeyPath)
    context.refresh()
  }

  /// Takes a value, or an error, that the storage brought in from outside: to the features
  /// that take the loads (``Effect/loads(of:send:)``), which apply it as an action; with none,
  /// to the value itself.
  @MainActor
  func storageDidLoad(_ result: Result<Value, SharedStorageError>, generation: UInt64) {
    switch result {
    case .success(let value):
      let load = SharedLoad(value, origin: .init(box: ObjectIdentifier(self), generation: generation))
      if observers.offerLoad(load) { return }
      apply(load)
    case .failure(let error):
      storageDidWrite(error)
    }
  }

  /// Applies a value the storage brought in, once: a second application of the same load (two
  /// features took it) changes nothing.
  @MainActor
  func apply(_ load: SharedLoad<Value>) {
    var generation: UInt64?
    if let origin = load.origin, origin.box == ObjectIdentifier(self) {
      guard observers.appliedLoad != origin.generation else { return }
      observers.appliedLoad = origin.generation
      generation = origin.generation
    }
    change(loaded: generation) { $0 = load.value }
  }
}

extension SharedBox: Observable {}

extension SharedBox: SharedPublishing {
  package var currentValue: any Sendable {
    contents.withLock { $0.value }
  }
}

/// A shared value's box, whatever its type, as its tracker and the test store see it.
package protocol SharedPublishing: AnyObject, Sendable {
  /// What failures call it.
  var name: String { get }
  /// The stores that hold the values of its container.
  var context: SharedContext { get }
  /// Tells its observers, Observation, the streams and the storage of the change.
  @MainActor func publish()
  /// The current value.
  var currentValue: any Sendable { get }
}

/// The observers of a shared value's key path in a store, its `values()` streams and the
/// streams of its loads, told of each change on the main actor.
@MainActor
final class SharedObservers<Value: Sendable>: Sendable {
  /// The observers, in the order they subscribed; `nil` before the first.
  var subscribers: SubscriberList<Value>?
  /// Publishes the latest value: made by the first change, where the value's type is known.
  var publisher: (@MainActor () -> Void)?
  /// Whether the value changed and waits to be published.
  let isPending = Atomic(false)
  /// The value to publish, with its version, as the main actor set it, and the generation of
  /// the storage's read when it is a value the storage brought in.
  var latest: (value: Value, version: UInt64, loaded: UInt64?)?
  /// Whether the observers are being called: a removal then waits until they have been.
  let isNotifying = Atomic(false)
  var removals: [Subscriber<Value>] = []
  var continuations: [Int: AsyncStream<Value>.Continuation] = [:]
  /// The streams of the loads, each feeding a feature's ``Effect/loads(of:send:)``.
  var loads: [Int: AsyncStream<SharedLoad<Value>>.Continuation] = [:]
  /// The generation of the last load applied.
  var appliedLoad: UInt64?
  /// Whether ``removals`` or ``continuations`` hold anything: a change reads these atomics,
  /// which pay no dynamic exclusivity check, instead of the arrays.
  let hasRemovals = Atomic(false)
  let hasStreams = Atomic(false)
  private var nextID = 0

  nonisolated init() {}

  deinit {
    for continuation in continuations.values { continuation.finish() }
    for continuation in loads.values { continuation.finish() }
  }

  /// Adds an observer, dropping the cancelled ones first (unless the observers are being
  /// called: the new one is then called from the next change on).
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

  /// Removes an observer: at once, or after the observers are called if they are being.
  func unsubscribe(_ subscriber: Subscriber<Value>) {
    guard !isNotifying.load(ordering: .relaxed) else {
      removals.append(subscriber)
      hasRemovals.store(true, ordering: .relaxed)
      return
    }
    if let subscribers, !subscribers.remove(subscriber) { self.subscribers = nil }
  }

  /// Adds a stream of the values.
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

  /// Adds a stream of the loads.
  func addLoads(_ continuation: AsyncStream<SharedLoad<Value>>.Continuation) -> Int {
    defer { nextID += 1 }
    loads[nextID] = continuation
    return nextID
  }

  func removeLoads(_ id: Int) {
    loads[id] = nil
  }

  /// Hands a load to the streams of the loads; returns whether there was one.
  func offerLoad(_ load: SharedLoad<Value>) -> Bool {
    for continuation in loads.values { continuation.yield(load) }
    return !loads.isEmpty
  }

  /// Calls the observers that are not cancelled, then feeds the streams.
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
  func removeLater() {
    let removed = removals
    removals = []
    hasRemovals.store(false, ordering: .relaxed)
    for subscriber in removed { unsubscribe(subscriber) }
  }

  func yield(_ value: Value) {
    for continuation in continuations.values { continuation.yield(value) }
  }
}
