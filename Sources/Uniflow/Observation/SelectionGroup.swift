/// The observers of one selection of the root state, checked together: one read and one
/// comparison per action, whatever the number of observers.
@usableFromInline
final class SelectionGroup<Root, Value>: SelectionCheck {
  @usableFromInline let selection: Selection<Root, Value>
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  /// The value last reported (or read when the group was made).
  @usableFromInline var current: Value
  @usableFromInline let subscribers: SubscriberList<Value>

  @inlinable
  init(
    selection: Selection<Root, Value>, key: ObservationKey?, initial: Value,
    isDuplicate: @escaping (Value, Value) -> Bool, first: Subscriber<Value>
  ) {
    self.selection = selection
    self.isDuplicate = isDuplicate
    self.current = initial
    self.subscribers = SubscriberList(first)
    // The registry calls each function only through the check's own method, with the check
    // itself, which this initialiser made as a `Self`.
    super.init(
      identity: key.map { .key($0) },
      update: { ownCast($0, to: Self.self).update($1) },
      notify: { ownCast($0, to: Self.self).notify() },
      compact: { ownCast($0, to: Self.self).subscribers.compact() },
      observedCount: { ownCast($0, to: Self.self).subscribedCount })
    if case .compute = selection { isComputed = true }
  }

  /// Reads the selection from the new state; returns whether it changed, keeping the new value.
  /// A part that is gone counts as unchanged: its observers keep the last value.
  @inlinable
  func update(_ state: RawStatePlace) -> Bool {
    guard let value = selection.read(state.typed(as: Root.self)),
      !isDuplicate(current, value)
    else { return false }
    current = value
    return true
  }

  /// Calls the observers with the value kept by ``update(_:)``. Observers added by a callback
  /// see the next change, not this one.
  @inlinable
  func notify() {
    subscribers.notify(current)
  }

  /// Counts 1 with an observer, except for a scoped store's watcher, which is not a selection
  /// anyone asked for.
  @usableFromInline
  var subscribedCount: Int {
    if case .key(let key) = identity, key.isWatcher { return 0 }
    return subscribers.containsSubscribed() ? 1 : 0
  }
}
