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
}
