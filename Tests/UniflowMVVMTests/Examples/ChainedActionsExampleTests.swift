import Testing
import UniflowMVVM

// The chained-actions article: a reducer may name the next action, so actions chain. On a store
// the chain is `.send`, it continues across async work with `.run`, a loop is stopped by the
// store's guard — and a view model's input starts it like any other action.

struct Order: Reducer {
  struct State: Equatable {
    var items: [String] = []
    var total = 0
    var receipt: String?
  }

  enum Action: Equatable {
    case add(String)
    case recalculate
    case checkout
    case paid(String)
    case printReceipt
  }

  let pay: @Sendable (Int) async -> String

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let item):
      state.items.append(item)
      return .send(.recalculate)
    case .recalculate:
      state.total = state.items.count * 3
      return .none
    case .checkout:
      return .run { [pay, total = state.total] send in
        await send(.paid(await pay(total)))
      }
    case .paid(let reference):
      state.receipt = reference
      return .send(.printReceipt)
    case .printReceipt:
      return .none
    }
  }
}

final class OrderViewModel: StoreViewModel<Order.State, Order.Action> {
  struct Input {
    let add: InputAction<String>
    let checkout: InputAction<Void>
  }

  struct Output {
    let total: OutputValue<String>
    let receipt: OutputValue<String?>
  }

  let input: Input
  let output: Output

  override init(store: StoreOf<Order>) {
    input = Input(
      add: InputAction(store: store, action: Order.Action.add),
      checkout: InputAction(store: store, action: .checkout))
    output = Output(
      total: OutputValue.selecting({ "$\($0.total)" }, in: store),
      receipt: OutputValue.selecting(\.receipt, in: store))
    super.init(store: store)
  }
}

@MainActor
@Suite struct ChainedActionsExampleTests {
  @Test func anInputRunsTheWholeSynchronousChainBeforeReturning() {
    var actions: [Order.Action] = []
    let store = Store(
      initialState: Order.State(), reducer: Order { _ in "" },
      middleware: [Middleware { action, _, _ in actions.append(action) }])
    let viewModel = OrderViewModel(store: store)
    viewModel.input.add("tea")
    #expect(viewModel.output.total.value == "$3")
    #expect(actions == [.add("tea"), .recalculate])
  }

  @Test func awaitingAnInputFollowsTheChainAcrossAsyncWork() async {
    var actions: [Order.Action] = []
    let store = Store(
      initialState: Order.State(), reducer: Order { total in "paid \(total)" },
      middleware: [Middleware { action, _, _ in actions.append(action) }])
    let viewModel = OrderViewModel(store: store)
    viewModel.input.add("tea")
    viewModel.input.add("cake")
    await viewModel.input.checkout().finish()
    #expect(viewModel.output.receipt.value == "paid 6")
    #expect(
      actions == [
        .add("tea"), .recalculate, .add("cake"), .recalculate, .checkout, .paid("paid 6"),
        .printReceipt,
      ])
  }

  @Test func aLoopingChainStartedFromAnInputIsStopped() {
    var diagnostics: [StoreDiagnostic] = []
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, String> { count, action in
        count += 1
        return .send(action == "a" ? "b" : "a")
      },
      configuration: StoreConfiguration(maximumSynchronousActions: 10) { diagnostics.append($0) })
    let viewModel = StoreViewModel(store: store)
    let start = InputAction(store: viewModel.store, action: "a")
    start()
    #expect(store.state == 10)
    guard case .actionCycle(let cycle) = diagnostics.first else {
      Issue.record("expected an action cycle, got \(diagnostics)")
      return
    }
    #expect(cycle.isRepeating)
    // The store keeps working after the loop was stopped.
    start()
    #expect(store.state == 20)
  }
}
