import Observation
import Testing
import Uniflow

/// A view that reads a field of a shared value through a store is told when another store
/// changes it.
@MainActor
@Suite struct SharedFieldTrackingTests {
  @Test func aFieldOfASharedValueReadThroughAStoreIsToldOfAChangeFromAnotherStore() throws {
    let settings = try SharedValues().shared("settings", default: Settings())
    let list = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    let editor = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    let fired = SharedCounter()
    withObservationTracking {
      _ = list[\.settings.value.theme]
    } onChange: {
      fired.increment()
    }
    let countFired = SharedCounter()
    withObservationTracking {
      _ = list.count
    } onChange: {
      countFired.increment()
    }

    editor.send(.themePicked(.dark))
    #expect(fired.value == 1)
    #expect(countFired.value == 0)
    #expect(list[\.settings.value.theme] == .dark)
  }
}
