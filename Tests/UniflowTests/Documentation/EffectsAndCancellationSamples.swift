import Foundation
import Testing
import Uniflow
import UniflowTesting

extension DocumentationSampleTests {
  /// The samples of the *Effects and Cancellation* article.
  @MainActor
  @Suite struct EffectsAndCancellation {
    // MARK: Long-running work, cancelled by identifier

    struct Stopwatch: Reducer {
      struct State: Equatable {
        var seconds = 0
        var isRunning = false
      }

      enum Action: Equatable { case start, stop, tick }

      enum CancelID: Hashable, Sendable { case timer }

      let clock: any Clock<Duration>

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          state.isRunning = true
          return .run { [clock] send in
            while true {
              try await clock.sleep(for: .seconds(1))
              await send(.tick)
            }
          }
          .cancellable(id: CancelID.timer, cancelInFlight: true)
        case .stop:
          state.isRunning = false
          return .cancel(id: CancelID.timer)
        case .tick:
          state.seconds += 1
          return .none
        }
      }
    }

    @Test func theStopwatchTicksUntilStopped() async {
      let clock = TestClock()
      let store = TestStore(initialState: Stopwatch.State()) {
        Stopwatch(clock: clock)
      }

      await store.send(.start) { $0.isRunning = true }
      await clock.advance(by: .seconds(2))
      await store.receive(.tick) { $0.seconds = 1 }
      await store.receive(.tick) { $0.seconds = 2 }
      await store.send(.stop) { $0.isRunning = false }
    }

    // MARK: Chaining, merging and concatenating

    struct Launch: Reducer {
      struct State: Equatable {
        var steps: [String] = []
      }

      enum Action: Equatable {
        case appLaunched
        case settingsLoaded
        case sessionRestored
        case ready
      }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .appLaunched:
          state.steps.append("launched")
          return .concatenate(
            .merge(.send(.settingsLoaded), .send(.sessionRestored)),
            .send(.ready))
        case .settingsLoaded:
          state.steps.append("settings")
          return .none
        case .sessionRestored:
          state.steps.append("session")
          return .none
        case .ready:
          state.steps.append("ready")
          return .none
        }
      }
    }

    @Test func followUpsRunBeforeSendReturns() {
      let store = Store(initialState: Launch.State(), reducer: Launch())
      store.send(.appLaunched)
      // store.steps == ["launched", "settings", "session", "ready"]

      #expect(store.steps == ["launched", "settings", "session", "ready"])
    }

    // MARK: Loops through effects

    struct Echo: Reducer {
      enum Action: Equatable { case ping, pong }

      func reduce(into state: inout Int, action: Action) -> Effect<Action> {
        state += 1
        switch action {
        case .ping: return .run { send in await send(.pong) }
        case .pong: return .run { send in await send(.ping) }
        }
      }
    }

    @Test func aLoopThroughEffectsIsStoppedAndNamed() async {
      let log = DiagnosticLog()
      let store = Store(
        initialState: 0, reducer: Echo(),
        configuration: StoreConfiguration { log.entries.append($0) })
      await store.send(.ping).finish()
      #expect(
        log.entries.map(\.description) == [
          "Uniflow: effects sent more than 2000 actions in a chain without waiting and were "
            + "stopped; repeating cycle: ping → pong → ping"
        ])
      // `ping`, then 2 000 actions of the chain but the one that reached the bound.
      #expect(store.state == 2_001)
    }

    // MARK: The task of a send

    @Test func cancellingTheTaskOfASendCancelsItsEffects() async {
      let clock = TestClock()
      let store = Store(initialState: Stopwatch.State(), reducer: Stopwatch(clock: clock))
      let task = store.send(.start)
      await clock.waitForSleepers()
      task.cancel()
      await task.finish()
      // store.runningEffectCount == 0

      #expect(store.runningEffectCount == 0)
      #expect(clock.sleeperCount == 0)
    }
  }
}
