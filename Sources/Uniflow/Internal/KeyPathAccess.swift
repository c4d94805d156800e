/// Reading and mutating through key paths without the key path runtime when a key path is a
/// chain of stored properties laid out inline (the usual `\.count`, `\.child.items`): then the
/// value sits at a fixed offset, found once, and is read or mutated there in place. Other key
/// paths (computed properties, class references, optional chaining) go through the runtime,
/// which costs several times more.

/// A function reading the value at `keyPath`.
@inlinable
func selector<Root, Value>(for keyPath: KeyPath<Root, Value>) -> (Root) -> Value {
  guard let offset = MemoryLayout<Root>.offset(of: keyPath) else { return { $0[keyPath: keyPath] } }
  return { root in
    withUnsafeBytes(of: root) { $0.load(fromByteOffset: offset, as: Value.self) }
  }
}

/// A writable key path with its offset, for mutating in place.
@usableFromInline
struct MutableKeyPath<Root, Value> {
  @usableFromInline let keyPath: WritableKeyPath<Root, Value>
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: WritableKeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  /// Calls `body` with the value in `root`, mutable in place.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) throws -> Result) rethrows -> Result {
    guard let offset else { return try body(&root[keyPath: keyPath]) }
    return try withUnsafeMutableBytes(of: &root) { bytes in
      try body(&(bytes.baseAddress.unsafelyUnwrapped + offset).assumingMemoryBound(to: Value.self).pointee)
    }
  }

  /// An object identifying the key path, for cancellation identifiers.
  @inlinable
  var identity: ObjectIdentifier { ObjectIdentifier(keyPath) }
}
