/// How much an undo history keeps: a number of steps and, optionally, an estimate of their
/// bytes; past either, the oldest steps are dropped.
///
/// ```swift
/// UndoLimit(steps: 100)                     // the default
/// UndoLimit(steps: 1_000, bytes: 1 << 20)   // and about a mebibyte of recorded values
/// ```
///
/// The bytes are those of the values the steps recorded, undo and redo alike, as each
/// ``UndoPart`` estimates them: `MemoryLayout<Value>.stride` per value or row unless the part
/// was given a `cost` (a string's characters, say, live outside its stride).
public struct UndoLimit: Equatable, Hashable, Sendable {
  /// The most steps kept to undo; 0 keeps none.
  public var steps: Int
  /// The most bytes of recorded values kept, undo and redo together; `nil` for no byte limit.
  public var bytes: Int?

  /// Creates a limit.
  ///
  /// - Parameters:
  ///   - steps: The most steps kept to undo; a negative number counts as 0.
  ///   - bytes: The most bytes of recorded values kept; `nil` for no byte limit, a negative
  ///     number counts as 0.
  public init(steps: Int = 100, bytes: Int? = nil) {
    self.steps = max(0, steps)
    self.bytes = bytes.map { max(0, $0) }
  }
}
