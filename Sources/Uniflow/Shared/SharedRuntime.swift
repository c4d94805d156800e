/// Tells every root store when a shared value changed, once no store is in the middle of an
/// action.
///
/// A shared value changes inside a store's reducer (or with a value its storage brought in).
/// Its other holders may be other stores, whose observers must see the change too, and whose
/// observers may read the store that is still reducing: so the runtime waits until no store is
/// processing an action, then publishes each changed value (Observation, streams, storage) and
/// has every root store check its observed selections again.
///
/// Stores that hold no shared value pay nothing on `send` but one flag check after it; the
/// cost of a change falls on the change.
@MainActor
@usableFromInline
package final class SharedRuntime {
  @usableFromInline package static let shared = SharedRuntime()

  /// Every living root store, weakly.
  private var holders: [WeakHolder] = []
  /// How many holders there were after the last compaction: compacts again at twice as many.
  private var compactedCount = 0
  /// The values changed since the last publication, in order, each once.
  private var pending: [any SharedPublishing] = []
  private var pendingIDs: Set<ObjectIdentifier> = []
  /// Whether a storage's error changed: the holders check their selections again.
  private var hasPendingErrorChange = false
  private var isPublishing = false
  /// The test store's record of the changes the current action made.
  private var log: SharedChangeLog?
  /// The test store's expected values, while it runs an assertion.
  private var assertion: SharedAssertion?

  private struct WeakHolder {
    weak var holder: (any SharedHolder)?
  }

  /// Adds a root store, which is told of every change from now on.
  @usableFromInline
  func register(_ holder: any SharedHolder) {
    if holders.count >= max(64, compactedCount * 2) {
      holders.removeAll { $0.holder == nil }
      compactedCount = holders.count
    }
    holders.append(WeakHolder(holder: holder))
  }

  /// A shared value changed: publishes the change now, or once the stores that are processing
  /// an action have finished it.
  func didChange(_ box: some SharedPublishing, before: any Sendable, isFromOutside: Bool) {
    if !isFromOutside { log?.record(box, before: before) }
    if pendingIDs.insert(ObjectIdentifier(box)).inserted { pending.append(box) }
    publishIfIdle()
  }

  /// A storage's error changed: the holders check their selections again.
  func storageErrorDidChange() {
    hasPendingErrorChange = true
    publishIfIdle()
  }

  /// Publishes the pending changes unless a store is processing an action; a store that is
  /// calls ``publishIfIdle()`` again when it has finished.
  @usableFromInline
  func publishIfIdle() {
    guard !isPublishing else { return }
    var isBusy = false
    for entry in holders {
      guard let holder = entry.holder, holder.isProcessing else { continue }
      holder.hasPendingSharedChange = true
      isBusy = true
    }
    guard !isBusy else { return }
    isPublishing = true
    defer { isPublishing = false }
    // An observer may change a shared value again: publish until nothing is left.
    while !pending.isEmpty || hasPendingErrorChange {
      let changed = pending
      pending = []
      pendingIDs = []
      hasPendingErrorChange = false
      for box in changed { box.publish() }
      for entry in holders { entry.holder?.sharedValuesDidChange() }
    }
  }

  // MARK: - Testing

  /// Starts recording the changes of one action.
  package func beginRecording() {
    log = SharedChangeLog()
  }

  /// Stops recording; returns the changes of the action, in the order first made, each with
  /// its value now.
  package func endRecording() -> [SharedChange] {
    defer { log = nil }
    return (log?.changes ?? []).map { change in
      var change = change
      change.after = change.box.currentValue
      return change
    }
  }

  /// Runs `body` with every change to a shared value redirected to `assertion`'s expected
  /// values: the live values stay as they are.
  package func asserting<Result>(_ assertion: SharedAssertion, _ body: () throws -> Result) rethrows -> Result
  {
    let outer = self.assertion
    self.assertion = assertion
    defer { self.assertion = outer }
    return try body()
  }

  /// The expected value a change in an assertion goes to, if an assertion is running.
  func expectation<Value: Sendable>(for box: SharedBox<Value>) -> SharedExpectation<Value>? {
    assertion?.expectation(for: box)
  }
}

/// A root store, as the runtime sees it.
@MainActor
@usableFromInline
protocol SharedHolder: AnyObject {
  /// Whether it is in the middle of an action.
  var isProcessing: Bool { get }
  /// Set when a change came while it was processing: it calls
  /// ``SharedRuntime/publishIfIdle()`` when it has finished.
  var hasPendingSharedChange: Bool { get set }
  /// Checks the observed selections again, after a change to a shared value.
  func sharedValuesDidChange()
}

/// A shared value's box, whatever its type, as the runtime and the test store see it.
package protocol SharedPublishing: AnyObject, Sendable {
  /// What failures call it.
  var name: String { get }
  /// Tells Observation, the streams and the storage of the change.
  @MainActor func publish()
  /// The current value.
  var currentValue: any Sendable { get }
}

extension SharedBox: SharedPublishing {
  package var currentValue: any Sendable {
    contents.withLock { $0.value }
  }
}
