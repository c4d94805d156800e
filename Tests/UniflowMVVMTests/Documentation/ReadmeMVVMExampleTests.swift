import Testing
import UniflowMVVM
import UniflowTestSupport

// The README's MVVM example, kept here so that it is known to compile and to print what the
// README says.

/// The README tour's counter, which the MVVM section builds on.
typealias Counter = ReadmeTour.Counter

final class CounterViewModel: StoreViewModel<Counter.State, Counter.Action> {
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
