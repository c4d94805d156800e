/// Something that must hold of a feature after every action of a property check.
///
/// An invariant looks at the state; a transition also sees the state before the action and the
/// action itself:
///
/// ```swift
/// let properties: [FeatureProperty<Todos.State, Todos.Action>] = [
///   .invariant("ids are unique") { state in
///     Set(state.todos.map(\.id)).count == state.todos.count
///   },
///   .transition("a filter change keeps the todos") { before, action, after in
///     guard case .filterChanged = action else { return true }
///     return before.todos == after.todos
///   },
/// ]
/// ```
///
/// The name is the message of a failure, so phrase it as the statement that must hold.
public struct FeatureProperty<State, Action> {
  enum Check {
    case invariant((State) -> Bool)
    case transition((State, Action, State) -> Bool)
  }

  /// The statement the property checks, as a failure names it.
  public let name: String
  let check: Check

  /// A property of the state, checked on the initial state and after every action, once the
  /// action's effects have finished.
  ///
  /// - Parameters:
  ///   - name: The statement that must hold, as a failure names it.
  ///   - holds: Whether the statement holds of a state.
  /// - Returns: The property.
  public static func invariant(_ name: String, _ holds: @escaping (_ state: State) -> Bool) -> Self {
    Self(name: name, check: .invariant(holds))
  }

  /// A property of each step: the state before an action, the action, and the state after it
  /// and its effects.
  ///
  /// - Parameters:
  ///   - name: The statement that must hold, as a failure names it.
  ///   - holds: Whether the statement holds of a step.
  /// - Returns: The property.
  public static func transition(
    _ name: String,
    _ holds: @escaping (_ before: State, _ action: Action, _ after: State) -> Bool
  ) -> Self {
    Self(name: name, check: .transition(holds))
  }

  /// Whether the property holds of the initial state; transitions hold of it trivially.
  func holds(initially state: State) -> Bool {
    guard case .invariant(let holds) = check else { return true }
    return holds(state)
  }

  /// Whether the property holds of a step.
  func holds(before: State, action: Action, after: State) -> Bool {
    switch check {
    case .invariant(let holds): holds(after)
    case .transition(let holds): holds(before, action, after)
    }
  }
}

@available(*, unavailable)
extension FeatureProperty: Sendable {}
