extension Store {
  /// Calls `onChange` with the new value whenever the shared value at `keyPath` changes,
  /// whichever store changed it.
  ///
  /// ```swift
  /// let token = store.observe(\.settings) { settings in apply(settings.theme) }
  /// ```
  ///
  /// The selection compares versions, not values: the value it saw last is a snapshot, so no
  /// change is missed, and the value needs not be `Equatable`. A change that a store's reducer
  /// makes reaches the observers once that store has finished its action.
  ///
  /// - Parameters:
  ///   - keyPath: The shared value in the state.
  ///   - onChange: Receives the new value.
  /// - Returns: A token that keeps the subscription alive; release or cancel it to stop.
  /// - Complexity: O(1) per action and per change of any shared value: a read of the version
  ///   under the value's lock; one call when it changed.
  @inlinable
  public func observe<Value>(
    _ keyPath: KeyPath<State, Shared<Value>>, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let read: (State) -> SharedSnapshot<Value> = { SharedSnapshot($0[keyPath: keyPath]) }
    return subscribe(
      Selection(read), key: nil, initial: read(core.latestState),
      isDuplicate: { $0.isSameVersion(as: $1) }, onChange: { onChange($0.value) })
  }
}

/// A shared value as a selection saw it: which value, its version, and its value then.
@usableFromInline
struct SharedSnapshot<Value: Sendable> {
  @usableFromInline let box: ObjectIdentifier
  @usableFromInline let version: UInt64
  @usableFromInline let value: Value

  @inlinable
  init(_ shared: Shared<Value>) {
    box = ObjectIdentifier(shared.box)
    (version, value) = shared.box.contents.withLock { ($0.version, $0.value) }
  }

  /// Whether both saw the same version of the same value.
  @inlinable
  func isSameVersion(as other: Self) -> Bool {
    box == other.box && version == other.version
  }
}
