import Testing
import UniflowTesting

/// `increment` leads to `check`, which leads back to `increment`.
private struct Runaway: Reducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable { case start, increment, check, reset }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start: return .send(.increment)
    case .increment:
      state.count += 1
      return .send(.check)
    case .check: return .send(.increment)
    case .reset:
      state.count = 0
      return .none
    }
  }
}

/// `ping` starts an effect that sends `pong`, whose effect sends `ping` again, with no wait.
private struct PingPong: Reducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable { case ping, pong, reset }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .ping:
      state.count += 1
      // A guard that fails lets the test fail here rather than run forever.
      guard state.count < 100_000 else { return .none }
      return .run { send in await send(.pong) }
    case .pong: return .run { send in await send(.ping) }
    case .reset:
      state.count = 0
      return .none
    }
  }
}

/// A timer that reschedules itself: each tick sleeps a millisecond on the clock, then ticks.
private struct RepeatingTimer: Reducer {
  struct State: Equatable {
    var ticks = 0
  }

  enum Action: Equatable { case start, tick }

  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .tick = action { state.ticks += 1 }
    return .run { [clock] send in
      try await clock.sleep(for: .milliseconds(1))
      await send(.tick)
    }
  }
}

/// The failures a block reported, captured.
@MainActor
private func recordedIssues(_ body: () async -> Void) async -> [String] {
  await capturingFailures(body).map(\.message)
}

@MainActor
@Suite struct TestStoreCycleTests {
  @Test func aCycleIsOneShortFailureNamingIt() async throws {
    let issues = await recordedIssues {
      let store = TestStore(initialState: Runaway.State(), reducer: Runaway())
      await store.send(.start)
    }
    #expect(issues.count == 1)
    let message = try #require(issues.first)
    #expect(message.contains("repeating cycle: increment → check → increment"))
    #expect(message.split(separator: "\n").count <= 30)
  }

  @Test func theNextAssertionStartsAfterTheStoppedChain() async {
    let store = TestStore(initialState: Runaway.State(), reducer: Runaway())
    let issues = await recordedIssues {
      await store.send(.start)
    }
    #expect(issues.count == 1)
    // 1 000 actions: start, then alternating increment and check.
    #expect(store.state.count == 500)
    await store.send(.reset) { $0.count = 0 }
  }

  @Test func aLoopThroughEffectsIsOneShortFailureNamingIt() async throws {
    let store = TestStore(initialState: PingPong.State(), reducer: PingPong())
    let issues = await recordedIssues {
      await store.send(.ping) { $0.count = 1 }
      await store.finish()
    }
    #expect(issues.count == 1)
    let message = try #require(issues.first)
    #expect(message.contains("repeating cycle: ping → pong → ping"))
    #expect(message.split(separator: "\n").count <= 30)
    // The chain's actions were skipped: the next assertion starts after the last of them.
    // `ping`, then `pong` starts the chain; 1 999 more actions join it, 1 000 of them `ping`.
    #expect(store.state.count == 1_001)
    await store.send(.reset) { $0.count = 0 }
  }

  @Test func aTimerThatWaitsOnTheClockIsNoLoop() async {
    let clock = TestClock()
    let store = TestStore(initialState: RepeatingTimer.State()) { RepeatingTimer(clock: clock) }
    store.exhaustivity = .off
    let issues = await recordedIssues {
      await store.send(.start)
      // Past the default bound of 2 000 actions, each tick starting the next.
      await clock.advance(by: .milliseconds(3_000))
      await store.skipInFlightEffects()
    }
    #expect(issues.isEmpty)
    #expect(store.state.ticks == 3_000)
  }
}
