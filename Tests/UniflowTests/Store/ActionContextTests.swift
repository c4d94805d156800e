import Testing
import Uniflow

/// A feature whose actions chain: a follow-up, and an async effect that sends twice.
private struct Chain: Reducer {
  enum Action: Equatable { case start, followUp, loaded(Int), tap }

  func reduce(into state: inout [Action], action: Action) -> Effect<Action> {
    state.append(action)
    switch action {
    case .start:
      return .merge(
        .send(.followUp),
        .run { send in
          await send(.loaded(1))
          await send(.loaded(2))
        })
    case .followUp:
      return .run { send in await send(.loaded(3)) }
    case .loaded, .tap:
      return .none
    }
  }
}

@MainActor
@Suite struct ActionContextTests {
  @Test func middlewareSeesWhichActionsEffectSentEachAction() async {
    var seen: [String] = []
    let store = Store(
      initialState: [], reducer: Chain(),
      middleware: [
        Middleware(withContext: { action, _, context, _ in
          seen.append("#\(context.sequenceNumber) \(action) ← \(context.cause.map(String.init) ?? "-")")
        })
      ])
    await store.send(.start).finish()
    store.send(.tap)

    #expect(seen.count == 6)
    #expect(seen.first == "#1 start ← -")
    #expect(seen.last == "#6 tap ← -")
    // The follow-up is processed before `send` returns; the effects' actions come after, in
    // whatever order their tasks ran, each with the number of the action that started it.
    #expect(seen[1] == "#2 followUp ← 1")
    #expect(
      Set(seen[2..<5].map { $0.split(separator: " ", maxSplits: 1)[1] }) == [
        "loaded(1) ← 1", "loaded(2) ← 1", "loaded(3) ← 2",
      ])
  }

  @Test func actionsSentByObserversAndMiddlewareHaveNoCause() {
    var contexts: [ActionContext] = []
    let store = Store(
      initialState: [], reducer: Chain(),
      middleware: [
        Middleware(withContext: { action, _, context, send in
          contexts.append(context)
          if action == .followUp { send(.tap) }
        })
      ])
    store.send(.followUp)
    #expect(
      contexts.prefix(2) == [
        ActionContext(sequenceNumber: 1, cause: nil), ActionContext(sequenceNumber: 2, cause: nil),
      ])
  }
}
