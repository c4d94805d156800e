import Uniflow

// `state-size`: whether an action costs more when the state is bigger.
//
// Subject: a store whose state holds 100 000 checklist items; each action toggles one of them.
// Baseline: the same store and action with 100 items.
//
// Swift arrays are copy-on-write: if the store (or an observer, or a middleware) held a second
// reference to the state while the reducer mutates it, every action would copy all 100 000
// items and the ratio would be in the hundreds. Toggled items walk the array in order, so
// the large side pays only for touching more memory, not for an unlucky access pattern.
//
// A separate, untimed pass runs the same actions through a store with a middleware that
// notes where the array's storage is after each action: if it ever moves, the store copied it.

extension Suite {
  static var stateSize: Suite {
    Suite(
      name: "state-size",
      summary: "an action toggling one item of 100 000 vs. of 100",
      goal: 1.5,
      run: runStateSizeSuite)
  }
}

private struct Checklist: Reducer {
  struct Item {
    var id: Int
    var isDone = false
  }

  struct State {
    var items: [Item]

    init(count: Int) {
      items = (0..<count).map { Item(id: $0) }
    }

    var doneCount: Int { items.count(where: \.isDone) }
  }

  enum Action { case toggle(index: Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle(let index): state.items[index].isDone.toggle()
    }
    return .none
  }
}

private let largeCount = 100_000
private let smallCount = 100

/// Toggles the items of a store one after another, wrapping around.
@MainActor
private final class Toggler {
  let store: Store<Checklist.State, Checklist.Action>
  let count: Int
  private var next = 0
  private(set) var actions = 0

  init(count: Int, middleware: [Middleware<Checklist.State, Checklist.Action>] = []) {
    self.count = count
    store = Store(initialState: Checklist.State(count: count), reducer: Checklist(), middleware: middleware)
  }

  func toggle(times: Int) {
    for _ in 0..<times {
      store.send(.toggle(index: next))
      next = next == count - 1 ? 0 : next + 1
    }
    actions += times
  }

  /// How many items must be done after ``actions`` toggles in order.
  var expectedDoneCount: Int {
    let rounds = actions / count
    let remainder = actions % count
    return rounds.isMultiple(of: 2) ? remainder : count - remainder
  }
}

/// Where an array's elements are stored.
private func storageAddress(_ items: [Checklist.Item]) -> UnsafeRawPointer? {
  items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
}

@MainActor
private func runStateSizeSuite(_ settings: HarnessSettings) async -> SuiteResult {
  let large = Toggler(count: largeCount)
  let small = Toggler(count: smallCount)
  let comparison = await compare(
    Workload { large.toggle(times: $0) },
    against: Workload { small.toggle(times: $0) },
    batch: .calibrated, settings: settings)

  var result = SuiteResult(comparison: comparison)
  result.note("items", largeCount)
  result.note("baseline_items", smallCount)
  result.check(
    "toggles_applied",
    large.store.state.doneCount == large.expectedDoneCount
      && small.store.state.doneCount == small.expectedDoneCount)
  result.check("storage_copies", countStorageCopies(actions: 2 * largeCount + 1), equals: 0)
  return result
}

/// Sends `actions` toggles through a large store with a middleware that notes where the items
/// are stored after each action; returns how many times they moved.
@MainActor
private func countStorageCopies(actions: Int) -> Int {
  var lastAddress: UnsafeRawPointer?
  var moves = 0
  let tracker = Middleware<Checklist.State, Checklist.Action> { _, state, _ in
    let address = storageAddress(state.items)
    if let lastAddress, address != lastAddress { moves += 1 }
    lastAddress = address
  }
  let toggler = Toggler(count: largeCount, middleware: [tracker])
  toggler.toggle(times: actions)
  return moves
}
