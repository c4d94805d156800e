import Testing
import Uniflow
import UniflowTesting

/// A shared value's changes are asserted like state: exhaustively, with a readable diff, and
/// without the assertion changing the live value.
@MainActor
@Suite struct TestStoreSharedTests {
  struct Profile: Equatable, Sendable {
    var name = "Ada"
    var visits = 0
  }

  struct Visits: Reducer {
    struct State: Equatable {
      var profile: Shared<Profile>
      var isOpen = false
    }

    enum Action: Equatable {
      case opened
      case renamed(String)
      case countVisitLater
      case visitCounted
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .opened:
        state.isOpen = true
        state.profile.withLock { $0.visits += 1 }
        return .none
      case .renamed(let name):
        state.profile.withLock { $0.name = name }
        return .none
      case .countVisitLater:
        return .send(.visitCounted)
      case .visitCounted:
        state.profile.withLock { $0.visits += 1 }
        return .none
      }
    }
  }

  func makeStore() throws -> TestStore<Visits.State, Visits.Action> {
    let profile = try SharedValues().shared("profile", default: Profile())
    return TestStore(initialState: Visits.State(profile: profile), reducer: Visits())
  }

  @Test func aDescribedSharedChangePasses() async throws {
    let store = try makeStore()
    await store.send(.opened) {
      $0.isOpen = true
      $0.profile.withLock { $0.visits = 1 }
    }
    await store.send(.renamed("Grace")) {
      $0.profile.withLock { $0.name = "Grace" }
    }
    #expect(store.state.profile.value == Profile(name: "Grace", visits: 1))
  }

  @Test func aSharedChangeTheTestLeftOutFails() async throws {
    let store = try makeStore()
    await expectFailure(
      """
      Shared state changes the test did not describe:
        profile › visits: expected 0, actual 1
      """
    ) {
      await store.send(.opened) { $0.isOpen = true }
    }
    #expect(store.state.profile.visits == 1)
  }

  @Test func aWrongSharedChangeFailsAndLeavesTheLiveValueAlone() async throws {
    let store = try makeStore()
    await expectFailure(
      """
      Shared state changed differently than expected:
        profile › name: expected "Linus", actual "Grace"
      """
    ) {
      await store.send(.renamed("Grace")) {
        $0.profile.withLock { $0.name = "Linus" }
      }
    }
    #expect(store.state.profile.name == "Grace")
  }

  @Test func aReceivedActionsSharedChangeIsAssertedAtItsReceive() async throws {
    let store = try makeStore()
    await store.send(.countVisitLater)
    await store.receive(.visitCounted) {
      $0.profile.withLock { $0.visits = 1 }
    }
    await store.send(.countVisitLater)
    await expectFailure(
      "Shared state changes the test did not describe:\n  profile › visits: expected 1, actual 2"
    ) {
      await store.receive(.visitCounted)
    }
  }

  @Test func aNonExhaustiveStoreSkipsUndescribedSharedChanges() async throws {
    let store = try makeStore()
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.opened) { $0.isOpen = true }
    await expectFailure(
      "Shared state changed differently than expected:\n  profile › name: expected \"Linus\", actual \"Grace\""
    ) {
      await store.send(.renamed("Grace")) { $0.profile.withLock { $0.name = "Linus" } }
    }
  }
}
