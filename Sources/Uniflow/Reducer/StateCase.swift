/// One case of an enum state that holds a child feature's state: how to embed a child state into
/// the enum, how to extract it back, and how to change it in place.
///
/// It is the state's side of an ``ActionCase``. A case is declared in one line, from the case
/// itself, next to the enum, and used wherever the child is scoped: in a reducer with a
/// ``Scope`` over the case, in a view with a store scoped to it:
///
/// ```swift
/// enum State: Equatable {
///   case editor(Editor.State)
///   case history(History.State)
///
///   static let editorCase = StateCase(State.editor)
///   static let historyCase = StateCase(State.history)
/// }
/// ```
///
/// The one-line form finds the child state by reflection; on a hot path write the extraction
/// by hand, `StateCase(embed: State.editor) { if case .editor(let state) = $0 { state } else
/// { nil } }` (see ``ActionCase`` for when).
///
/// A case is `Hashable` by where it is declared: the file, line and column of its initializer
/// call, given by default arguments. Every value made by one declaration is the same case —
/// declared as a `static let`, a `static var` or a computed property — and no other
/// declaration makes it. A function that makes cases passes its caller's location on.
public struct StateCase<Parent, Child>: Sendable {
  /// Wraps a child state in the parent case.
  public let embed: @Sendable (consuming Child) -> Parent
  /// The child state if the parent is this case, otherwise `nil`.
  public let extract: @Sendable (Parent) -> Child?
  /// What makes this case equal to itself and to no other: where it is declared.
  @usableFromInline let identity: CaseIdentity
  /// The whole parent, for a ``Scope`` on the case: made once here, not each time a body with
  /// the scope is built.
  @usableFromInline let whole: MutableKeyPath<Parent, Parent>

  /// Creates a case from the case itself, extracting the child state by reflection.
  ///
  /// ```swift
  /// static let editorCase = StateCase(State.editor)
  /// ```
  ///
  /// - Parameters:
  ///   - embed: The case, `State.editor`: it wraps a child state in the enum.
  ///   - fileID: The file of the declaration; leave the default.
  ///   - line: The line of the declaration; leave the default.
  ///   - column: The column of the declaration; leave the default.
  /// - Complexity: Extracting reflects the enum value, a few microseconds; see ``ActionCase``
  ///   for when to write the extraction by hand instead.
  public init(
    _ embed: @escaping @Sendable (consuming Child) -> Parent,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) {
    let reflected = ReflectedCase(embed: embed)
    self.init(
      embed: embed, extract: { reflected.extract(from: $0) }, fileID: fileID, line: line,
      column: column)
  }

  /// Creates a case from its two directions: the fast path, with the extraction written by hand.
  ///
  /// - Parameters:
  ///   - embed: Wraps a child state in the parent case; usually the case itself,
  ///     `State.editor`.
  ///   - extract: Returns the child state if the parent is this case.
  ///   - fileID: The file of the declaration; leave the default.
  ///   - line: The line of the declaration; leave the default.
  ///   - column: The column of the declaration; leave the default.
  public init(
    embed: @escaping @Sendable (consuming Child) -> Parent,
    extract: @escaping @Sendable (Parent) -> Child?,
    fileID: StaticString = #fileID, line: UInt = #line, column: UInt = #column
  ) {
    self.embed = embed
    self.extract = extract
    self.identity = CaseIdentity(fileID: "\(fileID)", line: line, column: column)
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
    lhs.identity == rhs.identity
  }

  /// Hashes the case's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(identity)
  }
}

/// The identity of one declared ``StateCase``: where it is declared.
@usableFromInline
struct CaseIdentity: Hashable, Sendable {
  let fileID: String
  let line: UInt
  let column: UInt
}
