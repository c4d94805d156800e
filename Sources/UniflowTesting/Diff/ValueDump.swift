/// A readable, one-line rendering of any value, built by reflection.
///
/// ```swift
/// ValueDump(Todo(title: "Milk", isDone: false)).description
/// // Todo(title: "Milk", isDone: false)
/// ValueDump(Action.loaded([1, 2])).description
/// // .loaded([1, 2])
/// ```
///
/// Structs and classes show their stored properties, enums their case and payload, collections
/// their elements (any `Collection`, not only the standard ones), dictionaries their entries
/// sorted by key and sets their members sorted, so that the same value always renders the same.
/// Values from the standard library and Foundation (strings, numbers, dates, durations…) show
/// their description; strings are quoted. An object met again while it is being rendered (a
/// reference cycle) shows as `Type(…)`.
///
/// Test failures of ``TestStore`` render actions and values this way. An enum case without a
/// payload shows as `.name`, unless its enum has a custom description: reflection gives no other
/// way to its name, so the description is shown instead.
///
/// - Complexity: O(*n*) in the size of the value.
public struct ValueDump: Sendable, Hashable, CustomStringConvertible {
  let node: DumpNode

  /// Renders a value.
  ///
  /// - Parameter value: Any value.
  public init(_ value: Any) {
    self.node = DumpNode(reflecting: value)
  }

  /// The value on one line, in Swift-like syntax.
  public var description: String {
    node.rendered
  }
}
