import Synchronization

/// The observers of a root store and of every store scoped from it, grouped by selection.
///
/// After each action the registry checks every selection against the new state, in place,
/// then calls the observers of the selections that changed. The two passes are apart: no
/// observer runs while selections are being read, and nothing an observer does (subscribing,
/// cancelling, reading the store) changes the list being walked.
@usableFromInline
@MainActor
final class ObserverRegistry<Root>: SelectionRegistry {
  /// The checks, kept alive and walked unretained by the passes.
  @usableFromInline let checks = UnretainedList<SelectionCheck, Void>(capacity: 4)
  @usableFromInline var indexByIdentity: [SelectionCheck.Identity: Int] = [:]
  /// Counts the cancelled subscriptions, and says whether observers are being called:
  /// cancelled subscribers are then dropped only after the pass.
  @usableFromInline let ledger = CancellationLedger()
  /// Called when the first computed selection is added: a computed selection may read a shared
  /// value, so the root store then checks its selections after each change of one.
  @usableFromInline var onFirstComputedSelection: (() -> Void)?
  /// Whether a computed selection was added.
  @usableFromInline var hasComputedSelection = false

  @usableFromInline
  init() {}

  /// Checks every selection against `state`, then calls the observers of those that changed;
  /// then, between passes, drops the subscriptions cancelled since the last time.
  @inlinable
  func update(_ state: StatePlace<Root>) {
    if checks.update(state.raw) {
      ledger.isNotifying.store(true, ordering: .relaxed)
      checks.notifyMarked()
      ledger.isNotifying.store(false, ordering: .relaxed)
    }
    if ledger.hasPending { compact() }
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
      return ObservationToken(flag: flag, dropping: subscriber, from: existing.subscribers)
    }
    let group = SelectionGroup(
      selection: selection, key: key, initial: initial, isDuplicate: isDuplicate, first: subscriber)
    add(group)
    return ObservationToken(flag: flag, dropping: subscriber, from: group.subscribers)
  }

  /// A new subscription's flag, which its token sets when it is cancelled.
  @usableFromInline
  func makeFlag() -> SubscriptionFlag {
    SubscriptionFlag(ledger: ledger)
  }

  /// The check found by `identity`, if there is one.
  @usableFromInline
  func check(_ identity: SelectionCheck.Identity) -> SelectionCheck? {
    indexByIdentity[identity].map { checks.elements[$0] }
  }

  /// Appends a check. During a pass it is not called before the next action.
  @usableFromInline
  func add(_ check: SelectionCheck) {
    if let identity = check.identity { indexByIdentity[identity] = checks.count }
    checks.append(check)
    if check.isComputed, !hasComputedSelection {
      hasComputedSelection = true
      onFirstComputedSelection?()
    }
  }

  @usableFromInline
  func compact() {
    guard ledger.takePending() else { return }
    let countBefore = checks.count
    checks.removeAll { !$0.dropCancelled() }
    guard checks.count < countBefore else { return }
    indexByIdentity = [:]
    for (index, check) in checks.elements.enumerated() {
      if let identity = check.identity { indexByIdentity[identity] = index }
    }
  }

  /// The number of distinct selections with at least one observer; reads, changes nothing.
  @usableFromInline
  var selectionCount: Int {
    checks.elements.reduce(0) { $0 + $1.subscribedSelections }
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

extension UnretainedList where Element == SelectionCheck, Extra == Void {
  /// Calls `update` of every check with `state`, marking those that changed; returns whether
  /// one did.
  ///
  /// Checks added meanwhile (a selection's code may subscribe) wait for the next action. (The
  /// loops are here, not in the main-actor registry, so that their closures are not isolated:
  /// Swift would check the executor on every call of an isolated one.)
  @inlinable
  func update(_ state: RawStatePlace) -> Bool {
    let count = self.count
    guard count > 0 else { return false }
    var index = 0
    while index < count {
      if withElement(at: index, { $0.check(state) }) { mark(index) }
      index &+= 1
    }
    return markCount > 0
  }

  /// Calls `notify` of the checks marked by the last ``update(_:)``, then clears the marks.
  @inlinable
  func notifyMarked() {
    var position = 0
    while position < markCount {
      withElement(at: markedIndex(position)) { $0.notifyChanged() }
      position &+= 1
    }
    clearMarks()
  }
}
