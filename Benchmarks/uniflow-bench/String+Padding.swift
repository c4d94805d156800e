extension String {
  /// The string followed by spaces up to `width` characters: left-aligned in a column.
  func padded(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }

  /// The string preceded by spaces up to `width` characters: right-aligned in a column.
  func rightAligned(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
