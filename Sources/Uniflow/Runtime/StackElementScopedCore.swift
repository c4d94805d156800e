/// The core of a store scoped to one element of a navigation stack, by its identifier:
/// `scope(id: id, in: \.path, action: …)`.
///
/// It keeps the last element it read, so that once the element is popped the store (and every
/// store scoped from it) answers with that element, and its sends do nothing. Identifiers are
/// never reused, so it can never follow another element.
@usableFromInline
final class StackElementScopedCore<ParentState, ParentAction, Element, Action>:
  VanishingScopedCore<ParentState, ParentAction, Element, Action>
{
  @usableFromInline let toStack: KeyPath<ParentState, StackState<Element>>
  @usableFromInline let id: StackElementID

  @inlinable
  init(
    parent: StoreCore<ParentState, ParentAction>,
    stack: KeyPath<ParentState, StackState<Element>>, id: StackElementID,
    initialState: Element, embed: @escaping (consuming Action) -> ParentAction
  ) {
    self.toStack = stack
    self.id = id
    super.init(
      parent: parent, initialState: initialState, embed: embed,
      find: { parent.current(tracked: false)?[keyPath: stack][id: id] })
  }

  @usableFromInline
  override func observe<Value>(
    _ selection: Selection<Element, Value>, key: ObservationKey?, initial: Value,
    isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let toStack = self.toStack
    let id = self.id
    return parent.observe(
      selection.lifted(through: { $0.pointee[keyPath: toStack][id: id] }),
      key: key?.lifted(through: StackElementKey(stack: toStack, id: id)), initial: initial,
      isDuplicate: isDuplicate, onChange: onChange)
  }
}

/// The key of a stack element in an observation key: its stack and its identifier.
@usableFromInline
struct StackElementKey<Root, Element>: Hashable {
  @usableFromInline let stack: KeyPath<Root, StackState<Element>>
  @usableFromInline let id: StackElementID

  @inlinable
  init(stack: KeyPath<Root, StackState<Element>>, id: StackElementID) {
    self.stack = stack
    self.id = id
  }
}
