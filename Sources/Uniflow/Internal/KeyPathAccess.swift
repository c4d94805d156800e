/// A writable key path with its offset, for mutating in place.
///
/// When a key path is a chain of stored properties laid out inline (the usual `\.count`,
/// `\.child.items`), the value sits at a fixed offset, found once, and is mutated there in
/// place. Other key paths (computed properties, class references, optional chaining) go
/// through the key path runtime, which costs several times more.
@usableFromInline
struct MutableKeyPath<Root, Value>: Sendable {
  @usableFromInline let keyPath: any WritableKeyPath<Root, Value> & Sendable
  @usableFromInline let offset: Int?

  @inlinable
  init(_ keyPath: any WritableKeyPath<Root, Value> & Sendable) {
    self.keyPath = keyPath
    // A type of size zero has no storage to point into.
    self.offset = MemoryLayout<Root>.size > 0 ? MemoryLayout<Root>.offset(of: keyPath) : nil
  }

  /// The namespace of a child feature's effects at this key path.
  @inlinable
  func namespace(instance: EffectID? = nil) -> EffectNamespace {
    EffectNamespace(path: keyPath, instance: instance)
  }
}
