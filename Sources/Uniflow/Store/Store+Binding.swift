extension Store {
  /// A two-way binding to a part of the state: it reads the part, and setting it sends the
  /// action `send` makes of the new value.
  ///
  /// ```swift
  /// let title = store.binding(\.title, send: Editor.Action.setTitle)
  /// title.value = "Milk"   // sends .setTitle("Milk")
  /// ```
  ///
  /// Setting the current value again sends nothing.
  ///
  /// - Parameters:
  ///   - keyPath: The part of the state.
  ///   - send: Makes the action for a new value, usually a case of the action type.
  /// - Returns: The binding; it keeps the store alive.
  /// - Complexity: Reading is one key-path read; setting, one comparison and a send.
  public func binding<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, send: @escaping (Value) -> Action
  ) -> StoreBinding<Value> {
    StoreBinding(get: { self.state[keyPath: keyPath] }, isDuplicate: { $0 == $1 }) { self.send(send($0)) }
  }

  /// A two-way binding to a value computed from the state: setting it sends the action `send`
  /// makes of the new value.
  ///
  /// ```swift
  /// let isOpen = store.binding({ !$0.isDone }, send: { Editor.Action.setDone(!$0) })
  /// ```
  ///
  /// - Parameters:
  ///   - get: Computes the value from the state.
  ///   - send: Makes the action for a new value.
  /// - Returns: The binding; it keeps the store alive. Setting the current value again sends
  ///   nothing.
  public func binding<Value: Equatable>(
    _ get: @escaping (State) -> Value, send: @escaping (Value) -> Action
  ) -> StoreBinding<Value> {
    StoreBinding(get: { get(self.state) }, isDuplicate: { $0 == $1 }) { self.send(send($0)) }
  }
}
