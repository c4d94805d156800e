import Testing
import Uniflow
import UniflowTesting

/// Records the follow-up actions of merged and concatenated effects, in the order the store
/// processed them.
private struct Recorder: Reducer {
  enum Action: Equatable {
    case merged(count: Int)
    case mergedNested
    case concatenated(count: Int)
    case concatenatedNested
    case pairwise(count: Int)
    case record(Int)
  }

  func reduce(into state: inout [Int], action: Action) -> Effect<Action> {
    switch action {
    case .merged(let count):
      return .merge((0..<count).map { .send(.record($0)) })
    case .mergedNested:
      return .merge(
        .none,
        .send(.record(0)),
        .merge(.send(.record(1)), .none, .merge(.send(.record(2)), .send(.record(3)))),
        .none,
        .merge([]),
        .send(.record(4)),
        .merge(.send(.record(5)))
      )
    case .concatenated(let count):
      return .concatenate((0..<count).map { .send(.record($0)) })
    case .concatenatedNested:
      return .concatenate(
        .send(.record(0)),
        .none,
        .concatenate(.send(.record(1)), .concatenate(.send(.record(2)), .none)),
        .concatenate([]),
        .send(.record(3))
      )
    case .pairwise(let count):
      var effect = Effect<Action>.none
      for value in 0..<count { effect = effect.merge(with: .send(.record(value))) }
      return effect
    case .record(let value):
      state.append(value)
      return .none
    }
  }
}

/// A row that starts an effect sleeping until it is cancelled.
private struct SleepyRow: Reducer {
  struct State: Identifiable, Equatable {
    let id: Int
  }

  enum Action { case sleep }

  let clock: TestClock
  let cancellations: SharedCounter

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .run { [clock, cancellations] _ in
      do {
        try await clock.sleep(for: .seconds(3_600))
      } catch {
        cancellations.increment()
      }
    }
  }
}

private struct SleepyList: Reducer {
  struct State {
    var rows: IdentifiedArray<SleepyRow.State>
  }

  enum Action {
    case removeAll
    case rows(IdentifiedAction<Int, SleepyRow.Action>)

    static let rowsCase = ActionCase(embed: Action.rows) {
      if case .rows(let action) = $0 { action } else { nil }
    }
  }

  let clock: TestClock
  let cancellations: SharedCounter

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .removeAll = action { state.rows.removeAll() }
      return .none
    }
    .forEach(\.rows, action: Action.rowsCase) { SleepyRow(clock: clock, cancellations: cancellations) }
  }
}

@MainActor
@Suite struct EffectMergeTests {
  private let limit = StoreConfiguration(maximumSynchronousActions: 100_000)

  @Test func mergingManyEffectsKeepsTheirOrder() {
    let store = Store(initialState: [], reducer: Recorder(), configuration: limit)
    store.send(.merged(count: 20_000))
    #expect(store.state == Array(0..<20_000))
  }

  @Test func nestedMergesAreFlattenedInOrderAndNoneIsDropped() {
    let store = Store(initialState: [], reducer: Recorder(), configuration: limit)
    store.send(.mergedNested)
    #expect(store.state == [0, 1, 2, 3, 4, 5])
  }

  @Test func concatenatingManyEffectsKeepsTheirOrder() {
    let store = Store(initialState: [], reducer: Recorder(), configuration: limit)
    let task = store.send(.concatenated(count: 20_000))
    #expect(task.isFinished)
    #expect(store.state == Array(0..<20_000))
  }

  @Test func nestedConcatenationsAreFlattenedInOrder() {
    let store = Store(initialState: [], reducer: Recorder(), configuration: limit)
    store.send(.concatenatedNested)
    #expect(store.state == [0, 1, 2, 3])
  }

  @Test func pairwiseMergesInALoopKeepTheirOrder() {
    let store = Store(initialState: [], reducer: Recorder(), configuration: limit)
    store.send(.pairwise(count: 5_000))
    #expect(store.state == Array(0..<5_000))
  }

  @Test func forLoopInABuilderMergesEveryReducersEffectInOrder() {
    let store = Store(
      initialState: [Int](),
      reducer: Reduce<[Int], Recorder.Action> { state, action in
        if case .record(let value) = action { state.append(value) }
        return .none
      }
      .combined(count: 300),
      configuration: limit)
    store.send(.merged(count: 0))
    #expect(store.state == Array(0..<300))
  }

  @Test func removingEveryRowCancelsEveryRowsEffect() async {
    let rows = 3_000
    let cancellations = SharedCounter()
    let store = Store(
      initialState: SleepyList.State(
        rows: IdentifiedArray(uniqueElements: (0..<rows).map { SleepyRow.State(id: $0) })),
      reducer: SleepyList(clock: TestClock(), cancellations: cancellations))
    var tasks: [StoreTask] = []
    for id in 0..<rows { tasks.append(store.send(.rows(.element(id: id, action: .sleep)))) }
    #expect(store.runningEffectCount == rows)

    store.send(.removeAll)
    for task in tasks { await task.finish() }
    #expect(cancellations.value == rows)
    #expect(store.runningEffectCount == 0)
    #expect(store.state.rows.isEmpty)
  }
}

extension Reduce where State == [Int], Action == Recorder.Action {
  /// This reducer, then `count` reducers built by a `for` loop, each sending the record of its
  /// index when the action is not a record itself.
  fileprivate func combined(count: Int) -> some Reducer<[Int], Recorder.Action> {
    CombineReducers {
      self
      for index in 0..<count {
        Reduce { _, action in
          if case .record = action { return .none }
          return .send(.record(index))
        }
      }
    }
  }
}
