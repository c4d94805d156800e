/// One case of an enum state that holds a child feature's state: how to embed a child state into
/// the enum, how to extract it back, and how to change it in place.
///
/// It is the state's side of an ``ActionCase``. Without macros, a case is spelled once, next to
/// the enum, and used wherever the child is scoped: in a reducer with a ``Scope`` over the case,
/// in a view with a store scoped to it:
///
/// ```swift
/// enum State: Equatable {
///   case editor(Editor.State)
///   case history(History.State)
///
///   static let editorCase = StateCase(embed: State.editor) {
///     if case .editor(let state) = $0 { state } else { nil }
///   }
/// }
/// ```
///
/// A case is `Hashable` by its identity: the value made by one declaration equals itself and
/// no other case. Declare it once, as a `static let`, so that every use names the same case.
public struct StateCase<Parent, Child>: Sendable {
  /// Wraps a child state in the parent case.
  public let embed: @Sendable (consuming Child) -> Parent
  /// The child state if the parent is this case, otherwise `nil`.
  public let extract: @Sendable (Parent) -> Child?
  /// What makes this case equal to itself and to no other.
  @usableFromInline let identity: CaseIdentity
  /// The whole parent, for a ``Scope`` on the case: made once here, not each time a body with
  /// the scope is built.
  @usableFromInline let whole: MutableKeyPath<Parent, Parent>

  /// Creates a case from its two directions.
  ///
  /// - Parameters:
  ///   - embed: Wraps a child state in the parent case; usually the case itself,
  ///     `State.editor`.
  ///   - extract: Returns the child state if the parent is this case.
  public init(
    embed: @escaping @Sendable (consuming Child) -> Parent,
    extract: @escaping @Sendable (Parent) -> Child?
  ) {
    self.embed = embed
    self.extract = extract
    self.identity = CaseIdentity()
    self.whole = MutableKeyPath(\Parent.self)
  }

  /// Changes the child state in place if the parent is this case.
  ///
  /// ```swift
  /// State.editorCase.modify(&state) { $0.title = "Milk" }
  /// ```
  ///
  /// The parent is moved out while `body` runs, so the child's storage is not shared with it:
  /// changing an array in the child does not copy the array.
  ///
  /// - Parameters:
  ///   - parent: The enum value.
  ///   - body: Changes the child state.
  /// - Returns: What `body` returns, or `nil` (and `body` is not called) if the parent is
  ///   another case.
  /// - Complexity: One pattern match and one embedding, on top of `body`.
  @inlinable
  public func modify<Result>(
    _ parent: inout Parent, _ body: (inout Child) -> Result
  ) -> Result? {
    guard var child = extract(parent) else { return nil }
    // The parent goes while `body` runs, so that nothing else holds the child's storage.
    _ = consume parent
    let result = body(&child)
    parent = embed(child)
    return result
  }
}

extension StateCase: Hashable {
  /// Whether both are the same declared case.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.identity === rhs.identity
  }

  /// Hashes the case's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(identity))
  }
}

/// The identity of one declared ``StateCase``.
@usableFromInline
final class CaseIdentity: Sendable {
  init() {}
}
