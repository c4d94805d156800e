import Synchronization

// Who hears about a root store's actions, and when: the observers of its state, grouped by
// what they select (the registry and its checks), and the listeners of its actions. Both hang
// off the root core, for the root store and every store scoped from it, so that a token keeps
// its subscription whatever becomes of the store it was made from.

// MARK: - Selections

/// How to read an observed part out of a root state in place, without copying the state.
///
/// A selection is applied to the place of the root store's state for the duration of one
/// check, so that checking whether a part changed costs what the part costs, whatever the size
/// of the rest of the state.
@usableFromInline
enum Selection<Value> {
  /// A stored property (or a chain of them) at a fixed byte offset in the root state: it is
  /// loaded from there.
  case offset(Int)
  /// Computed from the root state's place, valid for the call only; `nil` when the part it reads
  /// is gone (a dismissed child, a removed row).
  case compute((RawStatePlace) -> Value?)

  /// The selection of `keyPath` of a root state: at its offset when it names stored properties.
  @inlinable
  init<Root>(_ keyPath: KeyPath<Root, Value>, of _: Root.Type) {
    if MemoryLayout<Root>.size > 0, let offset = MemoryLayout<Root>.offset(of: keyPath) {
      self = .offset(offset)
    } else {
      self = .compute { $0.typed(as: Root.self).value[keyPath: keyPath] }
    }
  }

  /// Reads the selected value from the root state at `state`, or `nil` if its part is gone.
  func read(_ state: RawStatePlace) -> Value? {
    switch self {
    case .offset(let offset):
      // `.offset` is made only from `MemoryLayout.offset(of:)` of a `Value` key path (or such
      // offsets added along a chain of stored properties), so a `Value` is there.
      state.load(at: offset, as: Value.self)
    case .compute(let compute):
      compute(state)
    }
  }

  /// The check of this selection, as its group runs it after every action: reads the value,
  /// compares it with the one kept, and keeps it if it changed; returns whether it did. A part
  /// that is gone counts as unchanged. Made where `Value` is known, by the code that subscribes,
  /// so that the check runs code made for the type rather than through its witnesses.
  @inlinable
  func update(
    comparing isDuplicate: @escaping (Value, Value) -> Bool
  ) -> (RawStatePlace, StateAllocation<Value>) -> Bool {
    switch self {
    case .offset(let offset):
      return { state, current in
        let value = state.load(at: offset, as: Value.self)
        guard !isDuplicate(current.place.value, value) else { return false }
        current.place.value = value
        return true
      }
    case .compute(let compute):
      return { state, current in
        guard let value = compute(state), !isDuplicate(current.place.value, value) else {
          return false
        }
        current.place.value = value
        return true
      }
    }
  }
}

/// Identifies a selection across stores: the path from the root store's state to the part a
/// store is scoped to, then the key path observed in it. Observers with equal keys share one
/// selection.
@usableFromInline
struct ObservationKey: Hashable {
  @usableFromInline var components: [AnyHashable]

  @usableFromInline
  init(_ components: [AnyHashable]) {
    self.components = components
  }

  /// The key of a scoped store's watcher of its whole state, which tells Observation of its
  /// changes; not counted as an observed selection.
  static func watcher(at path: [AnyHashable]) -> ObservationKey {
    ObservationKey(path + [WatcherMark()])
  }

  /// Whether this is a watcher's key.
  var isWatcher: Bool {
    components.last?.base is WatcherMark
  }

  /// Ends a watcher's key.
  struct WatcherMark: Hashable {}
}

// MARK: - The registry

/// The observers of a root store and of every store scoped from it, grouped by selection.
///
/// After each action the registry checks every selection against the new state, in place,
/// then calls the observers of the selections that changed. The two passes are apart: no
/// observer runs while selections are being read, and nothing an observer does (subscribing,
/// cancelling, reading the store) changes the list being walked.
@usableFromInline
@MainActor
final class ObserverRegistry {
  /// The checks, kept alive and walked unretained by the passes.
  private let checks = UnretainedList<SelectionCheck, Void>(capacity: 4)
  private var indexByIdentity: [SelectionCheck.Identity: Int] = [:]
  /// Counts the cancelled subscriptions, and says whether observers are being called:
  /// cancelled subscribers are then dropped only after the pass.
  private let ledger = CancellationLedger()
  /// Called when the first computed selection is added: a computed selection may read a shared
  /// value, so the root store then checks its selections after each change of one.
  var onFirstComputedSelection: (() -> Void)?
  /// Whether a computed selection was added.
  private(set) var hasComputedSelection = false

