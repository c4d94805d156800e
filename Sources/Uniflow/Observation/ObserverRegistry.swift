/// The observers of a root store and of every store scoped from it, grouped by selection.
///
/// After each action the registry checks every selection against the new state, in place,
/// then calls the observers of the selections that changed. The two passes are apart: no
/// observer runs while selections are being read, and nothing an observer does (subscribing,
/// cancelling, reading the store) changes the list being walked.
@usableFromInline
@MainActor
final class ObserverRegistry<Root>: SelectionRegistry {
  /// The checks, which this array keeps alive.
  // Main-actor isolated and changed only between passes: unchecked on the hot path, in every
  // build.
  @exclusivity(unchecked) @usableFromInline var checks: ContiguousArray<SelectionCheck> = []
  /// The passes' memory.
  @usableFromInline let pass = PassMemory()
  /// Whether observers are being called; cancelled subscriptions are dropped only after it.
  @exclusivity(unchecked) @usableFromInline var isNotifying = false
  @usableFromInline var indexByIdentity: [SelectionCheck.Identity: Int] = [:]
  @usableFromInline let ledger = CancellationLedger()
  /// Called when the first computed selection is added: a computed selection may read a shared
  /// value, so the root store then checks its selections after each change of one.
  @usableFromInline var onFirstComputedSelection: (() -> Void)?
  /// Whether a computed selection was added.
  @usableFromInline var hasComputedSelection = false

  @usableFromInline
  init() {}

  /// Checks every selection against `state`, then calls the observers of those that changed.
  @inlinable
  func update(_ state: UnsafePointer<Root>) {
    let changedCount = pass.update(UnsafeRawPointer(state), count: checks.count)
    guard changedCount > 0 else { return }
    isNotifying = true
    pass.notify(changedCount)
    isNotifying = false
  }

  /// Subscribes `onChange` to a selection, sharing the group of an equal `key`.
  @inlinable
  func observe<Value>(
    _ selection: Selection<Root, Value>, key: ObservationKey?, initial: Value,
    isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let flag = makeFlag()
    let subscriber = Subscriber(flag: flag, onChange: onChange)
    if let key, let existing = check(.key(key)) as? SelectionGroup<Root, Value> {
      existing.subscribers.append(subscriber)
    } else {
      add(
        SelectionGroup(
          selection: selection, key: key, initial: initial, isDuplicate: isDuplicate, first: subscriber))
    }
    return ObservationToken(flag: flag)
  }

  /// A new subscription's flag, which its token sets when it is cancelled.
  @usableFromInline
  func makeFlag() -> SubscriptionFlag {
    SubscriptionFlag(ledger: ledger)
  }

  /// The check found by `identity`, if there is one.
  @usableFromInline
  func check(_ identity: SelectionCheck.Identity) -> SelectionCheck? {
    indexByIdentity[identity].map { checks[$0] }
  }

  /// Appends a check. During a pass it is not called before the next action.
  @usableFromInline
  func add(_ check: SelectionCheck) {
    if checks.count == pass.capacity { pass.grow(keeping: checks.count) }
    if let identity = check.identity { indexByIdentity[identity] = checks.count }
    pass.unretained[checks.count] = .passUnretained(check)
    checks.append(check)
    if check.isComputed, !hasComputedSelection {
      hasComputedSelection = true
      onFirstComputedSelection?()
    }
  }

  /// Drops cancelled observers, and the checks left without any, if some were cancelled since
  /// the last time; never during a notification pass.
  @inlinable
  func dropCancelled() {
    if ledger.hasPending, !isNotifying { compact() }
  }

  @usableFromInline
  func compact() {
    guard ledger.takePending() else { return }
    var kept = ContiguousArray<SelectionCheck>()
    for check in checks where check.compact() { kept.append(check) }
    guard kept.count < checks.count else { return }
    checks = kept
    indexByIdentity = [:]
    for (index, check) in checks.enumerated() {
      pass.unretained[index] = .passUnretained(check)
      if let identity = check.identity { indexByIdentity[identity] = index }
    }
  }

  /// The number of distinct selections with at least one observer; reads, changes nothing.
  @usableFromInline
  var selectionCount: Int {
    checks.reduce(0) { $0 + $1.observedCount }
  }

  /// The number of checks kept, scoped stores' watchers included.
  @usableFromInline
  var checkCount: Int { checks.count }
}

/// The registry of a root store, whatever its state type: what a store scoped from it needs to
/// subscribe its observers there.
@usableFromInline
@MainActor
protocol SelectionRegistry: AnyObject {
  /// The number of distinct selections with at least one observer.
  var selectionCount: Int { get }
  /// The number of checks kept, scoped stores' watchers included.
  var checkCount: Int { get }
  /// The check found by `identity`, if there is one.
  func check(_ identity: SelectionCheck.Identity) -> SelectionCheck?
  /// Appends a check. During a pass it is not called before the next action.
  func add(_ check: SelectionCheck)
  /// A new subscription's flag, which its token sets when it is cancelled.
  func makeFlag() -> SubscriptionFlag
}

/// The memory of a registry's passes: its checks, unretained, and the indices of those that
/// changed. Only its registry uses it, on the main actor.
@usableFromInline
final class PassMemory {
  // Never accessed re-entrantly: unchecked on the hot path, in every build.
  /// The registry's checks, unretained, in the first `checks.count` elements of `capacity`:
  /// the passes call them without a reference count. The registry's `checks` keeps them alive.
  @exclusivity(unchecked) @usableFromInline var unretained: UnsafeMutablePointer<Unmanaged<SelectionCheck>>
  /// The indices of the checks that changed in the current pass; never more than the checks.
  @exclusivity(unchecked) @usableFromInline var changed: UnsafeMutablePointer<Int>
  @exclusivity(unchecked) @usableFromInline var capacity: Int

  @usableFromInline
  init() {
    capacity = 4
    unretained = .allocate(capacity: capacity)
    changed = .allocate(capacity: capacity)
  }

  deinit {
    unretained.deallocate()
    changed.deallocate()
  }

  /// Calls `update` of the first `count` checks with `state`; returns how many changed, whose
  /// indices are then the first elements of `changed`.
  ///
  /// The buffers are read afresh at each step: a selection's code may subscribe. (The loops
  /// are here, not in the main-actor registry, so that their closures are not isolated:
  /// Swift would check the executor on every call of an isolated one.)
  @inlinable
  func update(_ state: UnsafeRawPointer, count: Int) -> Int {
    var changedCount = 0
    var index = 0
    while index < count {
      if unretained[index]._withUnsafeGuaranteedRef({ $0.update($0, state) }) {
        changed[changedCount] = index
        changedCount += 1
      }
      index += 1
    }
    return changedCount
  }

  /// Calls `notify` of the first `changedCount` checks listed in `changed`.
  @inlinable
  func notify(_ changedCount: Int) {
    var position = 0
    while position < changedCount {
      unretained[changed[position]]._withUnsafeGuaranteedRef { $0.notify($0) }
      position += 1
    }
  }

  /// Doubles the capacity, keeping the first `count` elements of each buffer. A subscription
  /// made during a pass can land here: the passes read the buffers afresh at each step.
  @usableFromInline
  func grow(keeping count: Int) {
    capacity *= 2
    unretained = unretained.reallocated(keeping: count, capacity: capacity)
    changed = changed.reallocated(keeping: count, capacity: capacity)
  }
}

@available(*, unavailable)
extension PassMemory: Sendable {}
