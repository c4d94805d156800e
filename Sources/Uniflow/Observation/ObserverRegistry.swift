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
    /// Reads the entry's selection from the state, keeps it, and says whether it changed.
    @usableFromInline let update: @MainActor (UnsafeRawPointer) -> Bool
    /// Calls the entry's observers with the value kept by `update`.
    @usableFromInline let notify: @MainActor () -> Void
    @usableFromInline let key: ObservationKey?
    /// The selection group, as `SelectionGroup<Root, Value>` for the entry's value type.
    @usableFromInline let group: AnyObject
    @usableFromInline let compact: @MainActor () -> Bool
    @usableFromInline let isObserved: @MainActor () -> Bool

    @inlinable
    init<Value>(key: ObservationKey?, group: SelectionGroup<Root, Value>) {
      self.update = { group.update($0.assumingMemoryBound(to: Root.self)) }
      self.notify = { group.notify() }
      self.key = key
      self.group = group
      self.compact = { group.compact() }
      self.isObserved = { group.isObserved }
    }
  }

  // Main-actor isolated; `entries` only changes outside the notification pass.
  @usableFromInline var entries: ContiguousArray<Entry> = []
  @usableFromInline var indexByKey: [ObservationKey: Int] = [:]
  /// The `notify` of the entries that changed in the current pass; kept to reuse its storage.
  @usableFromInline var changed: ContiguousArray<@MainActor () -> Void> = []
  /// Whether observers are being called; a subscription made meanwhile is appended, never
  /// reordered, and cancelled ones are dropped only after the pass.
  @usableFromInline var isNotifying = false
  @usableFromInline let ledger = CancellationLedger()

  @usableFromInline
  init() {}

  /// Checks every selection against `state`, then calls the observers of those that changed.
  @inlinable
  func update(_ state: UnsafePointer<Root>) {
    let raw = UnsafeRawPointer(state)
    for entry in entries where entry.update(raw) {
      changed.append(entry.notify)
    }
    guard !changed.isEmpty else { return }
    isNotifying = true
    var index = 0
    while index < changed.count {
      changed[index]()
      index += 1
    }
    changed.removeAll(keepingCapacity: true)
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
    }
    let flag = SubscriptionFlag(ledger: ledger)
    group.observers.append(.init(flag: flag, onChange: onChange))
    return ObservationToken(flag: flag)
  }

  /// Drops cancelled observers, and the groups left without any, if some were cancelled since
  /// the last time; never during a notification pass.
  @inlinable
  func dropCancelled() {
    guard !isNotifying, ledger.takePending() else { return }
    entries.removeAll { !$0.compact() }
    indexByKey = [:]
    for (index, entry) in entries.enumerated() {
      if let key = entry.key { indexByKey[key] = index }
    }
  }

  /// The number of distinct selections with at least one observer; reads, changes nothing.
  @usableFromInline
  var selectionCount: Int {
    entries.count { $0.isObserved() }
  }
}

/// Counts the selections observed in a root store, whatever its state type.
@usableFromInline
@MainActor
protocol SelectionCounting: AnyObject {
  /// The number of distinct selections with at least one observer.
  var selectionCount: Int { get }
}