  init() {}

  /// Checks every selection against `state`, then calls the observers of those that changed;
  /// then, between passes, drops the subscriptions cancelled since the last time.
  @usableFromInline
  func update(_ state: RawStatePlace) {
    if checks.check(state) {
      ledger.isNotifying.store(true, ordering: .relaxed)
      checks.notifyMarked()
      ledger.isNotifying.store(false, ordering: .relaxed)
    }
    if ledger.hasPending { compact() }
  }

  /// Subscribes `onChange` to a selection, sharing the group of an equal `key`.
  @usableFromInline
  func observe<Value>(
    _ selection: Selection<Value>, key: ObservationKey?, initial: Value,
    update: @escaping (RawStatePlace, StateAllocation<Value>) -> Bool,
    onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let subscriber = Subscriber(flag: SubscriptionFlag(ledger: ledger), onChange: onChange)
    if let key, let existing = check(.key(key)) as? SelectionGroup<Value> {
      existing.subscribers.append(subscriber)
      return ObservationToken(subscriber, in: existing.subscribers)
    }
    let group = SelectionGroup(
      selection: selection, key: key, initial: initial, update: update, first: subscriber)
    add(group)
    return ObservationToken(subscriber, in: group.subscribers)
  }

  /// Subscribes `onChange` to the `Value` stored at `offset` in the root state: it joins the
  /// batch of `Value`, made here if there is none yet.
  @usableFromInline
  func observeStored<Value: Equatable>(
    at offset: Int, initial: Value,
    checkAll: @escaping (StoredSelectionBatch<Value>, RawStatePlace) -> Bool,
    onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let batch: StoredSelectionBatch<Value>
    if let existing = check(.batch(ObjectIdentifier(Value.self))) as? StoredSelectionBatch<Value> {
      batch = existing
    } else {
      batch = StoredSelectionBatch(checkAll: checkAll)
      add(batch)
    }
    let subscriber = Subscriber(flag: SubscriptionFlag(ledger: ledger), onChange: onChange)
    let list = batch.observe(offset: offset, initial: initial, subscriber: subscriber)
    return ObservationToken(subscriber, in: list)
  }

  /// The check found by `identity`, if there is one.
  private func check(_ identity: SelectionCheck.Identity) -> SelectionCheck? {
    indexByIdentity[identity].map { checks.elements[$0] }
  }

  /// Appends a check. During a pass it is not called before the next action.
  private func add(_ check: SelectionCheck) {
    if let identity = check.identity { indexByIdentity[identity] = checks.count }
    checks.append(check)
    if check.isComputed, !hasComputedSelection {
      hasComputedSelection = true
      onFirstComputedSelection?()
    }
  }

  private func compact() {
    guard ledger.takePending() else { return }
    let countBefore = checks.count
    checks.removeAll { !$0.dropCancelled() }
    guard checks.count < countBefore else { return }
    indexByIdentity = [:]
    for (index, check) in checks.elements.enumerated() {
      if let identity = check.identity { indexByIdentity[identity] = index }
    }
  }

  /// Drops every observer: the root store was released, and nothing will be told again.
  func removeAll() {
    checks.removeAll { _ in true }
    indexByIdentity = [:]
  }

  /// The number of distinct selections with at least one observer; reads, changes nothing.
  var selectionCount: Int {
    checks.elements.reduce(0) { $0 + $1.subscribedSelections }
  }

  /// The number of checks kept, scoped stores' watchers included.
  var checkCount: Int { checks.count }
}

