import Synchronization

/// Counts from any task: the effects that started or saw their cancellation, in the suites
/// that put effects to sleep and cancel them. Atomic, so that counting inside a timed effect
/// costs little.
final class Tally: Sendable {
  private let storage = Atomic(0)

  /// The count so far.
  var value: Int { storage.load(ordering: .relaxed) }

  /// Adds one.
  func increment() {
    storage.add(1, ordering: .relaxed)
  }
}
