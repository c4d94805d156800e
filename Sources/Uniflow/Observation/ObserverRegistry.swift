/// The observers of a root store and of every store scoped from it, grouped by selection.
///
/// After each action the registry checks every selection against the new state, in place,
/// then calls the observers of the selections that changed. The two passes are apart: no
/// observer runs while selections are being read, and nothing an observer does (subscribing,
/// cancelling, reading the store) changes the list being walked.
@usableFromInline
@MainActor
final class ObserverRegistry<Root>: SelectionCounting {
  @usableFromInline
  struct Entry {
    @usableFromInline let key: ObservationKey?
    /// The selection group, as `SelectionGroup<Root, Value>` for the entry's value type, or
    /// a `StoredSelectionBatch<Value>`.
    @usableFromInline let group: AnyObject
    @usableFromInline let compact: () -> Bool
    /// The number of distinct selections the entry checks that are still observed.
    @usableFromInline let observedCount: () -> Int

    @inlinable
    init<Value>(key: ObservationKey?, group: SelectionGroup<Root, Value>) {
      self.key = key
      self.group = group
      self.compact = { group.compact() }
      self.observedCount = { group.isObserved ? 1 : 0 }
    }

    @inlinable
    init<Value>(batch: StoredSelectionBatch<Value>) {
      self.key = nil
      self.group = batch
      self.compact = { batch.compact() }
      self.observedCount = { batch.observedCount }
    }
  }

  // Main-actor isolated and never accessed re-entrantly (a notification pass runs to its end
  // before the next action is processed): unchecked on the hot path, in every build.
  @exclusivity(unchecked) @usableFromInline var entries: ContiguousArray<Entry> = []
  /// Each entry's group's `update`, apart from the entries: the hot loop then copies one
  /// closure per selection. It reads the selection from the state, keeps it, and says whether
  /// it changed.
  @exclusivity(unchecked) @usableFromInline var updates: ContiguousArray<Update> = []
  /// Each entry's group's `notify`: calls its observers with the value `update` kept.
  @exclusivity(unchecked) @usableFromInline var notifies: ContiguousArray<Notify> = []
  @usableFromInline var indexByKey: [ObservationKey: Int] = [:]
  /// The entry of the batch of stored-property selections of each `Equatable` type.
  @usableFromInline var batchIndexByType: [ObjectIdentifier: Int] = [:]
  /// The indices of the entries that changed in the current pass after the first one, in its
  /// first `changedCount` elements; the storage is reused from pass to pass.
  @exclusivity(unchecked) @usableFromInline var changed: ContiguousArray<Int> = []
  @exclusivity(unchecked) @usableFromInline var changedCount = 0
  /// Whether observers are being called; a subscription made meanwhile is appended, never
  /// reordered, and cancelled ones are dropped only after the pass.
  @exclusivity(unchecked) @usableFromInline var isNotifying = false
  @usableFromInline let ledger = CancellationLedger()

  @usableFromInline
  init() {}

  /// Checks every selection against `state`, then calls the observers of those that changed.
  @inlinable
  func update(_ state: UnsafePointer<Root>) {
    let raw = UnsafeRawPointer(state)
    let count = updates.count
    // The first selection that changed is kept in a local; only further ones use `changed`.
    var first = -1
    var index = 0
    while index < count {
      if updates[index].call(raw) {
        if first < 0 {
          first = index
        } else if changedCount < changed.count {
          changed[changedCount] = index
          changedCount += 1
        } else {
          changed.append(index)
          changedCount += 1
        }
      }
      index += 1
    }
    guard first >= 0 else { return }
    isNotifying = true
    notifies[first].call()
    var position = 0
    while position < changedCount {
      notifies[changed[position]].call()
      position += 1
    }
    changedCount = 0
    isNotifying = false
  }

  /// Subscribes `onChange` to a selection, sharing the group of an equal `key`.
  @inlinable
  func observe<Value>(
    _ selection: Selection<Root, Value>, key: ObservationKey?, initial: Value,
    isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let group: SelectionGroup<Root, Value>
    if let key, let index = indexByKey[key],
      let existing = entries[index].group as? SelectionGroup<Root, Value>
    {
      group = existing
    } else {
      group = SelectionGroup(selection: selection, initial: initial, isDuplicate: isDuplicate)
      if let key { indexByKey[key] = entries.count }
      entries.append(Entry(key: key, group: group))
      updates.append(Self.update(of: group))
      notifies.append(Self.notify(of: group))
    }
    let flag = SubscriptionFlag(ledger: ledger)
    group.observers.append(.init(flag: flag, onChange: onChange))
    return ObservationToken(flag: flag)
  }

  // The closures over a group are made outside the main actor: a closure made inside inherits
  // its isolation, and Swift checks the executor on every call of such a closure.

  @inlinable
  nonisolated static func update<Value>(of group: SelectionGroup<Root, Value>) -> Update {
    Update { group.update($0.assumingMemoryBound(to: Root.self)) }
  }

  @inlinable
  nonisolated static func notify<Value>(of group: SelectionGroup<Root, Value>) -> Notify {
    Notify { group.notify() }
  }

  // A function in a struct is stored as it is called: in an array of bare functions each call
  // would go through a reabstraction thunk.

  @usableFromInline
  struct Update {
    @usableFromInline let call: (UnsafeRawPointer) -> Bool

    @inlinable
    init(_ call: @escaping (UnsafeRawPointer) -> Bool) {
      self.call = call
    }
  }

  @usableFromInline
  struct Notify {
    @usableFromInline let call: () -> Void

