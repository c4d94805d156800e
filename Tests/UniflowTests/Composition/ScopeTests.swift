import Testing
import Uniflow
import UniflowTesting

@MainActor
@Suite(.timeLimit(.minutes(10))) struct ScopeTests {
  @Test func grandchildStoreSendsThroughTheRoot() {
    var seen: [AppFeature.Action] = []
    let root = Store(
      initialState: AppFeature.State(), reducer: AppFeature(clock: TestClock()),
      middleware: [Middleware { action, _, _ in seen.append(action) }])
    let pair = root.scope(state: \.pair, action: ActionCase(AppFeature.Action.pair))
    let left = pair.scope(state: \.left, action: Pair.Action.leftCase)

    left.send(.increment)
    left.send(.increment)
    pair.send(.right(.increment))

    #expect(left.state.count == 2)
    #expect(left.count == 2)
    #expect(root.state.pair.left.count == 2)
    #expect(root.state.pair.right.count == 1)
    #expect(seen == [.pair(.left(.increment)), .pair(.left(.increment)), .pair(.right(.increment))])
  }

  @Test func childEffectsRunInTheRoot() async {
    let clock = TestClock()
    let root = Store(initialState: AppFeature.State(), reducer: AppFeature(clock: clock))
    let left = root.scope(state: \.pair, action: ActionCase(AppFeature.Action.pair))
      .scope(state: \.left, action: ActionCase(Pair.Action.left))
    let task = left.send(.slowIncrement)
    await clock.waitForSleepers()
    #expect(left.runningEffectCount == 1)
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(root.state.pair.left.count == 1)
  }

  @Test func childObserverIgnoresSiblingChanges() {
    let root = Store(initialState: AppFeature.State(), reducer: AppFeature(clock: TestClock()))
    let pair = root.scope(state: \.pair, action: ActionCase(AppFeature.Action.pair))
    let left = pair.scope(state: \.left, action: ActionCase(Pair.Action.left))
    let right = pair.scope(state: \.right, action: ActionCase(Pair.Action.right))
    var leftCounts: [Int] = []
    var rightCounts: [Int] = []
    let leftToken = left.observe(\.count) { leftCounts.append($0) }
    let rightToken = right.observe(\.count) { rightCounts.append($0) }

    right.send(.increment)
    right.send(.increment)
    left.send(.increment)
    root.send(.showDetail)

    #expect(leftCounts == [1])
    #expect(rightCounts == [1, 2])
    withExtendedLifetime((leftToken, rightToken)) {}
  }

  @Test func observersAtEveryLevelSeeOnlyTheirPartAndLiveAsLongAsTheirToken() {
    let root = Store(initialState: AppFeature.State(), reducer: AppFeature(clock: TestClock()))
    let pair = root.scope(state: \.pair, action: ActionCase(AppFeature.Action.pair))
    var left: Store<SlowCounter.State, SlowCounter.Action>? = pair.scope(
      state: \.left, action: ActionCase(Pair.Action.left))
    var pairChanges: [Pair.State] = []
    var leftCounts: [Int] = []
    let pairToken = pair.observe(\.self) { pairChanges.append($0) }
    let leftToken = left!.observe(\.count) { leftCounts.append($0) }
    #expect(root.observedSelectionCount == 2)

    left!.send(.increment)
    pair.send(.right(.increment))
    root.send(.showDetail)
    #expect(leftCounts == [1])
    #expect(pairChanges.map(\.left.count) == [1, 1])
    #expect(pairChanges.map(\.right.count) == [0, 1])

    // Releasing the child store does not end its observers: their tokens keep them.
    weak let weakLeft = left
    left = nil
    #expect(weakLeft == nil)
    #expect(root.observedSelectionCount == 2)
    pair.send(.left(.increment))
    #expect(leftCounts == [1, 2])
    #expect(pairChanges.count == 3)

    leftToken.cancel()
    #expect(root.observedSelectionCount == 1)
    pair.send(.left(.increment))
    #expect(leftCounts == [1, 2])
    withExtendedLifetime(pairToken) {}
  }

  @Test func scopingRepeatedlyLeavesNoStaleStores() {
    let root = Store(initialState: AppFeature.State(), reducer: AppFeature(clock: TestClock()))
    var released: [() -> Bool] = []
    for _ in 0..<10 {
      let pair = root.scope(state: \.pair, action: ActionCase(AppFeature.Action.pair))
      let left = pair.scope(state: \.left, action: ActionCase(Pair.Action.left))
      let token = left.observe(\.count) { _ in }
      left.send(.increment)
      weak let weakPair = pair
      weak let weakLeft = left
      released.append { weakPair == nil && weakLeft == nil }
      #expect(root.observedSelectionCount == 1)
      token.cancel()
    }
    #expect(released.allSatisfy { $0() })
    #expect(root.observedSelectionCount == 0)
    #expect(root.state.pair.left.count == 10)
  }

  @Test func aChildStoreStopsWithItsRootStore() {
    var root: Store<AppFeature.State, AppFeature.Action>? = Store(
      initialState: AppFeature.State(), reducer: AppFeature(clock: TestClock()))
    weak let weakRoot = root
    let pair = root!.scope(state: \.pair, action: ActionCase(AppFeature.Action.pair))
    let left = pair.scope(state: \.left, action: ActionCase(Pair.Action.left))
    var counts: [Int] = []
    let token = left.observe(\.count) { counts.append($0) }
    left.send(.increment)
    #expect(counts == [1])
    root = nil
    #expect(weakRoot == nil)
    // The children answer with the state the root left; their sends do nothing, and the
    // observer is not called again.
    pair.send(.left(.increment))
    left.send(.increment)
    #expect(pair.state.left.count == 1)
    #expect(left.state.count == 1)
    #expect(counts == [1])
    #expect(token.isCancelled == false)
    withExtendedLifetime(token) {}
  }

  @Test func scopedMutationDoesNotCopyTheParentsArray() {
    struct Big { var values = [Int](repeating: 0, count: 100_000) }
    struct Parent { var big = Big() }
    enum ParentAction { case big(Int) }
    let bigCase = ActionCase<ParentAction, Int>(embed: ParentAction.big) {
      if case .big(let index) = $0 { index } else { nil }
    }
    let root = Store(initialState: Parent()) {
      Scope(state: \Parent.big, action: bigCase) {
        Reduce<Big, Int> { big, index in
          big.values[index] += 1
          return .none
        }
      }
    }
    let child = root.scope(state: \.big, action: bigCase)
    let before = root.state.big.values.withUnsafeBufferPointer { $0.baseAddress }
    child.send(5)
    root.send(.big(6))
    let after = root.state.big.values.withUnsafeBufferPointer { $0.baseAddress }
    #expect(before == after)
    #expect(child.state.values[5] == 1)
  }
}

