import Uniflow
import UniflowDevTools
import UniflowMVVM

// A checklist with rows, a presented editor (an optional child with an id) and a destination
// (an enum child), each run by the library's composition operators, driven through child
// stores, a view model and a recorder: the common paths an app takes through every product.

struct Item: Reducer {
  struct State: Equatable, Identifiable, Codable {
    var id: Int
    var title: String
    var isDone = false
  }
  enum Action: Equatable, Codable { case toggle, rename(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle: state.isDone.toggle()
    case .rename(let title): state.title = title
    }
    return .none
  }
}

struct Destination: Reducer {
  enum State: Equatable, Codable { case help, about(version: Int) }
  enum Action: Equatable, Codable { case next }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .help = state { state = .about(version: 1) }
    return .none
  }
}

struct Checklist: Reducer {
  struct State: Equatable, Codable {
    var items: IdentifiedArray<Item.State> = []
    var editor: Item.State?
    var destination: Destination.State?
    var nextID = 1
  }
  enum Action: Equatable, Codable {
    case add(String)
    case items(IdentifiedAction<Int, Item.Action>)
    case edit(id: Int)
    case editor(Item.Action)
    case show(Destination.State?)
    case destination(Destination.Action)

    static let itemsCase = ActionCase(Action.items)
    static let editorCase = ActionCase(Action.editor)
    static let destinationCase = ActionCase(Action.destination)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .add(let title):
        state.items.append(Item.State(id: state.nextID, title: title))
        state.nextID += 1
      case .edit(let id):
        state.editor = state.items[id: id]
      case .show(let destination):
        state.destination = destination
      case .items, .editor, .destination:
        break
      }
      return .none
    }
    .forEach(\.items, action: Action.itemsCase) { Item() }
    .ifLet(\.editor, action: Action.editorCase) { Item() }
    .ifLet(\.destination, action: Action.destinationCase) { Destination() }
  }
}

final class ChecklistViewModel: StoreViewModel<Checklist.State, Checklist.Action> {
  struct Input { let add: InputAction<String> }
  struct Output { let summary: OutputValue<String> }

  let input: Input
  let output: Output

  override init(store: StoreOf<Checklist>) {
    input = Input(add: InputAction(store: store) { .add($0) })
    output = Output(
      summary: OutputValue.selecting(
        { state in "\(state.items.count(where: \.isDone)) of \(state.items.count) done" }, in: store))
    super.init(store: store)
  }
}

@MainActor
func run() throws {
  let sink = RingBufferSessionSink(capacity: 100)
  let recorder = try SessionRecorder<Checklist.State, Checklist.Action>(
    appName: "checklist", initialState: Checklist.State(), sink: sink)
  let store = Store(
    initialState: Checklist.State(), reducer: Checklist(), middleware: [recorder.middleware])
  let viewModel = ChecklistViewModel(store: store)
  var summaries: [String] = []
  let token = viewModel.output.summary.observe { summaries.append($0) }

  viewModel.input.add("milk")
  viewModel.input.add("bread")
  let rows = store.scope(forEach: \.items, action: ActionCase(Checklist.Action.items))
  rows[0].send(.toggle)
  store.send(.edit(id: 2))
  store.scope(state: \.editor, action: ActionCase(Checklist.Action.editor))?.send(.rename("rye bread"))
  store.send(.show(.help))
  store.send(.destination(.next))
  store.send(.show(nil))

  withExtendedLifetime(token) {}
  let expected = ["0 of 1 done", "0 of 2 done", "1 of 2 done"]
  guard summaries == expected, store.state.editor?.title == "rye bread",
    store.state.destination == nil, recorder.stepCount == 8, recorder.failure == nil
  else {
    throw UnexpectedResult(
      description: "\(summaries), \(store.state), \(recorder.stepCount) steps recorded")
  }
  let replay = Replay(try sink.log(), reducer: Checklist()).run()
  print("checklist: \(summaries.last ?? ""), \(recorder.stepCount) steps recorded; replay: \(replay)")
}

/// What the program found when the library did not do what it promises.
struct UnexpectedResult: Error, CustomStringConvertible {
  let description: String
}

try await MainActor.run { try run() }
