/// A shared value that one action changed: the box, and its value before the action.
package struct SharedChange: @unchecked Sendable {
  // @unchecked: `box` is Sendable and `before` is the box's Sendable `Value`; only the
  // existential hides it.
  /// The shared value.
  package let box: any SharedPublishing
  /// Its value before the action.
  package let before: any Sendable
  /// Its value after the action.
  package var after: any Sendable
}

/// The shared values one action changed, each with its value before the first change.
@MainActor
package final class SharedChangeLog {
  package private(set) var changes: [SharedChange] = []
  private var recorded: Set<ObjectIdentifier> = []

  package init() {}

  package func record(_ box: any SharedPublishing, before: any Sendable) {
    guard recorded.insert(ObjectIdentifier(box)).inserted else { return }
    changes.append(SharedChange(box: box, before: before, after: before))
  }
}
