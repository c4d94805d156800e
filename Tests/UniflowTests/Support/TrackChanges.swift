import Observation

/// Tracks `read` once, as a view body would, and counts the changes it is told of.
@MainActor
func track(_ read: @escaping @MainActor () -> Void) -> SharedCounter {
  let fired = SharedCounter()
  withObservationTracking {
    read()
  } onChange: {
    fired.increment()
  }
  return fired
}
