import Foundation
import Testing
import Uniflow

extension DocumentationSampleTests {
  /// The samples of the *How an action flows* article.
  @MainActor
  @Suite struct HowAnActionFlows {
    struct Counter: Reducer {
      struct State {
        var count = 0
      }

      enum Action {
        case increment
        case load
        case loaded(Int)
      }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .increment:
          state.count += 1
          return .none
        case .load:
          return .run { send in await send(.loaded(42)) }
        case .loaded(let count):
          state.count = count
          return .none
        }
      }
    }

    struct Row: Reducer {
      struct State: Identifiable, Equatable {
        let id: Int
        var isDone = false
      }

      enum Action { case toggle }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.isDone.toggle()
        return .none
      }
    }

    struct Checklist: Reducer {
      struct State {
        var rows: IdentifiedArray<Row.State> = [Row.State(id: 1), Row.State(id: 2)]
      }

      enum Action {
        case rows(IdentifiedAction<Int, Row.Action>)

        static let rowsCase = ActionCase(Action.rows)
      }

      var body: some Reducer<State, Action> {
        Reduce { _, _ in .none }
          .forEach(\.rows, action: Action.rowsCase) { Row() }
      }
    }

    @Test func theCounterIsToldOfEachActionAndOfTheEffectsAction() async {
      let store = Store(initialState: Counter.State(), reducer: Counter())
      var printed: [Int] = []
      let token = store.observe(\.count) { count in printed.append(count) }
      store.send(.increment)  // 1. one action, one observer
      await store.send(.load).finish()  // 2. with a `.run` effect
      #expect(printed == [1, 42])
      #expect(store.runningEffectCount == 0)
      withExtendedLifetime(token) {}
    }

    @Test func aRowsActionReachesTheRootAndItsObserver() throws {
      let checklist = Store(initialState: Checklist.State(), reducer: Checklist())
      let row = try #require(checklist.scope(id: 2, in: \.rows, action: Checklist.Action.rowsCase))
      var printed: [Bool] = []
      let rowToken = row.observe(\.isDone) { isDone in printed.append(isDone) }
      row.send(.toggle)  // 3. through a row's store
      #expect(printed == [true])
      #expect(checklist.state.rows.map(\.isDone) == [false, true])
      withExtendedLifetime(rowToken) {}
    }
  }
}
