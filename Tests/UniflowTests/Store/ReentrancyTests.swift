import Testing
import Uniflow

private enum Step: Equatable { case user(Int), followUp(Int), fromObserver(Int), fromMiddleware(Int) }

private struct Recorder: Reducer {
  func reduce(into state: inout [Step], action: Step) -> Effect<Step> {
    state.append(action)
    if case .user(let n) = action { return .send(.followUp(n)) }
    return .none
  }
}

@MainActor
@Suite struct ReentrancyTests {
  @Test func sendsFromObserversAreQueuedInOrder() {
    let store = Store(initialState: [Step](), reducer: Recorder())
    var depthDuringCallback: [Int] = []
    // Unowned: a store drops a released token's callback at its next action only, so a
    // callback holding its own store would keep it alive after the test.
    let token = store.observe(\.count) { [unowned store] count in
      depthDuringCallback.append(count)
      if count == 1 {
        store.send(.fromObserver(1))
        store.send(.fromObserver(2))
        // Queued, not reduced in the middle of the notification.
        #expect(store.state.count == 1)
      }
    }
    store.send(.user(1))
    #expect(store.state == [.user(1), .followUp(1), .fromObserver(1), .fromObserver(2)])
    #expect(depthDuringCallback == [1, 2, 3, 4])
    token.cancel()
  }

  @Test func middlewareSeesEveryActionWithTheStateAfterIt() async {
    var seen: [(Step, Int)] = []
    let recorder = Middleware<[Step], Step> { action, state, send in
      seen.append((action, state.count))
      if case .followUp(let n) = action { send(.fromMiddleware(n)) }
    }
    let store = Store(
      initialState: [Step](),
      reducer: Reduce<[Step], Step> { state, action in
        state.append(action)
        switch action {
        case .user(let n): return .merge(.send(.followUp(n)), .run { send in await send(.fromObserver(n)) })
        default: return .none
        }
      },
      middleware: [recorder])
    await store.send(.user(7)).finish()
    #expect(seen.map(\.0) == [.user(7), .followUp(7), .fromMiddleware(7), .fromObserver(7)])
    #expect(seen.map(\.1) == [1, 2, 3, 4])
  }

  @Test func loggingMiddlewareWritesEachAction() {
    var lines: [String] = []
    let store = Store(
      initialState: [Step](), reducer: Recorder(),
      middleware: [.logging(prefix: "test", detail: .actionsAndState) { lines.append($0) }])
    store.send(.user(1))
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("test: action user(1)") == true)
    #expect(lines.first?.contains("test: state [") == true)
    #expect(lines.last?.hasPrefix("test: action followUp(1)") == true)
  }

  @Test func loggingByDefaultWritesTheActionAlone() {
    var lines: [String] = []
    let store = Store(
      initialState: [Step](), reducer: Recorder(),
      middleware: [.logging { lines.append($0) }])
    store.send(.user(2))
    #expect(lines == ["uniflow: action user(2)", "uniflow: action followUp(2)"])
  }
}
