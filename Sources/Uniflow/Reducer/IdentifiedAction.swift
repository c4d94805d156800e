/// An action addressed to one element of a collection, by its identifier.
///
/// A parent feature with a list of rows has a case carrying it:
///
/// ```swift
/// enum ListAction {
///   case rows(IdentifiedAction<Todo.ID, Row.Action>)
/// }
/// store.send(.rows(.element(id: todo.id, action: .toggle)))
/// ```
public enum IdentifiedAction<ID: Hashable, Action>: CustomStringConvertible {
  /// `action` for the element identified by `id`.
  case element(id: ID, action: Action)

  /// The element's identifier.
  @inlinable
  public var id: ID {
    switch self {
    case .element(let id, _): id
    }
  }

  /// The element's action.
  @inlinable
  public var action: Action {
    switch self {
    case .element(_, let action): action
    }
  }

  /// `element(id: 3, action: toggle)`.
  public var description: String {
    "element(id: \(id), action: \(action))"
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where ID: Sendable, Action: Sendable {}
/// Encodes as `{"element": {"id": …, "action": …}}`, so a feature with rows can record its
/// actions.
extension IdentifiedAction: Encodable where ID: Encodable, Action: Encodable {}
/// Decodes what ``IdentifiedAction``'s `Encodable` conformance writes.
extension IdentifiedAction: Decodable where ID: Decodable, Action: Decodable {}
