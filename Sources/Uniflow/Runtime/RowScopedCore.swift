/// The core of a store scoped to one element of a collection in its parent's state, by its
/// identifier: a row, `scope(id: todo.id, in: \.todos, action: …)`.
///
/// It keeps the last element it read, so that once the element is removed the store (and
/// every store scoped from it) answers with that element, and its sends do nothing.
@usableFromInline
final class RowScopedCore<ParentState, ParentAction, Element: Identifiable, Action>:
  VanishingScopedCore<ParentState, ParentAction, Element, Action>
{
  @usableFromInline let toElements: KeyPath<ParentState, IdentifiedArray<Element>>
  @usableFromInline let id: Element.ID

  @inlinable
  init(
    parent: StoreCore<ParentState, ParentAction>,
    elements: KeyPath<ParentState, IdentifiedArray<Element>>, id: Element.ID,
    initialState: Element, embed: @escaping (consuming Action) -> ParentAction
  ) {
    self.toElements = elements
    self.id = id
    super.init(
      parent: parent, initialState: initialState, embed: embed,
      find: { parent.current(tracked: false)?[keyPath: elements][id: id] })
  }

  @usableFromInline
  override func observe<Value>(
    _ selection: Selection<Element, Value>, key: ObservationKey?, initial: Value,
    isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let toElements = self.toElements
    let id = self.id
    return parent.observe(
      selection.lifted(through: { $0.pointee[keyPath: toElements][id: id] }),
      key: key?.lifted(through: RowKey(elements: toElements, id: id)), initial: initial,
      isDuplicate: isDuplicate, onChange: onChange)
  }
}

/// The key of a row in an observation key: its collection and its identifier.
@usableFromInline
struct RowKey<Root, Element: Identifiable>: Hashable {
  @usableFromInline let elements: KeyPath<Root, IdentifiedArray<Element>>
  @usableFromInline let id: Element.ID

  @inlinable
  init(elements: KeyPath<Root, IdentifiedArray<Element>>, id: Element.ID) {
    self.elements = elements
    self.id = id
  }
}
