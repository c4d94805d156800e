import Foundation
import Testing
import Uniflow

/// A reducer that reads its own store: a bug in the feature.
private struct ReadsItsOwnStore: Reducer {
  @MainActor final class StoreReference {
    weak var store: Store<Int, Bool>?
  }
  let reference: StoreReference

  func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
    state += 1
    let seen = MainActor.assumeIsolated { reference.store?.state }
    state += seen ?? 0
    return .none
  }
}

/// A feature whose state has no stored properties at all.
private struct Empty: Equatable {}

@MainActor
@Suite struct StateAccessTests {
  @Test func readingTheStoreFromItsOwnReducerStopsWithAMessageInEveryBuild() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      await MainActor.run {
        let reference = ReadsItsOwnStore.StoreReference()
        let store = Store(initialState: 0, reducer: ReadsItsOwnStore(reference: reference))
        reference.store = store
        store.send(true)
      }
    }
    let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(message.contains("Store<Int, Bool> was read while its reducer was running"))
  }

  @Test func readingTheStoreFromAnObserverOrMiddlewareSeesTheReducedState() {
    var seenByMiddleware: [Int] = []
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Int> { state, action in
        state += action
        return .none
      },
      middleware: [Middleware { _, state, _ in seenByMiddleware.append(state) }])
    var seenByObserver: [Int] = []
    // Unowned: a store drops a released token's callback at its next action only, so a
    // callback holding its own store would keep it alive after the test.
    let token = store.observe(\.self) { [unowned store] _ in seenByObserver.append(store.state) }
    store.send(2)
    store.send(3)
    #expect(seenByMiddleware == [2, 5])
    #expect(seenByObserver == [2, 5])
    withExtendedLifetime(token) {}
  }

  @Test func aStateOfSizeZeroWorksInEveryBuild() {
    struct Parent: Equatable {
      var empty = Empty()
      var count = 0
    }
    enum Action { case empty(Int), count }
    let emptyCase = ActionCase<Action, Int>(embed: Action.empty) {
      if case .empty(let value) = $0 { value } else { nil }
    }
    var emptyReductions = 0
    let store = Store(initialState: Parent()) {
      Scope(state: \Parent.empty, action: emptyCase) {
        Reduce<Empty, Int> { _, _ in
          emptyReductions += 1
          return .none
        }
      }
      Reduce<Parent, Action> { state, action in
        if case .count = action { state.count += 1 }
        return .none
      }
    }
    var changes = 0
    let token = store.observe(\.empty) { _ in changes += 1 }
    let child = store.scope(state: \.empty, action: ActionCase(Action.empty))
    child.send(1)
    store.send(.count)
    #expect(emptyReductions == 1)
    #expect(store.state == Parent(empty: Empty(), count: 1))
    #expect(child.state == Empty())
    #expect(changes == 0)

    struct EmptyParent: Equatable { var empty = Empty() }
    let root = Store(initialState: EmptyParent()) {
      Scope(state: \EmptyParent.empty, action: ActionCase<Int, Int>(embed: { $0 }, extract: { $0 })) {
        Reduce<Empty, Int> { _, _ in
          emptyReductions += 1
          return .none
        }
      }
    }
    let rootToken = root.observe(\.empty) { _ in changes += 1 }
    let emptyChild = root.scope(state: \.empty, action: ActionCase({ $0 }))
    let childToken = emptyChild.observe(\.self) { _ in changes += 1 }
    emptyChild.send(1)
    root.send(2)
    #expect(emptyReductions == 3)
    #expect(root.state == EmptyParent())
    #expect(changes == 0)
    withExtendedLifetime((token, rootToken, childToken)) {}
  }
}