    @inlinable
    init(_ call: @escaping () -> Void) {
      self.call = call
    }
  }

  /// Subscribes `onChange` to a stored property of an `Equatable` type at `offset` in the
  /// state: it joins the batch of that type, checked in one loop.
  @inlinable
  func observe<Value: Equatable>(
    storedAt offset: Int, initial: Value, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let batch: StoredSelectionBatch<Value>
    if let index = batchIndexByType[ObjectIdentifier(Value.self)],
      let existing = entries[index].group as? StoredSelectionBatch<Value>
    {
      batch = existing
    } else {
      batch = StoredSelectionBatch()
      batchIndexByType[ObjectIdentifier(Value.self)] = entries.count
      entries.append(Entry(batch: batch))
      updates.append(Self.update(of: batch))
      notifies.append(Self.notify(of: batch))
    }
    let flag = SubscriptionFlag(ledger: ledger)
    batch.observe(offset: offset, initial: initial, flag: flag, onChange: onChange)
    return ObservationToken(flag: flag)
  }

  @inlinable
  nonisolated static func update<Value>(of batch: StoredSelectionBatch<Value>) -> Update {
    Update { batch.update($0) }
  }

  @inlinable
  nonisolated static func notify<Value>(of batch: StoredSelectionBatch<Value>) -> Notify {
    Notify { batch.notify() }
  }

  /// Drops cancelled observers, and the groups left without any, if some were cancelled since
  /// the last time; never during a notification pass.
  @inlinable
  func dropCancelled() {
    guard !isNotifying, ledger.takePending() else { return }
    var kept = ContiguousArray<Int>()
    for index in entries.indices where entries[index].compact() { kept.append(index) }
    guard kept.count < entries.count else { return }
    entries = ContiguousArray(kept.lazy.map { self.entries[$0] })
    updates = ContiguousArray(kept.lazy.map { self.updates[$0] })
    notifies = ContiguousArray(kept.lazy.map { self.notifies[$0] })
    indexByKey = [:]
    batchIndexByType = [:]
    for (index, entry) in entries.enumerated() {
      if let key = entry.key { indexByKey[key] = index }
      if let batch = entry.group as? any StoredSelectionBatchProtocol {
        batchIndexByType[batch.valueType] = index
      }
    }
  }

  /// The number of distinct selections with at least one observer; reads, changes nothing.
  @usableFromInline
  var selectionCount: Int {
    entries.reduce(0) { $0 + $1.observedCount() }
  }
}

/// Counts the selections observed in a root store, whatever its state type.
@usableFromInline
@MainActor
protocol SelectionCounting: AnyObject {
  /// The number of distinct selections with at least one observer.
  var selectionCount: Int { get }
}

/// The observers of one selection of the root state, checked together: one read and one
/// comparison per action, whatever the number of observers.
///
/// Only its root store's ``ObserverRegistry`` uses it, on the main actor. It is not itself
/// main-actor isolated so that the registry's closures over it are plain functions, which
/// Swift calls without checking which executor runs them.
@usableFromInline
final class SelectionGroup<Root, Value> {
  @usableFromInline let selection: Selection<Root, Value>
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  // Main-actor isolated and never accessed re-entrantly: unchecked on the hot path, in every
  // build.
  /// The value last reported (or read when the group was made).
  @exclusivity(unchecked) @usableFromInline var current: Value
  @exclusivity(unchecked) @usableFromInline var observers: ContiguousArray<Observer> = []

  @usableFromInline
  struct Observer {
    @usableFromInline let flag: SubscriptionFlag
    @usableFromInline let onChange: (Value) -> Void

    @inlinable
    init(flag: SubscriptionFlag, onChange: @escaping (Value) -> Void) {
      self.flag = flag
      self.onChange = onChange
    }
  }

  @inlinable
  init(selection: Selection<Root, Value>, initial: Value, isDuplicate: @escaping (Value, Value) -> Bool) {
    self.selection = selection
    self.isDuplicate = isDuplicate
    self.current = initial
  }

  /// Reads the selection from the new state; returns whether it changed, keeping the new value.
  /// A part that is gone counts as unchanged: its observers keep the last value.
  @inlinable
  func update(_ state: UnsafePointer<Root>) -> Bool {
    guard let value = selection.read(state), !isDuplicate(current, value) else { return false }
    current = value
    return true
  }

  /// Calls the observers with the value kept by ``update(_:)``. Observers added by a callback
  /// see the next change, not this one.
  @inlinable
  func notify() {
    // Observers are only appended during a pass (cancelled ones are dropped after it), so the
    // first `count` stay where they are.
    let count = observers.count
    let value = current
    var index = 0
    while index < count {
      if !observers[index].flag.isCancelled { observers[index].onChange(value) }
      index += 1
    }
  }

  /// Drops cancelled observers; returns whether any are left.
  @usableFromInline
  func compact() -> Bool {
    observers.removeAll { $0.flag.isCancelled }
    return !observers.isEmpty
  }

  /// Whether any observer is still subscribed.
  @usableFromInline
  var isObserved: Bool {
    observers.contains { !$0.flag.isCancelled }
  }
}

@available(*, unavailable)
extension SelectionGroup: Sendable {}

/// Names the value type of a ``StoredSelectionBatch`` whatever it is.
@usableFromInline
protocol StoredSelectionBatchProtocol: AnyObject {
  /// The batch's value type.
  var valueType: ObjectIdentifier { get }
}

extension StoredSelectionBatch: StoredSelectionBatchProtocol {
  @usableFromInline
  var valueType: ObjectIdentifier { ObjectIdentifier(Value.self) }
}
