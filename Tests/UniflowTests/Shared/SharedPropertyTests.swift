import Testing
import Uniflow
import UniflowTesting

/// Random changes through two stores that hold one shared value never leave them, or what
/// their observers saw, apart.
@MainActor
@Suite struct SharedPropertyTests {
  enum Change: Equatable, Sendable {
    case add(Int)
    case set(Int)
    case double
  }

  /// A feature that changes the shared number itself or has the other store change it.
  struct Pair: Reducer {
    struct State: Equatable {
      var number: Shared<Int>
      var localChanges = 0
    }

    enum Action: Equatable {
      case here(Change)
      case there(Change)
    }

    let other: Store<Other.State, Change>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .here(let change):
        state.localChanges += 1
        state.number.withLock { Other.apply(change, to: &$0) }
        return .none
      case .there(let change):
        return .run { [other] _ in await other.send(change) }
      }
    }
  }

  /// The second store's feature: it changes the shared number too.
  struct Other: Reducer {
    struct State {
      var number: Shared<Int>
    }

    static func apply(_ change: Change, to number: inout Int) {
      switch change {
      case .add(let amount): number = (number &+ amount) % 1_000_003
      case .set(let value): number = value
      case .double: number = (number &* 2) % 1_000_003
      }
    }

    func reduce(into state: inout State, action: Change) -> Effect<Change> {
      state.number.withLock { Self.apply(action, to: &$0) }
      return .none
    }
  }

  /// The second store of the running sequence, and what the observers of each store saw.
  @MainActor
  final class World {
    var other: Store<Other.State, Change>?
    var seenByOther: Int?
    var tokens: [ObservationToken] = []
  }

  @Test func twoStoresHoldingOneValueAgreeAfterEveryStep() async throws {
    var number = try SharedValues().shared("number", default: 0)
    let world = World()
    let change = Generator<Change>.one(of: [
      Generator.int(in: 1...9).map(Change.add),
      Generator.int(in: 0...99).map(Change.set),
      .constant(.double),
    ])

    let failure = await checkProperties(
      of: { _ in
        // Each sequence starts from zero, with a second store of its own.
        number.withLock { $0 = 0 }
        let other = Store(initialState: Other.State(number: number), reducer: Other())
        world.other = other
        world.seenByOther = other.state.number.value
        // Unowned: the world holds the store, which holds this observer.
        world.tokens = [other.observe(\.number) { [unowned world] in world.seenByOther = $0 }]
        return Pair(other: other)
      },
      initialState: Pair.State(number: number),
      actions: { _ in
        .one(of: [change.map(Pair.Action.here), change.map(Pair.Action.there)])
      },
      properties: [
        .invariant("both stores hold the same number") { state in
          state.number.value == world.other?.state.number.value
        },
        .invariant("the other store's observer saw the last change") { state in
          world.seenByOther == state.number.value
        },
      ],
      sequences: 30, length: 40, seed: 25, concurrentSequences: 1)
    #expect(failure == nil)
  }
}