extension UnretainedList where Element == SelectionCheck, Extra == Void {
  /// Checks every entry against `state`, marking those that changed; returns whether one did.
  ///
  /// Checks added meanwhile (a selection's code may subscribe) wait for the next action. (The
  /// loops are here, not in the main-actor registry, so that their closures are not isolated:
  /// Swift would check the executor on every call of an isolated one.)
  fileprivate func check(_ state: RawStatePlace) -> Bool {
    let count = self.count
    var index = 0
    while index < count {
      if withElement(at: index, { $0.check(state) }) { mark(index) }
      index &+= 1
    }
    return markCount > 0
  }

  /// Calls the observers of the entries marked by the last ``check(_:)``, then clears the
  /// marks.
  fileprivate func notifyMarked() {
    var position = 0
    while position < markCount {
      withElement(at: markedIndex(position)) { $0.notifyChanged() }
      position &+= 1
    }
    clearMarks()
  }
}

// MARK: - Checks

/// One entry of the ``ObserverRegistry``: something that reads its selections from each new
/// state and then calls the observers of those that changed. Its kinds: a ``SelectionGroup``
/// (the observers of one selection) and a ``StoredSelectionBatch`` (the stored properties of
/// one type, checked in one loop).
///
/// The registry calls ``check(_:)`` on every check after each action, then ``notifyChanged()``
/// on those that said they changed.
@usableFromInline
class SelectionCheck {
  /// What the registry finds the check by when a new observer subscribes; `nil` for a
  /// selection of its own.
  let identity: Identity?
  /// Whether a selection is computed by code, which may read a shared value: its store then
  /// checks it again after each change of a shared value.
  let isComputed: Bool

  /// How the registry finds a check again.
  enum Identity: Hashable {
    /// A selection shared by every observer of an equal key.
    case key(ObservationKey)
    /// The batch of the stored properties of one `Equatable` type.
    case batch(ObjectIdentifier)
  }

  init(identity: Identity?, isComputed: Bool) {
    self.identity = identity
    self.isComputed = isComputed
  }

  /// Reads the check's selections from the new root state, keeping the values that changed;
  /// returns whether one did.
  func check(_ state: RawStatePlace) -> Bool {
    preconditionFailure("a SelectionCheck's kind reads its own selections")
  }

  /// Calls the observers of the selections that changed in the last ``check(_:)``.
  func notifyChanged() {
    preconditionFailure("a SelectionCheck's kind calls its own observers")
  }

  /// Drops cancelled observers, and selections left without any; returns whether any is left.
  /// Never during a pass.
  func dropCancelled() -> Bool {
    preconditionFailure("a SelectionCheck's kind drops its own observers")
  }

  /// The number of distinct selections with at least one observer still subscribed.
  var subscribedSelections: Int {
    preconditionFailure("a SelectionCheck's kind counts its own selections")
  }
}

@available(*, unavailable)
extension SelectionCheck: Sendable {}

/// The observers of one selection of the root state, checked together: one read and one
/// comparison per action, whatever the number of observers.
final class SelectionGroup<Value>: SelectionCheck {
  let selection: Selection<Value>
  /// Reads the selection and keeps it if it changed: see ``Selection/update(comparing:)``.
  let update: (RawStatePlace, StateAllocation<Value>) -> Bool
  /// The value last reported (or read when the group was made), in a place of its own: read
  /// and written after every action with no exclusivity check.
  let current: StateAllocation<Value>
  let subscribers: SubscriberList<Value>

  init(
    selection: Selection<Value>, key: ObservationKey?, initial: Value,
    update: @escaping (RawStatePlace, StateAllocation<Value>) -> Bool, first: Subscriber<Value>
  ) {
    self.selection = selection
    self.update = update
    self.current = StateAllocation(initial)
    self.subscribers = SubscriberList(first)
    var isComputed = false
    if case .compute = selection { isComputed = true }
    super.init(identity: key.map { .key($0) }, isComputed: isComputed)
  }

  /// Reads the selection from the new state; returns whether it changed, keeping the new value.
  /// A part that is gone counts as unchanged: its observers keep the last value.
  override func check(_ state: RawStatePlace) -> Bool {
    update(state, current)
  }

