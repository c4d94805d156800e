import Synchronization

/// Whether a root store is still alive, for the closures that outlive it (an effect's `send`,
/// a middleware's `send`).
///
/// Those closures hold the store `unowned` and check this flag first. A `weak` reference
/// would do the same job, but an object with a weak reference pays the slow path on every
/// retain and release for the rest of its life, which made every send ~30% slower once any
/// effect had run.
// SAFETY: an `unowned` load is safe only while the object is alive: the holders read this flag
// first, and the store ends it at the start of its deinit.
final class Liveness: Sendable {
  private let alive = Atomic(true)

  /// Whether the store has not started to deinitialise.
  var isAlive: Bool { alive.load(ordering: .acquiring) }

  /// Records that the store is deinitialising.
  func end() {
    alive.store(false, ordering: .releasing)
  }
}
