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

/// Counts an observer's calls.
@MainActor
private final class CallCounter {
  var calls = 0
}

/// Toggles through a store whose first item is observed through a closure selection
/// (`observe({ $0.items[0].isDone })`, not a key path): the check reads the item through the
/// closure after every action. A function of its own, never inlined, so that a profiler can
/// count it alone (`--toggle-collect='*toggleObservedThroughClosure*'`).
@MainActor
@inline(never)
private func toggleObservedThroughClosure(_ toggler: Toggler, times: Int) {
  toggler.toggle(times: times)
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

  // The same toggles with the first item observed through a closure: reported, not compared
  // with the goal; the closure's check must cost what reading one item does.
  let observed = Toggler(count: largeCount)
  let firstItem = CallCounter()
  let token = observed.store.observe({ $0.items[0].isDone }) { _ in firstItem.calls += 1 }
  let closure = await compare(
    Workload { toggleObservedThroughClosure(observed, times: $0) },
    against: Workload { large.toggle(times: $0) }, batch: .calibrated, settings: settings)
  token.cancel()
  result.note("closure_selection_ns", closure.subject.nanosecondsPerOperation)
  result.note("closure_selection_vs_unobserved", closure.ratio)
  // The first item changes on the first toggle of each pass over the items.
  result.check(
    "closure_selection_calls",
    firstItem.calls == (observed.actions + largeCount - 1) / largeCount)
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
