/// The way back of a case given as an embedding function alone: finds, by reflection, the child
/// value that `embed` wrapped in a parent enum value, as case-path libraries did before macros.
///
/// The parent value is taken apart down its chain of enum cases (`.todos(.element(…))`) until a
/// payload of type `Child` appears; that payload is the child if embedding it again gives the
/// same chain of cases down to it, so another case with a payload of the same type is not
/// mistaken for this one. The chain found the first time is kept: after it, a value of another
/// case is told by its first label, and a value of this case needs no embedding.
///
/// - Complexity: One reflection (`Mirror`) per level of the chain for a value of this case,
///   one for a value of another case, once the chain is known; see BENCHMARKS.md for what it
///   costs against a hand-written `if case`.
package final class ReflectedCase<Parent, Child>: Sendable {
  /// Wraps a child in the parent case.
  let embed: @Sendable (consuming Child) -> Parent
  /// The case labels from the parent down to the child, once a child was found.
  let labels = LockIsolated<[String]?>(nil)

  package init(embed: @escaping @Sendable (consuming Child) -> Parent) {
    self.embed = embed
  }

  /// The child in `parent`, if `parent` is this case.
  package func extract(from parent: Parent) -> Child? {
    Self.extract(from: parent, embed: embed, labels: labels)
  }

  /// The child that `embed` wrapped in `parent`, if it did; `labels` keeps the chain of cases
  /// found the first time, for the next calls with the same `embed`.
  package static func extract(
    from parent: Parent, embed: (consuming Child) -> Parent, labels: LockIsolated<[String]?>
  ) -> Child? {
    if let known = labels.withLock({ $0 }) { return extract(from: parent, along: known) }
    var found: [String] = []
    var value: Any = parent
    while let (label, payload) = enumCase(of: value) {
      found.append(label)
      if let child = payload as? Child {
        guard caseLabels(of: embed(child), count: found.count) == found else { return nil }
        labels.withLock { $0 = found }
        return child
      }
      value = payload
    }
    return nil
  }

  /// The child in `parent` if its cases are `labels`, down to a payload of type `Child`: one
  /// reflection per level, and only one for a value of another case.
  private static func extract(from parent: Parent, along labels: [String]) -> Child? {
    var value: Any = parent
    for (level, label) in labels.enumerated() {
      let mirror = Mirror(reflecting: value)
      guard let child = mirror.children.first, child.label == label else { return nil }
      // Through a level above the last, a payload with one label is unwrapped at once.
      value = level < labels.count - 1 ? onlyElement(of: child.value) ?? child.value : child.value
    }
    if let child = value as? Child { return child }
    // A payload with one label (`case todos(rows: …)`) is a tuple of one.
    return onlyElement(of: value) as? Child
  }
}

/// The labels of the first `count` cases down a chain of enum cases.
private func caseLabels(of value: Any, count: Int) -> [String] {
  var labels: [String] = []
  var value = value
  while labels.count < count, let (label, payload) = enumCase(of: value) {
    labels.append(label)
    value = payload
  }
  return labels
}

/// The case label and payload of an enum value with a payload; `nil` for anything else. A
/// payload with one label (`case todos(rows: …)`) is given without its label.
private func enumCase(of value: Any) -> (label: String, payload: Any)? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum, let child = mirror.children.first, let label = child.label
  else { return nil }
  return (label, onlyElement(of: child.value) ?? child.value)
}

/// The element of a tuple of one, `nil` for anything else.
private func onlyElement(of value: Any) -> Any? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .tuple, mirror.children.count == 1 else { return nil }
  return mirror.children.first?.value
}
