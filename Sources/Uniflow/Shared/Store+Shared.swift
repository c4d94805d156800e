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
  /// shared value at `keyPath`, the observer follows it and is called with its value. An
  /// observer made through a store scoped to a part that goes away (a popped screen, a removed
  /// row) goes quiet with it, as the store's other observers do.
  ///
  /// - Parameters:
  ///   - keyPath: The shared value in the state.
  ///   - onChange: Receives the new value.
  /// - Returns: A token that keeps the subscription alive; release or cancel it to stop. Once
  ///   it is cancelled, the shared value drops `onChange` (and what it captured) at once.
  /// - Complexity: O(1) per change of the value and per action of this store.
  public func observe<Value>(
    _ keyPath: KeyPath<State, Shared<Value>>, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    observeShared(
      core.selection(keyPath), initial: core.latestState[keyPath: keyPath],
      delivery: .value(onChange))
  }

  /// Subscribes to the shared value that `selection` selects, following another one should an
  /// action put it there.
  func observeShared<Value>(
    _ selection: Selection<Shared<Value>>, initial: Shared<Value>,
    delivery: SharedSubscription<Value, State, Action>.Delivery
  ) -> ObservationToken {
    let subscription = SharedSubscription(delivery: delivery, core: core)
    let token = core.observe(
      selection, key: nil, initial: initial, isDuplicate: { $0.box === $1.box },
      onChange: { subscription.follow($0, notify: true) })
    subscription.flag = token.flag
    subscription.follow(initial, notify: false)
    return token
  }
}

/// An observer of the shared value a state holds at a key path: it subscribes to the value's
/// box, and moves to another box if the state comes to hold another one.
///
/// Only the store's registry keeps it, through the observer that follows the key path: when
/// the token ends, the registry drops that observer, and this subscription leaves the box's
/// observers as it goes.
@MainActor
final class SharedSubscription<Value: Sendable, State, Action> {
  /// What the observer is called with.
  enum Delivery {
    /// The new value: `store.observe(\.settings) { settings in … }`.
    case value((Value) -> Void)
    /// The shared value, for an observation of a `Shared` field by the generic key path or
    /// selection observers (`store.observe(\.settings) { $0.value }`).
    case shared((Shared<Value>) -> Void)
  }

  let delivery: Delivery
  /// The store's core: a scoped one whose part is gone goes quiet.
  let core: StoreCore<State, Action>
  /// The token's flag, set once the token exists.
  var flag: SubscriptionFlag?
  /// The box followed now, and the subscriber in its observers.
  var followed: (box: SharedBox<Value>, subscriber: Subscriber<Value>)?

  init(delivery: Delivery, core: StoreCore<State, Action>) {
    self.delivery = delivery
    self.core = core
  }

  #if compiler(>=6.2)
    isolated deinit {
      leave()
    }
  #else
    deinit {
      MainActor.assumeIsolated { leave() }
    }
  #endif

  /// Subscribes to `shared`'s box, leaving the box followed before, and calls the observer
  /// with the new box's value if `notify`.
  func follow(_ shared: Shared<Value>, notify: Bool) {
    guard let flag else { return }
    leave()
    let box = shared.box
    // The observer's own closure, when it takes the value: a change calls it with nothing in
    // between.
    var onChange: (Value) -> Void
    switch delivery {
    case .value(let observer): onChange = observer
    case .shared(let observer): onChange = { _ in observer(Shared(box: box)) }
    }
    switch core {
    case .root(let root):
      // The store holds this value now: a change its reducer makes is tracked by its send.
      root.sharedTracker.join(box.context)
    case .scoped(let scoped):
      onChange = { [weak self, onChange] value in
        // A part that is gone never comes back (a popped screen's id is never reused): the
        // observer leaves the value.
        guard scoped.current() != nil else {
          self?.leave()
          return
        }
        onChange(value)
      }
    }
    let subscriber = Subscriber(flag: flag, onChange: onChange)
    box.observers.subscribe(subscriber)
    followed = (box, subscriber)
    if notify { onChange(box.contents.withLock { $0.value }) }
  }

  /// Leaves the box followed, if any.
  func leave() {
    guard let (box, subscriber) = followed.take() else { return }
    box.observers.unsubscribe(subscriber)
  }
}

/// A ``Shared`` field observed by the store's generic observers, which would compare the shared
/// value with itself and never see it change: they subscribe to the value instead, and call
/// the observer with the shared value at each change.
protocol SharedField {
  /// Observes the shared value that `select` reads from the store's state.
  @MainActor
  static func observe<State, Action, Field>(
    in store: Store<State, Action>, select: @escaping (State) -> Field,
    onChange: @escaping (Field) -> Void
  ) -> ObservationToken
}

extension Shared: SharedField {
  @MainActor
  static func observe<State, Action, Field>(
    in store: Store<State, Action>, select: @escaping (State) -> Field,
    onChange: @escaping (Field) -> Void
  ) -> ObservationToken {
    // Called only for `Field == Shared<Value>`: both casts succeed.
    let selectShared = { select($0) as! Shared<Value> }
    return store.observeShared(
      store.core.selection(selectShared), initial: selectShared(store.core.latestState),
      delivery: .shared { onChange($0 as! Field) })
  }
}

extension Store {
  /// Observes a `Shared` field that a generic observer was asked for, as a shared value;
  /// `nil` for any other field.
  @usableFromInline
  func observeSharedField<Field>(
    _ select: @escaping (State) -> Field, onChange: @escaping (Field) -> Void
  ) -> ObservationToken? {
    guard let shared = Field.self as? any SharedField.Type else { return nil }
    return shared.observe(in: self, select: select, onChange: onChange)
  }
}
