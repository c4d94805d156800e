import Observation

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
  let registrar = ObservationRegistrar()
  /// What diagnostics and test failures call it: its key or its storage's id.
  let name: String
  let persistence: SharedPersistence<Value>?
  /// The streams of its values, on the main actor.
  let streams: SharedStreams<Value>
  /// Where its storage's failures are reported.
  let diagnosticHandler: @MainActor @Sendable (StoreDiagnostic) -> Void

  init(
    value: Value, name: String, persistence: SharedPersistence<Value>?, storageError: SharedStorageError?,
    diagnosticHandler: @escaping @MainActor @Sendable (StoreDiagnostic) -> Void
  ) {
    self.contents = LockIsolated(Contents(value: value, storageError: storageError))
    self.name = name
    self.persistence = persistence
    self.streams = SharedStreams()
    self.diagnosticHandler = diagnosticHandler
  }

  deinit {
    persistence?.finish()
  }

  /// The value, tracked by Observation.
  @inlinable
  var value: Value {
    access(keyPath: \.value)
    return contents.withLock { $0.value }
  }

  /// The storage's last error, tracked by Observation.
  var storageError: SharedStorageError? {
    access(keyPath: \.storageError)
    return contents.withLock { $0.storageError }
  }

  @usableFromInline
  func access<Member>(keyPath: KeyPath<SharedBox, Member>) {
    registrar.access(self, keyPath: keyPath)
  }

  /// Replaces the value on the main actor and tells the runtime, which tells every holder once
  /// the store that changed it has finished its action.
  @MainActor
  func replace(with value: Value, before: Value, fromStorage: Bool) {
    let version = contents.withLock { contents in
      contents.value = value
      contents.version &+= 1
      return contents.version
    }
    if fromStorage {
      persistence?.valueLoaded(value, version: version)
    }
    SharedRuntime.shared.didChange(self, before: before, isFromOutside: fromStorage)
  }

  /// Tells Observation, the streams and the storage of the change; called by the runtime once
  /// no store is in the middle of an action.
  @MainActor
  func publish() {
    registrar.willSet(self, keyPath: \.value)
    registrar.didSet(self, keyPath: \.value)
    let (value, version) = contents.withLock { ($0.value, $0.version) }
    streams.yield(value)
    persistence?.valueChanged(value, version: version)
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
    registrar.willSet(self, keyPath: \.storageError)
    registrar.didSet(self, keyPath: \.storageError)
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

/// The continuations of a shared value's `values()` streams.
@MainActor
final class SharedStreams<Value: Sendable>: Sendable {
  private var continuations: [Int: AsyncStream<Value>.Continuation] = [:]
  private var nextID = 0

  nonisolated init() {}

  deinit {
    for continuation in continuations.values { continuation.finish() }
  }

  func add(_ continuation: AsyncStream<Value>.Continuation) -> Int {
    defer { nextID += 1 }
    continuations[nextID] = continuation
    return nextID
  }

  func remove(_ id: Int) {
    continuations[id] = nil
  }

  func yield(_ value: Value) {
    for continuation in continuations.values { continuation.yield(value) }
  }
}
