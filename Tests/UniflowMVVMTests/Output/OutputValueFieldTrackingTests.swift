import Observation
import Testing
import UniflowMVVM

/// A view that reads one part of an output value is told when that part changes, as a view
/// that reads one field of a store is.
@MainActor
@Suite struct OutputValueFieldTrackingTests {
  /// Tracks `read` once, as a view body would, and counts the changes it is told of.
  private func track(_ read: @escaping @MainActor () -> Void) -> LockIsolated<Int> {
    let fired = LockIsolated(0)
    withObservationTracking {
      read()
    } onChange: {
      fired.withLock { $0 += 1 }
    }
    return fired
  }

  @Test func aPartOfAnOutputIsToldOfItsOwnChangesOnly() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let profile = OutputValue.selecting(\.self, in: store)
    let nameFired = track { _ = profile.name }
    let ageFired = track { _ = profile[\.age] }
    let wholeFired = track { _ = profile.value }

    store.send(.birthday)
    #expect(nameFired.withLock { $0 } == 0)
    #expect(ageFired.withLock { $0 } == 1)
    #expect(wholeFired.withLock { $0 } == 1)
    store.send(.rename("Grace"))
    #expect(nameFired.withLock { $0 } == 1)
    #expect(profile.name == "Grace")
  }

  @Test func aPartOfAnOutputIsTrackedOnceAndReArmedByTheNextRead() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let profile = OutputValue.selecting(\.self, in: store)
    let first = track { _ = profile.visits }
    store.send(.visit)
    store.send(.visit)
    #expect(first.withLock { $0 } == 1)
    let second = track { _ = profile.visits }
    store.send(.visit)
    #expect(second.withLock { $0 } == 1)
    #expect(first.withLock { $0 } == 1)
  }
}
