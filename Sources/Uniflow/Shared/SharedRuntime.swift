import Synchronization

/// Tells the holders of a shared value that it changed, once the store whose reducer changed
/// it has finished its action.
///
/// A shared value changes inside a store's reducer (or with a value its storage brought in).
/// Its other holders may be other stores, whose observers must see the change too and may
/// read the store that is still reducing: so the runtime marks the reducing store, which calls
/// ``publish()`` when its send ends. Publishing tells each changed value's own observers
/// (those of `Store.observe(_:onChange:)` on its key path), Observation, its streams and its
/// storage, and has the root stores whose observers compute their selections check them again
/// (a store in the middle of an action does so when it ends).
///
/// A `send` pays one flag check for this; a store that holds no shared value pays nothing
/// more. The reducing store is found in O(1) when it is the one that changed a shared value
/// last, and by a look at every living root store otherwise.
@MainActor
@usableFromInline
package final class SharedRuntime {
  @usableFromInline package static let shared = SharedRuntime()

  /// Whether a test store's assertion is running: set with ``assertion``, on the main actor,
  /// and read by `Shared.withLock` from anywhere (off the main actor, a change stops the
  /// program whatever it reads).
  @usableFromInline nonisolated static let isAsserting = Atomic(false)

  /// Every living root store.
  private var cores: [HolderEntry] = []
  /// The root stores with computed selections: a computed selection may read a shared value,
  /// so they check their selections after every change.
  private var refreshers: [HolderEntry] = []
  /// How many entries there were after the last compaction: compacts again at twice as many.
  private var compactedCount = 0
  /// The store whose reducer changed a shared value last: most likely the next one too.
  private var lastMutator: HolderEntry?
  /// The values changed since the last publication, in order, each once (a box that waits to
  /// be published says so itself).
  private var pending: [any SharedPublishing] = []
  private var publishing: [any SharedPublishing] = []
  /// Whether a storage's error changed: the refreshers check their selections again.
  // The flags are atomics, not variables of the class: each access to a variable of a class
  // pays a dynamic exclusivity check (about 80 instructions), several per change.
  private let hasPendingErrorChange = Atomic(false)
  private let isPublishing = Atomic(false)
  /// The test store's record of the changes the current action made.
  private var log: SharedChangeLog?
  /// The test store's expected values, while it runs an assertion.
  private var assertion: SharedAssertion?

  /// A root store, held unowned behind its liveness flag: a weak reference would make every
  /// retain of the store take the runtime's slow path.
  private struct HolderEntry {
    let liveness: Liveness
    // SAFETY: read only through `living`, after the liveness flag the store ends in its deinit.
    unowned let holder: any SharedHolder

    /// The store, if it is still alive.
    var living: (any SharedHolder)? {
      liveness.isAlive ? holder : nil
    }
  }

  /// Adds a root store.
  func register(_ holder: any SharedHolder, liveness: Liveness) {
    if cores.count >= max(64, compactedCount * 2) {
      cores.removeAll { !$0.liveness.isAlive }
      refreshers.removeAll { !$0.liveness.isAlive }
      compactedCount = cores.count
    }
    cores.append(HolderEntry(liveness: liveness, holder: holder))
  }

  /// Makes a root store, which has a computed selection, check its selections after every
  /// change from now on.
  func registerRefresher(_ holder: any SharedHolder, liveness: Liveness) {
    refreshers.append(HolderEntry(liveness: liveness, holder: holder))
  }

  /// A shared value that was not waiting to be published changed: publishes the change once
  /// the store whose reducer changed it has finished its action, or now if no reducer did.
  @usableFromInline
  func didChange(_ box: any SharedPublishing, before: any Sendable, isFromOutside: Bool) {
    if !isFromOutside, let log { log.record(box, before: before) }
    pending.append(box)
    if !isFromOutside, let reducing = reducingStore() {
      reducing.hasPendingSharedChange = true
    } else {
      publish()
    }
  }

  /// A shared value waiting to be published changed again.
  @usableFromInline
  func recordChange(_ box: any SharedPublishing, before: any Sendable) {
    log?.record(box, before: before)
  }

  /// A storage's error changed: the refreshers check their selections again.
  func storageErrorDidChange() {
    hasPendingErrorChange.store(true, ordering: .relaxed)
    publish()
  }

  /// The root store whose reducer is running, if one is.
  private func reducingStore() -> (any SharedHolder)? {
    if let last = lastMutator?.living, last.isReducing { return last }
    for entry in cores {
      guard let holder = entry.living, holder.isReducing else { continue }
      lastMutator = entry
      return holder
    }
    return nil
  }

  /// Publishes the pending changes; a store whose reducer is running calls it when its send
  /// ends.
  @usableFromInline
  func publish() {
    guard !isPublishing.exchange(true, ordering: .relaxed) else { return }
    defer { isPublishing.store(false, ordering: .relaxed) }
    // An observer may change a shared value again: publish until nothing is left.
    while !pending.isEmpty || hasPendingErrorChange.load(ordering: .relaxed) {
      // The two buffers take turns, keeping their memory: a change allocates nothing.
      swap(&pending, &publishing)
      hasPendingErrorChange.store(false, ordering: .relaxed)
      for box in publishing { box.publish() }
      publishing.removeAll(keepingCapacity: true)
      for entry in refreshers {
        guard let holder = entry.living else { continue }
        if holder.isProcessing {
          holder.hasPendingSharedChange = true
        } else {
          holder.sharedValuesDidChange()
        }
      }
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
    Self.isAsserting.store(true, ordering: .relaxed)
    defer {
      self.assertion = outer
      Self.isAsserting.store(outer != nil, ordering: .relaxed)
    }
    return try body()
  }

  /// The expected value a change in an assertion goes to, if an assertion is running.
  func expectation<Value: Sendable>(for box: SharedBox<Value>) -> SharedExpectation<Value>? {
    assertion?.expectation(for: box)
  }
}

/// A root store, as the shared runtime sees it.
@MainActor
@usableFromInline
protocol SharedHolder: AnyObject {
  /// Whether it is in the middle of an action.
  var isProcessing: Bool { get }
  /// Whether its reducer is running.
  var isReducing: Bool { get }
  /// Set when a shared value changed in its reducer, or while it was processing: it calls
  /// ``SharedRuntime/publish()`` when its send ends.
  var hasPendingSharedChange: Bool { get set }
  /// Checks the observed selections again, after a change to a shared value.
  func sharedValuesDidChange()
}

/// A shared value's box, whatever its type, as the runtime and the test store see it.
@usableFromInline
package protocol SharedPublishing: AnyObject, Sendable {
  /// What failures call it.
  var name: String { get }
  /// Tells its observers, Observation, the streams and the storage of the change.
  @MainActor func publish()
  /// The current value.
  var currentValue: any Sendable { get }
}

extension SharedBox: SharedPublishing {
  @usableFromInline
  package var currentValue: any Sendable {
    contents.withLock { $0.value }
  }
}
