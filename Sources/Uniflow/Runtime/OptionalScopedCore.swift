/// The kind of scoped core of a store scoped to an optional part of its parent's state while it
/// is present: a presented child, `scope(state: \.detail, action: …)` with a key path to an
/// optional part.
///
/// Once the child is dismissed the store (and every store scoped from it) answers with the
/// last state it read, and its sends do nothing; if a child is presented there again, the
/// store follows it. See ``VanishingScopedCore``.
@usableFromInline
typealias OptionalScopedCore<ParentState, ParentAction, State, Action> =
  VanishingScopedCore<OptionalPart<ParentState, State>, ParentAction, Action>

/// An optional part of a parent's state, found at its key path.
@usableFromInline
struct OptionalPart<ParentState, State>: VanishingPart {
  @usableFromInline let toState: KeyPath<ParentState, State?>

  @inlinable
  init(_ toState: KeyPath<ParentState, State?>) {
    self.toState = toState
  }

  @inlinable
  func locate(in parent: ParentState) -> State? { parent[keyPath: toState] }

  @inlinable
  var key: AnyHashable { toState }
}
