import Testing
import Uniflow
import UniflowTesting

private enum LoadError: Error { case offline }

private struct Loader: Reducer {
  struct State: Equatable {
    var log: [String] = []
    var value = 0
  }

  enum Action: Equatable {
    case load
    case loaded(Int)
    case store(Int)
    case stored
    case fail
    case failed(String)
    case failWithoutHandler
    case concatenated
    case merged
    case note(String)
    case cancelUnknown
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      state.log.append("load")
      return .run { send in
        await Task.yield()
        await send(.loaded(42))
      }
    case .loaded(let value):
      state.log.append("loaded")
      state.value = value
      return .send(.store(value))
    case .store(let value):
      state.log.append("store \(value)")
      return .run { send in
        await Task.yield()
        await send(.stored)
      }
    case .stored:
      state.log.append("stored")
      return .none
    case .fail:
      return .run { _ in
        throw LoadError.offline
      } catch: { error, send in
        await send(.failed("\(error)"))
      }
    case .failed(let message):
      state.log.append("failed \(message)")
      return .none
    case .failWithoutHandler:
      return .run { _ in throw LoadError.offline }
    case .concatenated:
      return .concatenate(
        .send(.note("1")),
        .run { send in
          await Task.yield()
          await send(.note("2"))
        },
        .send(.note("3")),
        .run { send in await send(.note("4")) }
      )
    case .merged:
      return .merge(.send(.note("x")), .none, .send(.note("y")))
    case .note(let text):
      state.log.append(text)
      return .none
    case .cancelUnknown:
      return .cancel(id: "nothing runs under this id")
    }
  }
}

@MainActor
@Suite struct EffectTests {
  @Test func asyncChainContinuesAcrossRun() async {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    await store.send(.load).finish()
    #expect(store.state.log == ["load", "loaded", "store 42", "stored"])
    #expect(store.state.value == 42)
    #expect(store.runningEffectCount == 0)
  }

  @Test func sendWithoutEffectsIsFinishedAtOnce() {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    let task = store.send(.note("a"))
    #expect(task.isFinished)
    #expect(!task.isCancelled)
  }

  @Test func errorsGoToTheCatchHandler() async {
    let store = TestStore(initialState: Loader.State(), reducer: Loader())
    await store.send(.fail)
    await store.receive(.failed("offline")) { $0.log = ["failed offline"] }
  }

  @Test func unhandledErrorIsReportedAsDiagnostic() async {
    let diagnostics = DiagnosticLog()
    let store = Store(
      initialState: Loader.State(), reducer: Loader(), configuration: diagnostics.configuration)
    await store.send(.failWithoutHandler).finish()
    #expect(diagnostics.entries == [.unhandledEffectError("offline")])
  }

  @Test func concatenatedEffectsRunOneAfterAnother() async {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    let task = store.send(.concatenated)
    // The leading synchronous part has run before send returned.
    #expect(store.state.log == ["1"])
    await task.finish()
    #expect(store.state.log == ["1", "2", "3", "4"])
  }

  @Test func mergedFollowUpsRunInOrder() {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    store.send(.merged)
    #expect(store.state.log == ["x", "y"])
  }

  @Test func cancellingAnUnknownIDDoesNothing() {
    let store = Store(initialState: Loader.State(), reducer: Loader())
    store.send(.cancelUnknown)
    #expect(store.state == Loader.State())
    #expect(store.runningEffectCount == 0)
  }

  @Test func mapLiftsChildActions() async {
    enum Parent: Equatable { case child(Int) }
    let child = Effect<Int>.merge(.send(1), .run { send in await send(2) })
    let store = Store(
      initialState: [Int](),
      reducer: Reduce<[Int], Parent> { state, action in
        switch action {
        case .child(let value):
          state.append(value)
          return value == 0 ? child.map(Parent.child) : .none
        }
      })
    await store.send(.child(0)).finish()
    #expect(store.state == [0, 1, 2])
  }

  @Test func whatAnEffectHeldIsReleasedWhenItsSendFinishes() async {
    let released = ReleaseFlag()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Int> { state, action in
        state = action
        guard action == 0 else { return .none }
        // Only the effect holds the resource.
        return .run { [resource = Resource(released)] send in
          resource.use()
          await send(1)
        }
      })
    // A program may exit right after `finish` (closing nothing itself): by then the effect
    // must have let go of what it held.
    await store.send(0).finish()
    #expect(store.state == 1)
    #expect(released.isSet)
  }
}

/// Set when a ``Resource`` is released.
private final class ReleaseFlag: Sendable {
  private let value = LockIsolated(false)
  var isSet: Bool { value.current }
  func set() { value.withLock { $0 = true } }
}

/// Something an effect holds, that says when it is released.
private final class Resource: Sendable {
  let released: ReleaseFlag

  init(_ released: ReleaseFlag) {
    self.released = released
  }

  func use() {}

  deinit { released.set() }
}
