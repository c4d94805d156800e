/// One case of a parent action enum that carries a child feature's actions: how to embed a
/// child action into the parent action, and how to extract it back.
///
/// Without macros, a case is spelled once, next to the enum, and used wherever the child is
/// scoped:
///
/// ```swift
/// enum AppAction {
///   case counter(Counter.Action)
///   case settings(Settings.Action)
///
///   static let counterCase = ActionCase(embed: AppAction.counter) {
///     if case .counter(let action) = $0 { action } else { nil }
///   }
/// }
///
/// Scope(state: \.counter, action: AppAction.counterCase) { Counter() }
/// ```
///
/// Both directions are plain closures: extracting costs one pattern match per action, with no
/// reflection.
public struct ActionCase<Parent, Child>: Sendable {
  /// Wraps a child action in the parent case.
  public let embed: @Sendable (consuming Child) -> Parent
  /// The child action if the parent action is this case, otherwise `nil`.
  public let extract: @Sendable (Parent) -> Child?

  /// Creates a case from its two directions.
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
