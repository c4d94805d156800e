/// One entry of an ``ObserverRegistry``: something that reads its selections from each new
/// state and then calls the observers of those that changed.
///
/// The registry calls a check through functions the check's subclass makes in code that knows
/// its types, by the check's own final methods, which pass the check itself, unretained for the pass: no reference count, no
/// captured context and no unspecialised generic code stands between a send and the check.
/// (A method overridden by a generic subclass would run its unspecialised code.)
///
/// Only its root store's registry uses it, on the main actor. It is not itself main-actor
/// isolated so that its functions are plain ones, which Swift calls without checking which
/// executor runs them.
@usableFromInline
class SelectionCheck {
  /// What the registry finds the check by when a new observer subscribes; `nil` for a
  /// selection of its own.
  @usableFromInline let identity: Identity?
  /// Reads the check's selections from the new state, a `Root` in place; returns whether one
  /// changed, keeping the new values for `notify`.
  @usableFromInline let updateFunction: (SelectionCheck, RawStatePlace) -> Bool
  /// Calls the observers of the selections that changed in the last `update`.
  @usableFromInline let notifyFunction: (SelectionCheck) -> Void
  /// Drops cancelled observers, and selections left without any; returns whether any is left.
  /// Never during a pass.
  @usableFromInline let compactFunction: (SelectionCheck) -> Bool
  /// The number of distinct selections with at least one observer still subscribed.
  @usableFromInline let observedCountFunction: (SelectionCheck) -> Int
  /// Whether a selection is computed by code, which may read a shared value: its store then
  /// checks it again after each change of a shared value.
  @usableFromInline var isComputed = false

  /// How the registry finds a check again.
  @usableFromInline
  enum Identity: Hashable {
    /// A selection shared by every observer of an equal key.
    case key(ObservationKey)
    /// The batch of the stored properties of one `Equatable` type.
    case batch(ObjectIdentifier)
  }

  /// Creates a check from its functions, each called only with the check it was made for.
  @inlinable
  init(
    identity: Identity?, update: @escaping (SelectionCheck, RawStatePlace) -> Bool,
    notify: @escaping (SelectionCheck) -> Void, compact: @escaping (SelectionCheck) -> Bool,
    observedCount: @escaping (SelectionCheck) -> Int
  ) {
    self.identity = identity
    self.updateFunction = update
    self.notifyFunction = notify
    self.compactFunction = compact
    self.observedCountFunction = observedCount
  }

  // The only callers of the functions: each passes the check itself, for which they were made.

  /// Reads the check's selections from the new state; returns whether one changed.
  @inlinable @inline(__always)
  final func check(_ state: RawStatePlace) -> Bool { updateFunction(self, state) }

  /// Calls the observers of the selections that changed in the last ``check(_:)``.
  @inlinable @inline(__always)
  final func notifyChanged() { notifyFunction(self) }

  /// Drops cancelled observers, and selections left without any; returns whether any is left.
  @usableFromInline
  final func dropCancelled() -> Bool { compactFunction(self) }

  /// The number of distinct selections with at least one observer still subscribed.
  @usableFromInline
  final var subscribedSelections: Int { observedCountFunction(self) }
}

@available(*, unavailable)
extension SelectionCheck: Sendable {}

/// One observer of a selection: its callback, and the flag its token sets when it is cancelled.
///
/// A class, so that a notification pass calls it through an unretained reference: its
/// properties are constants, read in place without a reference count.
@usableFromInline
final class Subscriber<Value> {
  @usableFromInline let flag: SubscriptionFlag
  @usableFromInline let onChange: (Value) -> Void

  @inlinable
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
  @inlinable
  convenience init<Value>(_ first: Subscriber<Value>) where Element == Subscriber<Value> {
    self.init(capacity: 1)
    append(first)
  }

  /// Calls every subscriber that is not cancelled with `value`. Subscribers added by a
  /// callback see the next change, not this one.
  @inlinable
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
  @usableFromInline
  func compact<Value>(of _: Value.Type = Value.self) -> Bool where Element == Subscriber<Value> {
    removeAll { $0.flag.isCancelled }
    return !isEmpty
  }

  /// Drops `subscriber`; returns whether any is left. Never during a pass.
  @usableFromInline
  func remove<Value>(_ subscriber: Subscriber<Value>) -> Bool where Element == Subscriber<Value> {
    let removed = remove(identicalTo: subscriber)
    withExtendedLifetime(removed) {}
    return !isEmpty
  }

  /// Whether any subscriber is not cancelled.
  @usableFromInline
  func containsSubscribed<Value>(of _: Value.Type = Value.self) -> Bool
  where Element == Subscriber<Value> {
    owned.contains { !$0.flag.isCancelled }
  }
}
