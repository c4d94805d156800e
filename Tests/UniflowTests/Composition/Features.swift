import Uniflow
import UniflowTesting

/// A counter whose slow increment waits on the injected clock.
struct SlowCounter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable { case increment, slowIncrement }
  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .slowIncrement:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.increment)
      }
    }
  }
}

/// Two counters side by side: a child feature made of grandchildren.
struct Pair: Reducer {
  struct State: Equatable {
    var left = SlowCounter.State()
    var right = SlowCounter.State()
  }

  enum Action: Equatable {
    case left(SlowCounter.Action)
    case right(SlowCounter.Action)

    static let leftCase = ActionCase(embed: Action.left) {
      if case .left(let action) = $0 { action } else { nil }
    }
    static let rightCase = ActionCase(embed: Action.right) {
      if case .right(let action) = $0 { action } else { nil }
    }
  }

  let clock: TestClock

  var body: some Reducer<State, Action> {
    Scope(state: \.left, action: Action.leftCase) { SlowCounter(clock: clock) }
    Scope(state: \.right, action: Action.rightCase) { SlowCounter(clock: clock) }
  }
}

/// A row of a list.
struct ListRow: Identifiable, Equatable {
  let id: Int
  var title: String
  var isDone = false
}

struct RowFeature: Reducer {
  enum Action: Equatable { case toggle, rename(String), renameLater(String) }
  let clock: TestClock

  func reduce(into state: inout ListRow, action: Action) -> Effect<Action> {
    switch action {
    case .toggle:
      state.isDone.toggle()
      return .none
    case .rename(let title):
      state.title = title
      return .none
    case .renameLater(let title):
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.rename(title))
      }
    }
  }
}

/// The parent: a pair, an optional detail counter, and a list of rows.
struct AppFeature: Reducer {
  struct State: Equatable {
    var pair = Pair.State()
    var detail: SlowCounter.State?
    var rows: IdentifiedArray<ListRow> = []
    var log: [String] = []
  }

  enum Action: Equatable {
    case pair(Pair.Action)
    case detail(SlowCounter.Action)
    case rows(IdentifiedAction<Int, RowFeature.Action>)
    case showDetail
    case closeDetail
    case removeRow(Int)

    static let pairCase = ActionCase(embed: Action.pair) {
      if case .pair(let action) = $0 { action } else { nil }
    }
    static let detailCase = ActionCase(embed: Action.detail) {
      if case .detail(let action) = $0 { action } else { nil }
    }
    static let rowsCase = ActionCase(embed: Action.rows) {
      if case .rows(let action) = $0 { action } else { nil }
    }
  }

  let clock: TestClock

  var body: some Reducer<State, Action> {
    Scope(state: \.pair, action: Action.pairCase) { Pair(clock: clock) }
    Reduce { state, action in
      switch action {
      case .showDetail:
        state.detail = SlowCounter.State()
      case .closeDetail:
        state.detail = nil
      case .removeRow(let id):
        state.rows.remove(id: id)
      case .detail(let action):
        state.log.append("detail \(action) (count \(state.detail?.count ?? -1))")
      case .pair, .rows:
        break
      }
      return .none
    }
    .ifLet(\.detail, action: Action.detailCase) { SlowCounter(clock: clock) }
    .forEach(\.rows, action: Action.rowsCase) { RowFeature(clock: clock) }
  }
}

extension AppFeature.State {
  /// A state with `count` rows titled by their identifiers.
  static func withRows(_ count: Int) -> Self {
    var state = Self()
    state.rows = IdentifiedArray(uniqueElements: (0..<count).map { ListRow(id: $0, title: "row \($0)") })
    return state
  }
}