/// A feature whose rows, inside an optional child, take actions that carry an object: what a
/// send through a deep child store does with what it carries.
private struct Courier: Reducer {
  /// What an action carries; an object, so that its lifetime shows.
  final class Parcel: Sendable {}

  struct Row: Identifiable {
    let id: Int
    var deliveries = 0
  }

  struct Child {
    var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
  }

  struct State {
    var child: Child? = Child()
  }

  enum RowAction { case deliver(Parcel) }
  enum ChildAction { case rows(IdentifiedAction<Int, RowAction>) }
  enum Action { case child(ChildAction) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .child(.rows(.element(let id, .deliver))):
      state.child?.rows[id: id]?.deliveries += 1
    }
    return .none
  }
}

extension ScopeTests {
  /// A row store of an optional child embeds its action three times on the way to the root,
  /// passing it on rather than copying it: the action arrives, and once processed, nothing
  /// holds what it carried.
  @Test func aSendThroughARowOfAnOptionalChildArrivesAndKeepsNothingOfItsAction() throws {
    let root = Store(initialState: Courier.State(), reducer: Courier())
    let child = try #require(root.scope(state: \.child, action: ActionCase(Courier.Action.child)))
    let row = try #require(child.scope(id: 2, in: \.rows, action: ActionCase(Courier.ChildAction.rows)))
    weak var delivered: Courier.Parcel?
    do {
      let parcel = Courier.Parcel()
      delivered = parcel
      row.send(.deliver(parcel))
    }
    #expect(root.state.child?.rows.map(\.deliveries) == [0, 1])
    #expect(delivered == nil)
  }
}
