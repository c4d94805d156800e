/// The kind of scoped core of a store scoped to one element of a collection in its parent's
/// state, by its identifier: a row, `scope(id: todo.id, in: \.todos, action: …)` or
/// `scope(forEach: \.todos, action: …)`, or a screen of a navigation stack,
/// `scope(id: id, in: \.path, action: …)`.
///
/// Once the element is removed (or popped) the store (and every store scoped from it) answers
/// with the last element it read, and its sends do nothing. See ``VanishingScopedCore``.
@usableFromInline
typealias ElementScopedCore<ParentState, ParentAction, Elements: IdentifiedElements, Action> =
  VanishingScopedCore<ElementPart<ParentState, Elements>, ParentAction, Action>

/// An element of a collection in a parent's state, found by its identifier.
@usableFromInline
struct ElementPart<ParentState, Elements: IdentifiedElements>: VanishingPart {
  @usableFromInline let toElements: KeyPath<ParentState, Elements>
  @usableFromInline let id: Elements.ElementID

  @inlinable
  init(id: Elements.ElementID, in toElements: KeyPath<ParentState, Elements>) {
    self.toElements = toElements
    self.id = id
  }

  @inlinable
  func locate(in parent: ParentState) -> Elements.Element? { parent[keyPath: toElements][id: id] }

  @inlinable
  var key: AnyHashable { ElementKey(elements: toElements, id: id) }
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
