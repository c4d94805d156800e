/// The subscribers of one selection of the state, notified together: one selection and one
/// comparison per action, whatever the number of subscribers.
@usableFromInline
@MainActor
final class SelectionGroup<State, Value> {
  @usableFromInline let select: (State) -> Value
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  // Main-actor isolated and never accessed re-entrantly: unchecked on the hot path.
  @exclusivity(unchecked) @usableFromInline var current: Value
  @exclusivity(unchecked) @usableFromInline var subscribers: [Subscriber] = []

  @usableFromInline
  struct Subscriber {
    @usableFromInline let flag: SubscriptionFlag
    @usableFromInline let onChange: (Value) -> Void

    @inlinable
    init(flag: SubscriptionFlag, onChange: @escaping (Value) -> Void) {
      self.flag = flag
      self.onChange = onChange
    }
  }

  @inlinable
  init(
    state: State, select: @escaping (State) -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool
  ) {
    self.select = select
    self.isDuplicate = isDuplicate
    self.current = select(state)
  }

  /// Selects from the new state and calls the subscribers if the selection changed.
  @inlinable
  func update(_ state: State) {
    let value = select(state)
    guard !isDuplicate(current, value) else { return }
    current = value
    // Subscribers added by a callback see the next change, not this one.
    let subscribers = self.subscribers
    for index in subscribers.indices where !subscribers[index].flag.isCancelled {
      subscribers[index].onChange(value)
    }
  }

  /// Drops cancelled subscribers; returns whether any are left.
  @usableFromInline
  func compact() -> Bool {
    subscribers.removeAll { $0.flag.isCancelled }
    return !subscribers.isEmpty
  }
}

/// The selection groups of a store, in subscription order.
@usableFromInline
@MainActor
final class SelectionGroups<State> {
  @usableFromInline
  struct Entry {
    @usableFromInline let key: AnyHashable?
    @usableFromInline let update: @MainActor (State) -> Void
    @usableFromInline let compact: @MainActor () -> Bool
    /// The selection group; `nil` for an entry that forwards to a scoped store's groups.
    @usableFromInline let group: AnyObject?

    @inlinable
    init(
      key: AnyHashable?, update: @escaping @MainActor (State) -> Void,
      compact: @escaping @MainActor () -> Bool, group: AnyObject?
    ) {
      self.key = key
      self.update = update
      self.compact = compact
      self.group = group
    }
  }

  @usableFromInline var entries: [Entry] = []
  /// The entries' `update`, apart: the hot loop then copies one closure per entry, not four
  /// references.
  @exclusivity(unchecked) @usableFromInline var updates: [@MainActor (State) -> Void] = []
  @usableFromInline var indexByKey: [AnyHashable: Int] = [:]
  @usableFromInline let ledger: CancellationLedger

  /// Creates the groups of one store; `ledger` is shared by a root store and its scopes.
  @usableFromInline
  init(ledger: CancellationLedger) {
    self.ledger = ledger
  }

  /// Calls every group with the new state; a group added by a callback meanwhile is called
  /// too, with the selection it started from.
  @inlinable
  func update(_ state: State) {
    var index = 0
    while index < updates.count {
      updates[index](state)
      index += 1
    }
  }

  /// The group for `key`, or a new one made by `make` (a `nil` key always makes a new one).
  @inlinable
  func group<Value>(
    key: AnyHashable?, make: () -> SelectionGroup<State, Value>
  ) -> SelectionGroup<State, Value> {
    if let key, let index = indexByKey[key],
      let group = entries[index].group as? SelectionGroup<State, Value>
    {
      return group
    }
    let group = make()
    if let key { indexByKey[key] = entries.count }
    let update: @MainActor (State) -> Void = { group.update($0) }
    entries.append(Entry(key: key, update: update, compact: { group.compact() }, group: group))
    updates.append(update)
    return group
  }

  /// Adds an entry that passes each new state on to a scoped store; `compact` drops the
  /// scoped store's cancelled subscribers and says whether it still observes anything.
  @usableFromInline
  func addForwarder(
    update: @escaping @MainActor (State) -> Void, compact: @escaping @MainActor () -> Bool
  ) {
    entries.append(Entry(key: nil, update: update, compact: compact, group: nil))
    updates.append(update)
  }

  /// Drops cancelled subscribers, and the groups left without any, if some were cancelled.
  @inlinable
  func dropCancelled() {
    guard ledger.takePending() else { return }
    compactAll()
  }

  /// Drops cancelled subscribers and empty groups; returns whether any group is left.
  @usableFromInline
  @discardableResult
  func compactAll() -> Bool {
    entries.removeAll { !$0.compact() }
    updates = entries.map(\.update)
    indexByKey = [:]
    for (index, entry) in entries.enumerated() {
      if let key = entry.key { indexByKey[key] = index }
    }
    return !entries.isEmpty
  }

  /// The number of distinct selections observed.
  var count: Int { entries.count }
}
