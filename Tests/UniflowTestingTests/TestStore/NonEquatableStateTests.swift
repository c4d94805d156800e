import Foundation
import Testing
import Uniflow
import UniflowTesting

/// A download whose state holds what has no `==`: the error of its last attempt, and an object
/// that describes the file.
private struct Download: Reducer {
  struct Failure: Error {
    let reason: String
  }
  /// A description of the file, a class without `==`.
  final class FileInfo {
    let name: String
    let size: Int
    init(name: String, size: Int) {
      self.name = name
      self.size = size
    }
  }
  struct State {
    var file: FileInfo?
    var lastError: (any Error)?
    var attempts = 0
  }
  enum Action: Equatable {
    case start
    case failed(String)
    case finished(name: String, size: Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.attempts += 1
      return .send(.failed("offline"))
    case .failed(let reason):
      state.lastError = Failure(reason: reason)
      return .none
    case .finished(let name, let size):
      state.lastError = nil
      state.file = FileInfo(name: name, size: size)
      return .none
    }
  }
}

/// The exhaustive test store compares a state that is not `Equatable` by its dump.
@MainActor
@Suite struct NonEquatableStateTests {
  @Test func aStateWithAnErrorAndAnObjectIsCheckedByItsDump() async {
    let store = TestStore(initialState: Download.State(), reducer: Download())
    await store.send(.start) { $0.attempts = 1 }
    await store.receive(.failed("offline")) {
      $0.lastError = Download.Failure(reason: "offline")
    }
    await store.send(.finished(name: "milk.txt", size: 12)) {
      $0.lastError = nil
      // Another instance with the same contents: the dumps are the same.
      $0.file = Download.FileInfo(name: "milk.txt", size: 12)
    }
  }

  @Test func aWrongExpectationShowsTheDifferenceInTheDump() async {
    let store = TestStore(initialState: Download.State(), reducer: Download())
    await expectFailure(
      """
      State changed differently than expected:
        file.size: expected 13, actual 12
      """
    ) {
      await store.send(.finished(name: "milk.txt", size: 12)) {
        $0.file = Download.FileInfo(name: "milk.txt", size: 13)
      }
    }
  }

  @Test func aChangeTheTestLeftOutFails() async {
    let store = TestStore(initialState: Download.State(), reducer: Download())
    await expectFailure(
      """
      State changes the test did not describe:
        lastError: expected nil, actual Download.Failure(reason: "offline")
      """
    ) {
      await store.send(.failed("offline"))
    }
  }
}
