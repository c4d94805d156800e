import Testing
import UniflowMVVM

// The README's MVVM example, kept here so that it is known to compile and to print what the
// README says.

struct Counter: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action { case increment, decrement }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    }
    return .none
  }
}

final class CounterViewModel: StoreViewModel<Counter.State, Counter.Action>, ViewModel {
  struct Input { let increment: InputAction<Void> }
  struct Output { let countText: OutputValue<String> }

  let input: Input
  let output: Output

  override init(store: StoreOf<Counter>) {
    input = Input(increment: InputAction(store: store, action: .increment))
    output = Output(countText: OutputValue.selecting({ "count: \($0.count)" }, in: store))
    super.init(store: store)
  }
}

@MainActor
@Suite struct ReadmeMVVMExampleTests {
  @Test func counterViewModel() {
    var printed: [String] = []
    let viewModel = CounterViewModel(store: Store(initialState: Counter.State(), reducer: Counter()))
    let token = viewModel.output.countText.observe { printed.append($0) }
    viewModel.input.increment()  // count: 1
    #expect(printed == ["count: 1"])
    withExtendedLifetime(token) {}
  }
}
