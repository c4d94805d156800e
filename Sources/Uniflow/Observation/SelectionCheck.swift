/// One entry of an ``ObserverRegistry``: something that reads its selections from each new
/// state and then calls the observers of those that changed.
///
/// The registry calls a check through two functions the check's subclass makes in code that
/// knows its types, and passes the check itself, unretained for the pass: no reference count,
/// no captured context and no unspecialised generic code stands between a send and the check.
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
  @usableFromInline let update: (SelectionCheck, UnsafeRawPointer) -> Bool
  /// Calls the observers of the selections that changed in the last `update`.
  @usableFromInline let notify: (SelectionCheck) -> Void

  /// How the registry finds a check again.
  @usableFromInline
  enum Identity: Hashable {
    /// A selection shared by every observer of an equal key.
    case key(ObservationKey)
    /// The batch of the stored properties of one `Equatable` type.
    case batch(ObjectIdentifier)
  }

  @inlinable
  init(
    identity: Identity?, update: @escaping (SelectionCheck, UnsafeRawPointer) -> Bool,
    notify: @escaping (SelectionCheck) -> Void
  ) {
    self.identity = identity
    self.update = update
    self.notify = notify
  }

  /// Drops cancelled observers, and selections left without any; returns whether any is left.
  @usableFromInline
  func compact() -> Bool {
    fatalError("subclass responsibility")
  }

  /// The number of distinct selections with at least one observer still subscribed.
  @usableFromInline
  var observedCount: Int {
    fatalError("subclass responsibility")
  }
}

@available(*, unavailable)
extension SelectionCheck: Sendable {}

/// One observer of a selection: its callback, and the flag its token sets when it is cancelled.
@usableFromInline
struct Subscriber<Value> {
  @usableFromInline let flag: SubscriptionFlag
  @usableFromInline let onChange: (Value) -> Void

  @inlinable
  init(flag: SubscriptionFlag, onChange: @escaping (Value) -> Void) {
    self.flag = flag
    self.onChange = onChange
  }
}

extension ContiguousArray {
  /// Calls every subscriber that is not cancelled with `value`.
  @inlinable
  func notify<Value>(_ value: Value) where Element == Subscriber<Value> {
    for subscriber in self where !subscriber.flag.isCancelled {
      subscriber.onChange(value)
    }
  }

  /// Whether any subscriber is not cancelled.
  @inlinable
  func containsSubscribed<Value>() -> Bool where Element == Subscriber<Value> {
    contains { !$0.flag.isCancelled }
  }
}
