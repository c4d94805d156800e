import UniflowTesting

/// A feature with a known bug for property checks to find: removing an item that is on the list
/// twice removes both, but counts only one.
struct Inventory: Reducer {
  struct State: Equatable {
    var items: [String] = []
    var count = 0
  }

  enum Action: Equatable {
    case add(String)
    case remove(String)
    case clear
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let item):
      state.items.append(item)
      state.count += 1
    case .remove(let item):
      guard state.items.contains(item) else { return .none }
      state.items.removeAll { $0 == item }
      state.count -= 1
    case .clear:
      state.items = []
      state.count = 0
    }
    return .none
  }

  /// The actions of a property check: names from a small alphabet, so that they repeat, and
  /// removals of items on the list.
  static func actions(_ state: State) -> Generator<Action> {
    .one(of: [
      Generator.string(of: "ab", length: 1...1).map(Action.add),
      Generator.element(of: state.items).map(Action.remove),
      .constant(.clear),
    ])
  }

  /// The property the bug breaks: a `static let`, as a feature's properties are declared.
  static let countMatchesItems = FeatureProperty<State, Action>
    .invariant("the count matches the items") { state in state.count == state.items.count }

  /// The report of the count property's failure with seed 1, shrunk to its three actions: what
  /// the checks of `countMatchesItems` and of the Testing article's worked example print.
  static let countFailureReport = """
    Property “the count matches the items” failed (seed 1; shrunk from 12 to 3 actions):
      1. .add("a")
      2. .add("a")
      3. .remove("a")
    State change at action 3:
      items[0]: removed "a"
      items[1]: removed "a"
      count: 2 → 1
    As a TestStore regression test:
      store.exhaustivity = .off
      await store.send(.add("a"))
      await store.send(.add("a"))
      await store.send(.remove("a"))
    """
}
