extension OutputValue {
  /// An output of the part of a store's state at `keyPath`; it emits when that part changed.
  ///
  /// ```swift
  /// let title = OutputValue.selecting(\.title, in: store)
  /// ```
  ///
  /// The output subscribes with `observe(_:onChange:)`, so outputs of the same key path on
  /// the same store share one comparison per action. It holds the subscription and the store;
  /// the store holds the output weakly: releasing the output ends the subscription.
  ///
  /// - Parameters:
  ///   - keyPath: The part of the state.
  ///   - store: The store, a root store or a scoped one.
  /// - Returns: The output, with the current value.
  /// - Complexity: O(1) per action for all subscribers of `keyPath` together.
  public static func selecting<State, Action>(
    _ keyPath: KeyPath<State, Value>, in store: Store<State, Action>
  ) -> OutputValue<Value> where Value: Equatable {
    let output = OutputValue(store.state[keyPath: keyPath], isDuplicate: { $0 == $1 })
    let token = store.observe(keyPath) { [weak output] in output?.update($0) }
    output.retain(source: token, upstream: store)
    return output
  }

  /// An output of a value computed from a store's state; it emits when the computed value
  /// changed.
  ///
  /// - Parameters:
  ///   - select: Computes the value; it runs after every action, so keep it cheap.
  ///   - store: The store, a root store or a scoped one.
  /// - Returns: The output, with the current value.
  /// - Complexity: One call of `select` and one comparison per action.
  public static func selecting<State, Action>(
    _ select: @escaping (State) -> Value, in store: Store<State, Action>
  ) -> OutputValue<Value> where Value: Equatable {
    selecting(select, isDuplicate: { $0 == $1 }, in: store)
  }

  /// An output of a value computed from a store's state; it emits when the computed value
  /// changed, as decided by `isDuplicate`.
  ///
  /// - Parameters:
  ///   - select: Computes the value; it runs after every action, so keep it cheap.
  ///   - isDuplicate: Whether two values count as the same (no emission).
  ///   - store: The store, a root store or a scoped one.
  /// - Returns: The output, with the current value.
  public static func selecting<State, Action>(
    _ select: @escaping (State) -> Value, isDuplicate: @escaping (Value, Value) -> Bool,
    in store: Store<State, Action>
  ) -> OutputValue<Value> {
    let output = OutputValue(select(store.state), isDuplicate: isDuplicate)
    let token = store.observe(select, isDuplicate: isDuplicate) { [weak output] in
      output?.update($0)
    }
    output.retain(source: token, upstream: store)
    return output
  }
}
