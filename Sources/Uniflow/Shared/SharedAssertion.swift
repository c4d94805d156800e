/// The expected values of shared values while a test store runs a test's assertion: a change
/// made in the assertion goes here, not to the live value.
///
/// A shared value the action changed starts from its value before the action; any other
/// starts from its current value.
@MainActor
package final class SharedAssertion {
  private let changes: [ObjectIdentifier: SharedChange]
  /// The expected values made so far, in the order the assertion first touched them.
  package private(set) var expectations: [(box: any SharedPublishing, slot: any SharedExpectationSlot)] = []
  private var slotIndex: [ObjectIdentifier: Int] = [:]

  /// Creates the expectations of an action that made `changes`.
  package init(changes: [SharedChange]) {
    self.changes = Dictionary(
      changes.map { (ObjectIdentifier($0.box), $0) }, uniquingKeysWith: { first, _ in first })
  }

  package func expectation<Value: Sendable>(
    for box: any SharedPublishing, as _: Value.Type
  ) -> SharedExpectation<Value> {
    let id = ObjectIdentifier(box)
    if let index = slotIndex[id] {
      // Made by this box for its own `Value`.
      return expectations[index].slot as! SharedExpectation<Value>
    }
    let start = changes[id]?.before ?? box.currentValue
    let slot = SharedExpectation(start as! Value)
    slotIndex[id] = expectations.count
    expectations.append((box, slot))
    return slot
  }

  /// The expected value of `box`, if the assertion touched it.
  package func expectedValue(of box: any SharedPublishing) -> (any Sendable)? {
    slotIndex[ObjectIdentifier(box)].map { expectations[$0].slot.currentValue }
  }
}

/// An expected value, whatever its type.
package protocol SharedExpectationSlot: AnyObject, Sendable {
  /// The value expected now.
  var currentValue: any Sendable { get }
}

/// One expected value of a test store's assertion.
package final class SharedExpectation<Value: Sendable>: SharedExpectationSlot, Sendable {
  package let value: LockIsolated<Value>

  init(_ value: Value) {
    self.value = LockIsolated(value)
  }

  package var currentValue: any Sendable {
    value.withLock { $0 }
  }

  /// Changes the expected value with `body`, as ``Shared/withLock(_:)`` changes a live one.
  func change<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    var expected = value.withLock { $0 }
    let result = try body(&expected)
    value.withLock { [expected] in $0 = expected }
    return result
  }
}
