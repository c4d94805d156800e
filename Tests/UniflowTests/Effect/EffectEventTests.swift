import Testing
import Uniflow

/// `start` runs an effect that waits for a gate; `stop` cancels it.
private struct Gated: Reducer {
  enum Action: Equatable { case start, stop, done }
  let gate: AsyncStream<Void>

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      let gate = gate
      return .run { send in
        for await _ in gate { break }
        guard !Task.isCancelled else { return }
        await send(.done)
      }
      .cancellable(id: "gate")
    case .stop:
      return .cancel(id: "gate")
    case .done:
      state += 1
      return .none
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10)))
struct EffectEventTests {
  private func makeStore(gate: AsyncStream<Void>) -> (Store<Int, Gated.Action>, LockIsolated<[EffectEvent]>) {
    let events = LockIsolated([EffectEvent]())
    var configuration = StoreConfiguration()
    configuration.effectEventHandler = { event in events.withLock { $0.append(event) } }
    return (Store(initialState: 0, reducer: Gated(gate: gate), configuration: configuration), events)
  }

  @Test func effectReportsItsStartAndItsEndWithTheActionThatStartedIt() async {
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let (store, events) = makeStore(gate: gate)
    let task = store.send(.start)
    let started = events.current
    #expect(started.map(\.phase) == [.started])
    open.yield()
    await task.finish()
    let all = events.current
    #expect(all.map(\.phase) == [.started, .finished])
    #expect(all.map(\.cause) == [1, 1])
    #expect(all[0].id == all[1].id)
    #expect(store.state == 1)
  }

  @Test func cancelledEffectReportsItsCancellation() async {
    let (gate, _) = AsyncStream.makeStream(of: Void.self)
    let (store, events) = makeStore(gate: gate)
    let task = store.send(.start)
    store.send(.stop)
    await task.finish()
    #expect(events.current.map(\.phase) == [.started, .cancelled])
  }

  @Test func storeWithoutAHandlerRunsEffectsAsBefore() async {
    let (gate, open) = AsyncStream.makeStream(of: Void.self)
    let store = Store(initialState: 0, reducer: Gated(gate: gate))
    let task = store.send(.start)
    open.yield()
    await task.finish()
    #expect(store.state == 1)
  }
}
