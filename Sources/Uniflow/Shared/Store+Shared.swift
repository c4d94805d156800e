extension Store {
  /// Calls `onChange` with the new value whenever the shared value at `keyPath` changes,
  /// whichever store changed it.
  ///
  /// ```swift
  /// let token = store.observe(\.settings) { settings in apply(settings.theme) }
  /// ```
  ///
  /// The observer subscribes to the shared value itself, so a change costs one call per
  /// observer, however many stores hold the value, and no change is missed: there is no
  /// comparison of a value with itself, and the value needs not be `Equatable`. Every change is
  /// reported, even one that sets an equal value. A change that a store's reducer makes
  /// reaches the observers once that store has finished its action. If an action puts another
  /// shared value at `keyPath`, the observer follows it and is called with its value.
  ///
  /// - Parameters:
  ///   - keyPath: The shared value in the state.
  ///   - onChange: Receives the new value.
  /// - Returns: A token that keeps the subscription alive; release or cancel it to stop.
  /// - Complexity: O(1) per change of the value and per action of this store.
  @inlinable
  public func observe<Value>(
    _ keyPath: KeyPath<State, Shared<Value>>, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let subscription = SharedSubscription(onChange: onChange)
    // Follows the shared value the state holds at `keyPath`, should an action replace it.
    let token = subscribe(
      Selection(keyPath), key: nil, initial: core.latestState[keyPath: keyPath],
      isDuplicate: { $0.box === $1.box }, onChange: { subscription.follow($0, notify: true) })
    subscription.flag = token.flag
    subscription.follow(core.latestState[keyPath: keyPath], notify: false)
    return token
  }
}

/// An observer of the shared value a state holds at a key path: it subscribes to the value's
/// box, and moves to another box if the state comes to hold another one.
@MainActor
@usableFromInline
final class SharedSubscription<Value: Sendable> {
  @usableFromInline let onChange: (Value) -> Void
  /// The token's flag, set once the token exists.
  @usableFromInline var flag: SubscriptionFlag?
  /// The box followed now, and the subscriber in its observers.
  @usableFromInline var followed: (box: SharedBox<Value>, subscriber: Subscriber<Value>)?

  @inlinable
  init(onChange: @escaping (Value) -> Void) {
    self.onChange = onChange
  }

  /// Subscribes to `shared`'s box, leaving the box followed before, and calls the observer
  /// with the new box's value if `notify`.
  @inlinable
  func follow(_ shared: Shared<Value>, notify: Bool) {
    guard let flag else { return }
    if let followed { followed.box.observers.unsubscribe(followed.subscriber) }
    // The observer's own closure: a change calls it with nothing in between.
    let subscriber = Subscriber(flag: flag, onChange: onChange)
    shared.box.observers.subscribe(subscriber)
    followed = (shared.box, subscriber)
    if notify { onChange(shared.box.contents.withLock { $0.value }) }
  }
}
