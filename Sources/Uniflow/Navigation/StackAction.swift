/// An action of a navigation stack: push a screen, pop screens, or an action of one screen,
/// addressed by its identifier.
///
/// A parent feature carries it in one case, next to an ``ActionCase`` for it:
///
/// ```swift
/// enum Action {
///   case path(StackAction<Path.State, Path.Action>)
///   case showDetail(Todo.ID)
///
///   static let pathCase = ActionCase(Action.path)
/// }
/// store.send(.path(.push(.detail(Detail.State(id: 7)))))
/// store.send(.path(.element(id: 0, action: .detail(.noteChanged("Buy oat milk")))))
/// store.send(.path(.popFrom(id: 0)))
/// ```
///
/// See ``Reducer/forEach(_:action:destination:)`` for the order in which the parent and the
/// element run for each case.
public enum StackAction<Element, ElementAction> {
  /// `action` for the element identified by `id`.
  case element(id: StackElementID, action: ElementAction)
  /// Pushes an element on top of the stack, with a new identifier.
  case push(Element)
  /// Pops the element identified by `id` and every element above it.
  case popFrom(id: StackElementID)
}

extension StackAction: Equatable where Element: Equatable, ElementAction: Equatable {}
extension StackAction: Hashable where Element: Hashable, ElementAction: Hashable {}
extension StackAction: Sendable where Element: Sendable, ElementAction: Sendable {}
/// Encodes as `{"element": {"id": 0, "action": …}}`, `{"push": {"_0": …}}` or
/// `{"popFrom": {"id": 0}}`, so a feature with a stack can record its actions.
extension StackAction: Encodable where Element: Encodable, ElementAction: Encodable {}
/// Decodes what ``StackAction``'s `Encodable` conformance writes.
extension StackAction: Decodable where Element: Decodable, ElementAction: Decodable {}
