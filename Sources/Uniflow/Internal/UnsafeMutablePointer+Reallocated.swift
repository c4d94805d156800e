extension UnsafeMutablePointer {
  /// Moves the first `count` elements into new memory for `capacity` elements, frees this
  /// memory, and returns the new one.
  @usableFromInline
  func reallocated(keeping count: Int, capacity: Int) -> UnsafeMutablePointer {
    let memory = UnsafeMutablePointer.allocate(capacity: capacity)
    memory.moveInitialize(from: self, count: count)
    deallocate()
    return memory
  }
}
