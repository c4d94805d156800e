import Uniflow
import UniflowTesting

/// What the presence hooks of the features below saw, in order; a test can wait for a number
/// of entries.
final class PresenceLog: Sendable {
  private let state = LockIsolated<(entries: [String], waiters: [(Int, CheckedContinuation<Void, Never>)])>(
    ([], []))

  var entries: [String] { state.withLock { $0.entries } }

  func append(_ entry: String) {
    let ready = state.withLock { state in
      state.entries.append(entry)
      let count = state.entries.count
      let ready = state.waiters.filter { $0.0 <= count }.map(\.1)
      state.waiters.removeAll { $0.0 <= count }
      return ready
    }
    for waiter in ready { waiter.resume() }
  }

  /// Returns once there are at least `count` entries.
  func waitFor(count: Int) async {
    await withCheckedContinuation { continuation in
      let isReady = state.withLock { state in
        if state.entries.count >= count { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if isReady { continuation.resume() }
    }
  }
}

/// A row that watches something while it is in its list: a timer started when it appears, and
/// a line in the log when it goes.
struct WatchedRow: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var ticks = 0
  }
  enum Action: Equatable, Sendable {
    case tick
  }
  let clock: TestClock
  let log: PresenceLog

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      state.ticks += 1
      return .none
    }
    .onAppear { [clock, log] state in
      log.append("row \(state.id) appeared")
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    }
    .onDisappear { [log] state in log.append("row \(state.id) went") }
  }
}

/// A screen on a stack, with a list of watched rows.
struct ListScreen: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArray<WatchedRow.State> = []
  }
  enum Action: Equatable, Sendable {
    case add(Int)
    case remove(Int)
    case rows(IdentifiedAction<Int, WatchedRow.Action>)

    static let rowsCase = ActionCase(embed: Action.rows) {
      if case .rows(let action) = $0 { action } else { nil }
    }
  }
  let clock: TestClock
  let log: PresenceLog

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .add(let id): state.rows.append(WatchedRow.State(id: id))
      case .remove(let id): state.rows.remove(id: id)
      case .rows: break
      }
      return .none
    }
    .forEach(\.rows, action: Action.rowsCase) { WatchedRow(clock: clock, log: log) }
    .onAppear { [log] _ in
      log.append("screen appeared")
      return .none
    }
  }
}

/// A sheet with a navigation stack of list screens.
struct StackSheet: Reducer {
  struct State: Equatable, Sendable {
    var path = StackState<ListScreen.State>()
  }
  enum Action: Equatable, Sendable {
    case popAll
    case path(StackAction<ListScreen.State, ListScreen.Action>)

    static let pathCase = ActionCase(embed: Action.path) {
      if case .path(let action) = $0 { action } else { nil }
    }
  }
  let clock: TestClock
  let log: PresenceLog

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .popAll = action { state.path.removeAll() }
      return .none
    }
    .forEach(\.path, action: Action.pathCase) { ListScreen(clock: clock, log: log) }
  }
}

/// The root: it presents the sheet.
struct SheetHost: Reducer {
  struct State: Equatable, Sendable {
    var sheet: StackSheet.State?
  }
  enum Action: Equatable, Sendable {
    case present(StackSheet.State)
    case close
    case sheet(PresentationAction<StackSheet.Action>)

    static let sheetCase = ActionCase(embed: Action.sheet) {
      if case .sheet(let action) = $0 { action } else { nil }
    }
  }
  let clock: TestClock
  let log: PresenceLog

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .present(let sheet): state.sheet = sheet
      case .close: state.sheet = nil
      case .sheet: break
      }
      return .none
    }
    .ifLet(\.sheet, action: Action.sheetCase) { StackSheet(clock: clock, log: log) }
    .onAppear { [log] _ in
      log.append("root appeared")
      return .none
    }
  }
}

extension StackSheet.State {
  /// A sheet showing one screen with the given rows.
  static func showing(rows: [Int]) -> Self {
    Self(
      path: StackState([
        ListScreen.State(rows: IdentifiedArray(uniqueElements: rows.map { WatchedRow.State(id: $0) }))
      ]))
  }
}
