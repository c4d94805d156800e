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