  /// Calls the observers with the value kept by ``check(_:)``. Observers added by a callback
  /// see the next change, not this one.
  override func notifyChanged() {
    subscribers.notify(current.place.value)
  }

  override func dropCancelled() -> Bool {
    subscribers.compact()
  }

  /// Counts 1 with an observer, except for a scoped store's watcher, which is not a selection
  /// anyone asked for.
  override var subscribedSelections: Int {
    if case .key(let key) = identity, key.isWatcher { return 0 }
    return subscribers.containsSubscribed() ? 1 : 0
  }
}

/// The observers of every stored-property selection of one `Equatable` type in a root state,
/// checked in one loop: for each selection, a load at its offset and an `==`. A state with a
/// hundred observed `Int` fields costs about what comparing the hundred fields by hand does.
///
/// The selections sit in an ``UnretainedList``: each one's observers, with its offset and last
/// value in place beside them, so the loop reads and writes them without copy-on-write checks.
@usableFromInline
final class StoredSelectionBatch<Value: Equatable>: SelectionCheck {
  /// The selections: each one's observers, with the value last reported and, as its tag, where
  /// the value sits in the root state; those that changed in the current pass are marked.
  @usableFromInline let slots = UnretainedList<SubscriberList<Value>, Value>(capacity: 4)
  private var slotByOffset: [Int: Int] = [:]
  /// ``checkSlots(_:)``, called from where `Value` is known: see ``Selection/update(comparing:)``.
  private let checkAll: (StoredSelectionBatch, RawStatePlace) -> Bool

  /// Creates an empty batch; `checkAll` calls ``checkSlots(_:)`` and is made by the code that
  /// subscribes.
  init(checkAll: @escaping (StoredSelectionBatch, RawStatePlace) -> Bool) {
    self.checkAll = checkAll
    super.init(identity: .batch(ObjectIdentifier(Value.self)), isComputed: false)
  }

  /// Subscribes `subscriber` to the selection at `offset`, sharing it with the observers
  /// already there; returns the selection's observers.
  func observe(offset: Int, initial: Value, subscriber: Subscriber<Value>) -> SubscriberList<Value> {
    if let slot = slotByOffset[offset] {
      let list = slots.elements[slot]
      list.append(subscriber)
      return list
    }
    slotByOffset[offset] = slots.count
    let list = SubscriberList(subscriber)
    slots.append(list, extra: initial, tag: offset)
    return list
  }

  override func check(_ state: RawStatePlace) -> Bool {
    checkAll(self, state)
  }

  /// Reads every selection from the state; returns whether any changed, keeping the new values.
  @inlinable
  func checkSlots(_ state: RawStatePlace) -> Bool {
    let count = slots.count
    var slot = 0
    while slot < count {
      // `offset` is the place of a stored `Value` in the root state, from
      // `MemoryLayout.offset(of:)`.
      let value = state.load(at: slots.tag(at: slot), as: Value.self)
      if value != slots[extraAt: slot] {
        slots[extraAt: slot] = value
        slots.mark(slot)
      }
      slot &+= 1
    }
    return slots.markCount > 0
  }

  /// Calls the observers of the selections that changed in the last ``check(_:)``. Observers
  /// added by a callback see the next change, not this one.
  override func notifyChanged() {
    var position = 0
    while position < slots.markCount {
      let slot = slots.markedIndex(position)
      // A copy: a callback may subscribe a new selection, which may move the slots.
      let current = slots[extraAt: slot]
      slots.withElement(at: slot) { $0.notify(current) }
      position &+= 1
    }
    slots.clearMarks()
  }

  /// Drops cancelled observers, and selections left without any; returns whether any is left.
  override func dropCancelled() -> Bool {
    let countBefore = slots.count
    slots.removeAll { !$0.compact() }
    if slots.count < countBefore {
      slotByOffset = [:]
      for slot in 0..<slots.count { slotByOffset[slots.tag(at: slot)] = slot }
    }
    return !slots.isEmpty
  }

  /// The number of selections with at least one observer still subscribed.
  override var subscribedSelections: Int {
    slots.elements.count { $0.containsSubscribed() }
  }
}

// MARK: - Subscribers

