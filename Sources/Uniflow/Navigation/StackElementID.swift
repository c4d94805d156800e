/// The identity of one element of a ``StackState``: a generation number that is never reused
/// in the stack's lifetime, so that work addressed to a popped screen never reaches a later one.
///
/// Identifiers are drawn in order as elements are pushed: `#0`, `#1`, `#2`… They survive
/// `Codable` round trips, and a restored stack continues after its largest identifier. An
/// integer literal makes one, which keeps tests short:
///
/// ```swift
/// await store.send(.path(.element(id: 0, action: .titleChanged("Milk")))) {
///   $0.path[id: 0] = .detail(Detail.State(title: "Milk"))
/// }
/// ```
public struct StackElementID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
  ExpressibleByIntegerLiteral
{
  /// The generation: the number of elements pushed on the stack before this one.
  public let generation: Int

  /// Creates an identifier for a generation.
  ///
  /// - Parameter generation: The generation, `0` or more.
  public init(generation: Int) {
    self.generation = generation
  }

  /// Creates an identifier from an integer literal: `0` is `#0`.
  public init(integerLiteral generation: Int) {
    self.init(generation: generation)
  }

  /// Identifiers are ordered by generation: an element pushed later has a larger one.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.generation < rhs.generation
  }

  /// `#3`.
  public var description: String {
    "#\(generation)"
  }

  /// Encodes the generation as a number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(generation)
  }

  /// Decodes a generation written by ``encode(to:)``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let generation = try container.decode(Int.self)
    guard generation >= 0 else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "a stack element id is 0 or more, not \(generation)")
    }
    self.init(generation: generation)
  }
}
