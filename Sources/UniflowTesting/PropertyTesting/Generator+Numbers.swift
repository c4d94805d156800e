extension Generator where Value == Int {
  /// A generator of integers in a range.
  ///
  /// ```swift
  /// Generator.int(in: -3...3).map { Action.moveSelection(by: $0) }
  /// ```
  ///
  /// It shrinks towards zero if the range contains it, and towards the bound nearer to zero
  /// otherwise.
  ///
  /// - Parameter range: The range of the values.
  /// - Returns: The generator.
  public static func int(in range: ClosedRange<Int>) -> Self {
    let lower = range.lowerBound
    let upper = range.upperBound
    // The number of values; zero stands for 2⁶⁴, the whole of Int.
    let count = UInt64(bitPattern: Int64(upper &- lower)) &+ 1
    return Self { source in
      let choice = source.choose(below: count)
      if lower >= 0 { return lower &+ Int(truncatingIfNeeded: choice) }
      if upper <= 0 { return upper &- Int(truncatingIfNeeded: choice) }
      return zigzag(choice, positive: UInt64(upper), negative: UInt64(lower.magnitude))
    }
  }
}

/// The `choice`-th value of a range around zero, in order of distance from zero: 0, 1, -1, 2,
/// -2, …, then the rest of the longer side.
///
/// - Parameters:
///   - choice: The position.
///   - positive: The largest value.
///   - negative: The magnitude of the smallest value.
private func zigzag(_ choice: UInt64, positive: UInt64, negative: UInt64) -> Int {
  guard choice != 0 else { return 0 }
  let shorter = min(positive, negative)
  if choice <= 2 * shorter {
    let distance = (choice &+ 1) / 2
    return choice % 2 == 1 ? Int(distance) : -Int(distance)
  }
  let distance = choice - shorter
  return positive > negative ? Int(distance) : Int(truncatingIfNeeded: 0 &- distance)
}
