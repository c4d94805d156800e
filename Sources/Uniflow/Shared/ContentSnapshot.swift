/// A value whose `==` cannot see a change of what it holds: a ``Shared`` value, which is equal
/// to itself whatever it holds. ``Reducer/onChange(of:_:)`` keeps a snapshot of it before an
/// action, to compare with the value after it.
protocol ContentSnapshot {
  /// A value of its own that keeps what this one holds now, whatever changes this one later.
  func snapshot() -> Self
}

/// `value`, or a snapshot of what it holds if it is a ``ContentSnapshot``.
@usableFromInline
func contentSnapshot<Value>(of value: Value) -> Value {
  guard let value = value as? any ContentSnapshot else { return value }
  return snapshot(of: value) as! Value
}

/// The snapshot of `value`, with its type opened.
private func snapshot<Value: ContentSnapshot>(of value: Value) -> any ContentSnapshot {
  value.snapshot()
}

/// Whether values of `type` are ``ContentSnapshot``s.
@usableFromInline
func isContentSnapshot<Value>(_ type: Value.Type) -> Bool {
  type is any ContentSnapshot.Type
}
