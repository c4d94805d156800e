/// The core of a store scoped to one element of a collection in its parent's state, by its
/// identifier: a row, `scope(id: todo.id, in: \.todos, action: …)`, or a screen of a
/// navigation stack, `scope(id: id, in: \.path, action: …)`.
///
/// It keeps the last element it read, so that once the element is removed the store (and
/// every store scoped from it) answers with that element, and its sends do nothing.
@usableFromInline
final class ElementScopedCore<ParentState, ParentAction, Elements: IdentifiedElements, Action>:
  VanishingScopedCore<ParentState, ParentAction, Elements.Element, Action>
{
  @usableFromInline let toElements: KeyPath<ParentState, Elements>
  @usableFromInline let id: Elements.ElementID

  @inlinable
  init(
    parent: StoreCore<ParentState, ParentAction>,
    elements: KeyPath<ParentState, Elements>, id: Elements.ElementID,
    initialState: Elements.Element, embed: @escaping (consuming Action) -> ParentAction,
    extract: ((ParentAction) -> Action?)?
  ) {
    self.toElements = elements
    self.id = id
    super.init(
      parent: parent, initialState: initialState, embed: embed,
      find: { parent.current(tracked: false)?[keyPath: elements][id: id] },
      extract: extract, locate: { $0[keyPath: elements][id: id] })
  }

  @usableFromInline
  override func observe<Value>(
    _ selection: Selection<Elements.Element, Value>, key: ObservationKey?, initial: Value,
    isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let toElements = self.toElements
    let id = self.id
    return parent.observe(
      selection.lifted(through: { $0.pointee[keyPath: toElements][id: id] }),
      key: key?.lifted(through: ElementKey(elements: toElements, id: id)), initial: initial,
      isDuplicate: isDuplicate, onChange: onChange)
  }
}

/// A collection whose elements are found by identifier: an ``IdentifiedArray`` (rows) or a
/// ``StackState`` (screens); what ``ElementScopedCore`` needs of it.
@usableFromInline
protocol IdentifiedElements {
  associatedtype ElementID: Hashable
  associatedtype Element
  /// The element with the given identifier, or `nil` if it is not there.
  subscript(id id: ElementID) -> Element? { get }
}

extension IdentifiedArray: IdentifiedElements {}
extension StackState: IdentifiedElements {}

/// The key of an element in an observation key: its collection and its identifier.
@usableFromInline
struct ElementKey<Root, Elements: IdentifiedElements>: Hashable {
  @usableFromInline let elements: KeyPath<Root, Elements>
  @usableFromInline let id: Elements.ElementID

  @inlinable
  init(elements: KeyPath<Root, Elements>, id: Elements.ElementID) {
    self.elements = elements
    self.id = id
  }
}
