import Synchronization

/// Collects the shared values that one root store's actions change, and tells their other
/// holders once that store's send has ended.
///
/// Each root store owns one (a test store hands its store one of its own). A change made in a
/// reducer finds the tracker of the store whose reducer is running through the value's
/// ``SharedContext``, which knows the stores that hold its values: the change is recorded
/// here, and the store calls ``publish()`` when its send ends. So publishing a change costs
/// nothing to a store that holds no shared value, and nothing is kept for the whole process:
/// two ``SharedValues`` containers, and the stores that hold their values, never meet.
///
/// A test store hands its store a tracker with a ``SharedChangeInterceptor``, the one seam
/// between shared values and a test: it records each action's changes and takes the changes a
/// test's assertion makes to expected values. A change made where no store of the value's
/// context is reducing looks for a tracker in ``current``, a task-local value bound by
/// ``tracking(_:)``.
@MainActor
package final class SharedChangeTracker {
  /// The tracker a change made outside the reducer of a known holder goes to: bound by a test
  /// store around its reducer and its assertions; `nil` everywhere else.
  package static let current = TaskLocal<SharedChangeTracker?>(wrappedValue: nil)

  /// The store that owns the tracker, held unowned behind its liveness flag.
  private var owner: (liveness: Liveness, holder: Unowned)?
  /// The contexts whose values the store holds, each once; weakly, as each keeps this tracker.
  private var contexts: [ObjectIdentifier: WeakContext] = [:]
  /// Whether the store has an observer whose selection is computed by code, which may read a
  /// shared value: it then checks its selections after every change of one it holds.
  private var refreshes = false
  /// The values changed since the last publication, in the order first changed, and the
  /// buffer of the publication under way: one variable, so that a publication pays two
  /// exclusivity checks per round, not six.
  private var buffers = Buffers()
  /// An atomic, not a variable of the class: each access to one pays a dynamic exclusivity
  /// check (about 80 instructions).
  private let isPublishing = Atomic(false)
  /// The test store's seam; `nil` for a store's own tracker.
  package let interceptor: (any SharedChangeInterceptor)?

  /// The owner, as a reference that does not keep it alive.
  // SAFETY: read only through `living`, after the liveness flag the store ends first in its
  // deinit, on the main actor.
  private struct Unowned {
    unowned let holder: any SharedHolder
  }

  /// Creates a tracker, for a store to own or, with an interceptor, for a test store to hand
  /// its store.
  package init(interceptor: (any SharedChangeInterceptor)? = nil) {
    self.interceptor = interceptor
  }

  /// The store that owns the tracker, if it is alive.
  private var holder: (any SharedHolder)? {
    guard let owner, owner.liveness.isAlive else { return nil }
    return owner.holder.holder
  }

  // MARK: - The store

  /// Makes `holder` the owner, and joins the contexts of the shared values its initial state
  /// holds.
  func adopt<State>(_ holder: any SharedHolder, liveness: Liveness, state: State) {
    owner = (liveness, Unowned(holder: holder))
    for context in SharedContext.contexts(in: state) { join(context) }
  }

  /// Has the owner hold the values of `context`: a change made in its reducer is then tracked
  /// here, and a change made elsewhere has it check its computed selections.
  func join(_ context: SharedContext) {
    let id = ObjectIdentifier(context)
    guard let owner, contexts[id]?.value !== context else { return }
    contexts[id] = WeakContext(context)
    context.add(self, holder: owner.holder.holder, liveness: owner.liveness)
    if refreshes { context.addRefresher(self) }
  }

  /// The owner got its first computed selection: from now on it checks its selections after
  /// every change of a value it holds.
  func startRefreshing() {
    guard !refreshes else { return }
    refreshes = true
    for context in contexts.values { context.value?.addRefresher(self) }
  }

  /// Checks the owner's computed selections again, or once its action ends if it is in the
  /// middle of one.
  func refresh() {
    guard let holder else { return }
    if holder.isProcessing {
      holder.hasPendingSharedChange = true
    } else {
      holder.sharedValuesDidChange()
    }
  }

  // MARK: - Changes

  /// `box` changed for the first time since it was last published: it is published when the
  /// owner's send ends, or now if no send of the owner is under way (a test's change between
  /// its steps, or the owner gone), so that no change waits for a send that may never come.
  func add(_ box: any SharedPublishing) {
    buffers.pending.append(box)
    if let holder, holder.isProcessing {
      holder.hasPendingSharedChange = true
    } else {
      publish()
    }
  }

  /// Publishes the values changed since the last publication: each tells its observers,
  /// Observation, its streams and its storage; then the stores whose observers compute their
  /// selections and hold one of those values check them again. Called by the owner when its
  /// send ends.
  func publish() {
    guard !isPublishing.exchange(true, ordering: .relaxed) else { return }
    defer { isPublishing.store(false, ordering: .relaxed) }
    // An observer may change a shared value again: publish until nothing is left.
    while buffers.takePending() {
      do {
        // Read in one access, and let go before the buffer is emptied in place.
        let boxes = buffers.publishing
        for box in boxes { box.publish() }
        for (index, box) in boxes.enumerated() {
          // Each context once; a publication mostly holds one value.
          let context = box.context
          if boxes[..<index].contains(where: { $0.context === context }) { continue }
          context.refresh(except: self)
        }
      }
      buffers.publishing.removeAll(keepingCapacity: true)
    }
  }

  // MARK: - Changes made outside a reducer

  /// Runs `body`, a reduction of the owner or a test's assertion, with the changes it makes to
  /// values of contexts the owner has not joined tracked here too.
  package func tracking<Result>(_ body: () throws -> Result) rethrows -> Result {
    try Self.current.withValue(self) { try body() }
  }
}

/// What a test store puts between shared values and their changes: the one seam between them.
///
/// A store's tracker has none. A test store's tracker asks it at two moments: before a shared
/// value changes, where the change goes (a test's assertion sends it to an expected value
/// instead of the live one); and after a live value changed, so that the test store records the
/// change of the current action with the value before it.
@MainActor
package protocol SharedChangeInterceptor: AnyObject {
  /// The expected value a change of `box` made now goes to instead of the live value, if an
  /// assertion is running; `nil` lets the change go to the live value.
  func expectation<Value: Sendable>(
    for box: any SharedPublishing, as type: Value.Type
  ) -> SharedExpectation<Value>?

  /// The live value of `box` changed; `before` is its value before the change.
  func didChange(_ box: any SharedPublishing, before: any Sendable)
}

/// The values waiting to be published, and those being published: two buffers that take turns,
/// keeping their memory, so that a change allocates nothing.
private struct Buffers {
  var pending: [any SharedPublishing] = []
  var publishing: [any SharedPublishing] = []

  /// Moves the pending values to ``publishing``; returns whether there were any.
  mutating func takePending() -> Bool {
    guard !pending.isEmpty else { return false }
    swap(&pending, &publishing)
    return true
  }
}

/// A context, held without keeping it alive.
private struct WeakContext {
  weak var value: SharedContext?

  init(_ value: SharedContext) {
    self.value = value
  }
}

/// A root store, as the shared values it holds see it.
@MainActor
protocol SharedHolder: AnyObject {
  /// Whether it is in the middle of an action.
  var isProcessing: Bool { get }
  /// Whether its reducer is running.
  var isReducing: Bool { get }
  /// Set when a shared value changed in its reducer, or while it was processing: it calls
  /// ``SharedChangeTracker/publish()`` and checks its selections when its send ends.
  var hasPendingSharedChange: Bool { get set }
  /// Checks the observed selections again, after a change to a shared value.
  func sharedValuesDidChange()
}
