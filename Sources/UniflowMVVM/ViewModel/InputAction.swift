/// A view model's input: calling it sends an action to the store.
///
/// ```swift
/// viewModel.input.select("hello")             // sends .select("hello")
/// await viewModel.input.reload().finish()     // waits for the reload's effects
/// ```
///
/// The action goes through the store's `send`, so the reducer, the middleware (analytics,
/// logging) and the effects see a view model's input like any other action. The returned
/// `StoreTask` covers the effects the action started, so a caller can await them (a
/// pull-to-refresh waits for the reload) or cancel them.
@MainActor
public struct InputAction<Value> {
  private let send: @MainActor (Value) -> StoreTask

  /// Creates an input that sends the action `action` makes of each value.
  ///
  /// - Parameters:
  ///   - store: The store to send to; the input keeps it alive.
  ///   - action: Makes the action for a value, usually a case of the store's action type.
  public init<State, Action>(store: Store<State, Action>, action: @escaping (Value) -> Action) {
    send = { store.send(action($0)) }
  }

  /// Sends the action for `value`.
  ///
  /// - Parameter value: The input's value.
  /// - Returns: The effects the action started; await `StoreTask.finish()` to wait for them.
  @discardableResult
  public func callAsFunction(_ value: Value) -> StoreTask {
    send(value)
  }
}

extension InputAction where Value == Void {
  /// Creates an input that sends one action.
  ///
  /// - Parameters:
  ///   - store: The store to send to; the input keeps it alive.
  ///   - action: The action to send.
  public init<State, Action>(store: Store<State, Action>, action: Action) {
    self.init(store: store) { _ in action }
  }

  /// Sends the input's action.
  ///
  /// - Returns: The effects the action started; await `StoreTask.finish()` to wait for them.
  @discardableResult
  public func callAsFunction() -> StoreTask {
    send(())
  }
}
