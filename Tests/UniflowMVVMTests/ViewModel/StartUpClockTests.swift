import Testing
import UniflowMVVM
import UniflowTesting

/// A feature whose start-up work is a timer on an injected clock.
struct Stopwatch: Reducer {
  struct State: Equatable { var seconds = 0 }
  enum Action: Equatable {
    case start
    case tick
  }

  let clock: any Clock<Duration>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.seconds += 1
      return .none
    }
  }
}

final class StopwatchViewModel: StoreViewModel<Stopwatch.State, Stopwatch.Action> {
  let seconds: OutputValue<Int>

  override init(store: StoreOf<Stopwatch>) {
    seconds = OutputValue.selecting(\.seconds, in: store)
    super.init(store: store)
    startUp(.start)
  }
}

@MainActor
@Suite struct StartUpClockTests {
  @Test func aTimerStartedAtStartUpTicksUntilTheViewModelIsReleased() async {
    let clock = TestClock()
    let store = Store(initialState: Stopwatch.State(), reducer: Stopwatch(clock: clock))
    var viewModel: StopwatchViewModel? = StopwatchViewModel(store: store)
    weak let weakViewModel = viewModel

    await clock.waitForSleepers()
    await clock.advance(by: .seconds(3))
    #expect(viewModel?.seconds.value == 3)

    viewModel = nil
    #expect(weakViewModel == nil)
    await clock.advance(by: .seconds(5))
    #expect(store.state.seconds == 3)
    clock.checkNoSleepers()
  }
}
