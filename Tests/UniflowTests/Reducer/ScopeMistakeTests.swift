import Testing
import UniflowTestSupport

/// Passing the parent case itself to `Scope`, as `store.scope` allows, is a mistake whose
/// compiler message shows the fix.
@Suite struct ScopeMistakeTests {
  @Test func scopeGivenTheCaseItselfFailsWithAMessageThatShowsTheActionCaseToDeclare() async throws {
    let source = """
      import Uniflow

      struct Counter: Reducer {
        struct State { var count = 0 }
        enum Action { case increment }
        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }

      struct App: Reducer {
        struct State { var counter = Counter.State() }
        enum Action { case counter(Counter.Action) }
        var body: some Reducer<State, Action> {
          Scope(state: \\.counter, action: Action.counter) { Counter() }
        }
      }
      """
    let diagnostics = try await compilerDiagnostics(for: source)
    #expect(
      diagnostics == [
        "13:5: error: 'init(state:action:child:)' is unavailable: Scope extracts the child's actions "
          + "too: pass an ActionCase, declared once next to the action enum: static let counterCase = "
          + "ActionCase(Action.counter)"
      ])
  }

  @Test func theFixTheMessageShowsCompiles() async throws {
    let source = """
      import Uniflow

      struct Counter: Reducer {
        struct State { var count = 0 }
        enum Action { case increment }
        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }

      struct App: Reducer {
        struct State { var counter = Counter.State() }
        enum Action {
          case counter(Counter.Action)
          static let counterCase = ActionCase(Action.counter)
        }
        var body: some Reducer<State, Action> {
          Scope(state: \\.counter, action: Action.counterCase) { Counter() }
        }
      }
      """
    #expect(try await compilerDiagnostics(for: source) == [])
  }
}
