extension Generator where Value == String {
  /// A generator of strings of characters of `alphabet`, with a length in `length`.
  ///
  /// ```swift
  /// Generator.string(of: "ab ", length: 0...4)   // "", "a", "b a", …
  /// ```
  ///
  /// It shrinks towards shorter strings of the alphabet's first character. A small alphabet
  /// finds more collisions (equal titles, duplicates) than a large one.
  ///
  /// - Parameters:
  ///   - alphabet: The characters to use; not empty.
  ///   - length: The range of lengths, in characters; not negative.
  /// - Returns: The generator.
  public static func string(of alphabet: String = "abc", length: ClosedRange<Int> = 0...8) -> Self {
    require(!alphabet.isEmpty, "a string generator needs at least one character")
    return Generator<[Character]>.array(of: .element(of: Array(alphabet)), count: length)
      .map { String($0) }
  }
}
