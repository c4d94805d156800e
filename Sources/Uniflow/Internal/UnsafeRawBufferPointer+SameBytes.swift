extension UnsafeRawBufferPointer {
  /// Whether `other` holds the same bytes, compared a word at a time.
  // SAFETY: every load is at an offset below `count`, checked before it, and unaligned loads
  // need no alignment.
  @inlinable
  func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
    guard count == other.count else { return false }
    let wordSize = MemoryLayout<UInt>.size
    var offset = 0
    while offset + wordSize <= count {
      guard
        loadUnaligned(fromByteOffset: offset, as: UInt.self)
          == other.loadUnaligned(fromByteOffset: offset, as: UInt.self)
      else { return false }
      offset += wordSize
    }
    while offset < count {
      guard self[offset] == other[offset] else { return false }
      offset += 1
    }
    return true
  }
}
