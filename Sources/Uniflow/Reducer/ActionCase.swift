/// One case of a parent action enum that carries a child feature's actions: how to embed a
/// child action into the parent action, and how to extract it back.
///
/// A case is declared in one line, from the case itself, next to the enum, and used wherever
/// the child is scoped:
///
/// ```swift
/// enum AppAction {
///   case counter(Counter.Action)
///   case settings(Settings.Action)
///
///   static let counterCase = ActionCase(AppAction.counter)
/// }
///
/// Scope(state: \.counter, action: AppAction.counterCase) { Counter() }
/// ```
///
/// **Which form.** The one-line form finds the child action by reflection (`Mirror`), as
/// case-path libraries did before macros: it costs a few microseconds per action that reaches
/// it, where a hand-written extraction costs a pattern match (BENCHMARKS.md, `action-case`).
/// Use the one-line form by default; on a hot path — a case that carries many actions per
/// second (every keystroke of an editor, every row of a long list, a timer's ticks), or that
/// sits under many levels of scoping — write the extraction by hand:
///
/// ```swift
/// static let counterCase = ActionCase(embed: AppAction.counter) {
///   if case .counter(let action) = $0 { action } else { nil }
/// }
/// ```
///
/// Extracting by hand costs one pattern match per action, with no reflection.
public struct ActionCase<Parent, Child>: Sendable {
  /// Wraps a child action in the parent case.
  public let embed: @Sendable (consuming Child) -> Parent
  /// The child action if the parent action is this case, otherwise `nil`.
  public let extract: @Sendable (Parent) -> Child?

  /// Creates a case from the case itself, extracting the child action by reflection.
  ///
  /// ```swift
  /// static let counterCase = ActionCase(AppAction.counter)
  /// ```
  ///
  /// - Parameter embed: The case, `AppAction.counter`: it wraps a child action in the parent
  ///   action. A function that embeds through several cases
  ///   (`{ .destination(.presented($0)) }`) works too.
  /// - Complexity: Extracting reflects the parent action, one `Mirror` per level of the case
  ///   for an action of this case and one for an action of another; see the type's discussion
  ///   for when to write the extraction by hand instead.
  public init(_ embed: @escaping @Sendable (consuming Child) -> Parent) {
    let reflected = ReflectedCase(embed: embed)
    self.init(embed: embed, extract: { reflected.extract(from: $0) })
  }

  /// Creates a case from its two directions: the fast path, with the extraction written by hand.
  ///
  /// - Parameters:
  ///   - embed: Wraps a child action in the parent case; usually the case itself,
  ///     `AppAction.counter`.
  ///   - extract: Returns the child action if the parent action is this case.
  @inlinable
  public init(
    embed: @escaping @Sendable (consuming Child) -> Parent,
    extract: @escaping @Sendable (Parent) -> Child?
  ) {
    self.embed = embed
    self.extract = extract
  }
}
