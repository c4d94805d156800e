/// A recipe for random values of a property check, built from small pieces.
///
/// ```swift
/// let title = Generator.string(of: "ab ", length: 0...3)
/// let action = Generator.one(of: [
///   title.map { Action.add(title: $0) },
///   Generator.element(of: state.todos.ids).map { Action.delete(id: $0) },
///   .constant(.undo),
/// ])
/// ```
///
/// A generator makes its value from a list of choices (numbers below a bound), which a check
/// records. To shrink a failure, the check replays the choices made smaller: every generator
/// shrinks, including those that depend on the current state, without a shrinking function of
/// its own. Smaller choices give simpler values: the first case of ``one(of:)``,
/// the lower end of a range (zero, if the range has it), the first element of a collection,
/// shorter strings.
///
/// A generator may *reject* (``filter(_:)``, ``element(of:)`` of an empty collection): the check
/// then tries other choices for the same step.
public struct Generator<Value> {
  let generate: (inout ChoiceSource) -> Value?

  init(_ generate: @escaping (inout ChoiceSource) -> Value?) {
    self.generate = generate
  }

  /// A generator that always gives `value`.
  ///
  /// - Parameter value: The value.
  /// - Returns: The generator.
  public static func constant(_ value: Value) -> Self {
    Self { _ in value }
  }

  /// A generator of the values of this one, transformed.
  ///
  /// ```swift
  /// Generator.int(in: 1...3).map { Action.moveSelection(by: $0) }
  /// ```
  ///
  /// - Parameter transform: Turns a value of this generator into the new value.
  /// - Returns: The generator.
  public func map<NewValue>(_ transform: @escaping (Value) -> NewValue) -> Generator<NewValue> {
    Generator<NewValue> { source in generate(&source).map(transform) }
  }

  /// A generator that uses a value of this one to pick the next generator.
  ///
  /// ```swift
  /// Generator.int(in: 1...3).flatMap { count in .array(of: title, count: count...count) }
  /// ```
  ///
  /// - Parameter transform: Gives the generator of the final value.
  /// - Returns: The generator.
  public func flatMap<NewValue>(
    _ transform: @escaping (Value) -> Generator<NewValue>
  ) -> Generator<NewValue> {
    Generator<NewValue> { source in
      guard let value = generate(&source) else { return nil }
      return transform(value).generate(&source)
    }
  }

  /// A generator of the values of this one that satisfy `isIncluded`; it rejects the others.
  ///
  /// The check tries again with other choices after a rejection, a bounded number of times;
  /// a filter that rejects most values wastes that budget, so prefer generating valid values
  /// directly.
  ///
  /// - Parameter isIncluded: Whether a value may be used.
  /// - Returns: The generator.
  public func filter(_ isIncluded: @escaping (Value) -> Bool) -> Self {
    Self { source in generate(&source).flatMap { isIncluded($0) ? $0 : nil } }
  }

  /// Makes a value from the seed alone, for looking at what a generator gives.
  ///
  /// ```swift
  /// Generator.int(in: 0...9).sample(seed: 1)  // the same number on every run
  /// ```
  ///
  /// - Parameter seed: The seed of the random choices.
  /// - Returns: The value, or `nil` if the generator rejected its choices.
  public func sample(seed: UInt64) -> Value? {
    var source = ChoiceSource(generator: SplitMix64(seed: seed))
    return generate(&source)
  }
}

@available(*, unavailable)
extension Generator: Sendable {}
