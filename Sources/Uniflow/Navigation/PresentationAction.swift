/// An action of a presented child feature, or the request to dismiss it.
///
/// A parent that presents a child with ``Reducer/ifLet(_:action:then:)-9navc`` carries it in
/// one case; the child then can dismiss itself with ``Effect/dismiss`` or ``Send/dismiss()``,
/// without knowing its parent:
///
/// ```swift
/// enum Action {
///   case editor(PresentationAction<Editor.Action>)
///
///   static let editorCase = ActionCase(Action.editor)
/// }
/// store.send(.editor(.presented(.titleChanged("Milk"))))
/// store.send(.editor(.dismiss))  // the parent sees it, then the editor is set to nil
/// ```
public enum PresentationAction<Action> {
  /// An action of the presented child.
  case presented(Action)
  /// Dismisses the child: the parent runs first and sees the child still presented, then the
  /// child's state is set to `nil` and its effects are cancelled.
  case dismiss
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
/// Encodes as `{"presented": {"_0": …}}` or `{"dismiss": {}}`.
extension PresentationAction: Encodable where Action: Encodable {}
/// Decodes what ``PresentationAction``'s `Encodable` conformance writes.
extension PresentationAction: Decodable where Action: Decodable {}
