/// A value a UI control can read and set, where setting it sends an action: a two-way binding
/// to a part of a store's state, for any UI layer.
///
/// A form field needs a value it reads and writes. The store's state changes only through
/// actions, so a binding reads the part of the state and turns each write into the action
/// that makes it:
///
/// ```swift
/// let title = store.binding(\.title, send: Editor.Action.setTitle)
/// title.value            // the store's title
/// title.value = "Milk"   // sends .setTitle("Milk"); the reducer decides what the title becomes
/// ```
///
/// It works the same from a root store, a scoped store or a view model
/// (`StoreViewModel.binding(_:send:)`), and adapts to a UI framework in one line:
///
/// ```swift
/// // SwiftUI (Apple platforms only: not compiled on Linux)
/// TextField("Title", text: Binding(get: { title.value }, set: { title.value = $0 }))
/// // UIKit (iOS, tvOS, visionOS only: not compiled on Linux)
/// field.addAction(UIAction { _ in title.value = field.text ?? "" }, for: .editingChanged)
/// ```
///
/// Reading ``value`` reads the store's `state`, so inside SwiftUI's `body` or
/// `withObservationTracking` it is tracked like any read of the state. To be told when the
/// value changes outside SwiftUI, observe the same part: `store.observe(\.title) { … }`.
///
/// A write of a value equal to the current one sends nothing (for an `Equatable` value), so a
/// control that writes back what it shows does not fill the log with actions that change
/// nothing.
@MainActor
public struct StoreBinding<Value> {
  private let read: @MainActor () -> Value
  private let write: @MainActor (Value) -> StoreTask
  private let isDuplicate: (@MainActor (Value, Value) -> Bool)?

  /// Creates a binding from how to read the value and how to send a new one.
  ///
  /// - Parameters:
  ///   - get: Reads the value from the store.
  ///   - isDuplicate: Whether a new value is the same as the current one, so that setting it
  ///     sends nothing; `nil` sends every value.
  ///   - send: Sends the action that sets a new value.
  public init(
    get: @escaping @MainActor () -> Value, isDuplicate: (@MainActor (Value, Value) -> Bool)? = nil,
    send: @escaping @MainActor (Value) -> StoreTask
  ) {
    self.read = get
    self.isDuplicate = isDuplicate
    self.write = send
  }

  /// The value, read from the store; setting it sends the action that makes it.
  public var value: Value {
    get { read() }
    nonmutating set { set(newValue) }
  }

  /// Sends the action that sets `newValue`, unless it is the current value.
  ///
  /// - Parameter newValue: The new value.
  /// - Returns: The task of the action's effects, to await them; a finished task when nothing
  ///   was sent.
  @discardableResult
  public func set(_ newValue: Value) -> StoreTask {
    if let isDuplicate, isDuplicate(read(), newValue) { return StoreTask(group: nil) }
    return write(newValue)
  }
}

@available(*, unavailable)
extension StoreBinding: Sendable {}