/// One observer of a selection: its callback, and the flag its token sets when it is cancelled.
///
/// A class, so that a notification pass calls it through an unretained reference: its
/// properties are constants, read in place without a reference count.
@usableFromInline
final class Subscriber<Value> {
  let flag: SubscriptionFlag
  let onChange: (Value) -> Void

  init(flag: SubscriptionFlag, onChange: @escaping (Value) -> Void) {
    self.flag = flag
    self.onChange = onChange
  }
}

@available(*, unavailable)
extension Subscriber: Sendable {}

/// The observers of one selection, in the order they subscribed.
///
/// A pass calls them through unretained references, in memory the list reads afresh at each
/// step: a callback may subscribe to the same selection meanwhile, which may move that memory.
/// No subscriber leaves the list during a pass: cancelled ones are skipped, and dropped once
/// the pass has ended.
@usableFromInline
typealias SubscriberList<Value> = UnretainedList<Subscriber<Value>, Void>

extension UnretainedList where Extra == Void {
  /// A list of one subscriber.
  convenience init<Value>(_ first: Subscriber<Value>) where Element == Subscriber<Value> {
    self.init(capacity: 1)
    append(first)
  }

  /// Calls every subscriber that is not cancelled with `value`. Subscribers added by a
  /// callback see the next change, not this one.
  func notify<Value>(_ value: Value) where Element == Subscriber<Value> {
    let count = self.count
    var index = 0
    while index < count {
      withElement(at: index) { subscriber in
        if !subscriber.flag.isCancelled { subscriber.onChange(value) }
      }
      index &+= 1
    }
  }

  /// Drops cancelled subscribers; returns whether any is left. Never during a pass.
  func compact<Value>(of _: Value.Type = Value.self) -> Bool where Element == Subscriber<Value> {
    removeAll { $0.flag.isCancelled }
    return !isEmpty
  }

  /// Drops `subscriber`; returns whether any is left. Never during a pass.
  func remove<Value>(_ subscriber: Subscriber<Value>) -> Bool where Element == Subscriber<Value> {
    let removed = remove(identicalTo: subscriber)
    withExtendedLifetime(removed) {}
    return !isEmpty
  }

  /// Whether any subscriber is not cancelled.
  func containsSubscribed<Value>(of _: Value.Type = Value.self) -> Bool
  where Element == Subscriber<Value> {
    owned.contains { !$0.flag.isCancelled }
  }
}

// MARK: - Listeners of actions

/// The listeners of the actions a root store processes: what `observeActions(_:)` registers,
/// from the root store or from a store scoped from it, with the child's extraction lifted in.
///
/// Each listener is offered every action after the middleware and the observers, with the
/// state after it, both in place: a root store's listener reads them as its own types, a scoped
/// store's extracts its own action and finds its part of the state first. A store without
/// listeners pays one check per action.
///
/// A listener stays while its token is kept: a cancelled or released token's listener is never
/// called again, and is dropped (its closure released) before the next action is offered.
@usableFromInline
@MainActor
final class ActionListeners {
  /// Hears an action, given the places of the root's action and of its state after it.
  typealias Hear = @MainActor (_ action: RawStatePlace, _ state: RawStatePlace) -> Void

  final class Listener {
    let flag: SubscriptionFlag
    let hear: Hear

    init(flag: SubscriptionFlag, hear: @escaping Hear) {
      self.flag = flag
      self.hear = hear
    }
  }

  /// The listeners, walked unretained by an offer; one added meanwhile hears the next action.
  private let list = UnretainedList<Listener, Void>(capacity: 1)
  /// Counts the tokens cancelled since the listeners were last swept.
  private let ledger = CancellationLedger()

  init() {}

  /// Whether no listener was added since the last were dropped.
  @usableFromInline
  var isEmpty: Bool { list.isEmpty }

  /// Adds a listener.
  ///
  /// - Parameter hear: Receives each action and the state after it.
  /// - Returns: The token that keeps the listener registered.
  func add(_ hear: @escaping Hear) -> ObservationToken {
    dropCancelled()
    let flag = SubscriptionFlag(ledger: ledger)
    list.append(Listener(flag: flag, hear: hear))
    return ObservationToken(flag: flag)
  }

  /// Offers an action to every listener, in the order they were added.
  ///
  /// A listener added while the action is offered hears the next action; one cancelled during
  /// the pass is not called by it.
  @usableFromInline
  func offer(_ action: RawStatePlace, _ state: RawStatePlace) {
    dropCancelled()
    let count = list.count
    var index = 0
    while index < count {
      list.withElement(at: index) { listener in
        if !listener.flag.isCancelled { listener.hear(action, state) }
      }
      index &+= 1
    }
  }

  /// The number of listeners whose token is kept.
  var count: Int {
    dropCancelled()
    return list.count
  }

  /// Drops every listener: the root store was released, and none will hear again.
  func removeAll() {
    list.removeAll { _ in true }
  }

  private func dropCancelled() {
    guard ledger.takePending() else { return }
    list.removeAll { $0.flag.isCancelled }
  }
}

// MARK: - Subscriptions and their tokens

/// Whether one subscription is still wanted; shared by the subscription and its token.
@usableFromInline
final class SubscriptionFlag: Sendable {
  let cancelled = Atomic(false)
  /// Counts the cancellation for the registry or list that holds the subscriber.
  let ledger: CancellationLedger

  init(ledger: CancellationLedger) {
    self.ledger = ledger
  }

  var isCancelled: Bool {
    cancelled.load(ordering: .relaxed)
  }

  func cancel() {
    if !cancelled.exchange(true, ordering: .relaxed) {
      ledger.pending.add(1, ordering: .relaxed)
    }
  }
}

/// Drops a cancelled subscriber from its list in a registry, and with it its callback and what
/// the callback captured, as soon as the registry allows: in its isolated `deinit`, when its
/// token lets go of it (at once on the main actor, where the runtime runs such a `deinit` in
/// the release itself; from another thread, on the main actor's next turn), or earlier when
/// the token is cancelled. While the registry calls its observers, it drops the cancelled ones
/// once it has instead.
@usableFromInline
@MainActor
final class SubscriberRelease {
  private let ledger: CancellationLedger
  /// Removes the subscriber from its list, if both are still alive.
  private var remove: (() -> Void)?

  /// Records where `subscriber` is: `list`, which keeps it alive. Holds neither, so that a
  /// token does not keep its store's observers alive.
  init<Value>(_ subscriber: Subscriber<Value>, in list: SubscriberList<Value>) {
    self.ledger = subscriber.flag.ledger
    self.remove = { [weak list, weak subscriber] in
      guard let list, let subscriber else { return }
      _ = list.remove(subscriber)
    }
  }

  isolated deinit {
    releaseNow()
  }

  /// Drops the subscriber, once.
  func releaseNow() {
    // During a pass, the registry drops the cancelled subscribers once it has ended.
    guard !ledger.isNotifying.load(ordering: .relaxed), let remove else { return }
    self.remove = nil
    remove()
  }
}

/// Counts the subscriptions cancelled (and scoped stores released) since the store last dropped
/// them, so the store looks for them only when there are some, and says whether the store is
/// calling its observers.
final class CancellationLedger: Sendable {
  let pending = Atomic(0)
  /// Whether the registry is calling observers: nothing leaves its lists meanwhile. Read and
  /// written on the main actor only.
  let isNotifying = Atomic(false)

  init() {}

  /// Whether some subscriptions were cancelled since the last ``takePending()``; a plain read.
  var hasPending: Bool {
    pending.load(ordering: .relaxed) != 0
  }

  /// Whether some subscriptions were cancelled since the last call; resets the count.
  func takePending() -> Bool {
    hasPending && pending.exchange(0, ordering: .relaxed) != 0
  }
}

extension ObservationToken {
  /// A token for `subscriber` in `list`, a list of a registry: ending it drops the subscriber
  /// (and its callback) from the list.
  @MainActor
  convenience init<Value>(_ subscriber: Subscriber<Value>, in list: SubscriberList<Value>) {
    self.init(flag: subscriber.flag, release: SubscriberRelease(subscriber, in: list))
  }
}
