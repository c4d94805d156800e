import Foundation
import UniflowDevTools
import UniflowTesting

/// A small feature with synchronous follow-ups and an asynchronous effect, recorded and replayed
/// by the tests.
struct Checklist: Reducer {
  struct Item: Codable, Equatable, Sendable {
    var id: Int
    var title: String
    var isDone = false
  }

  struct State: Codable, Equatable {
    var items: [Item] = []
    var isLoading = false
    var nextID = 1
  }

  enum Action: Codable, Equatable {
    case add(String)
    case toggle(id: Int)
    case remove(id: Int)
    case clearDone
    case load
    case loaded([Item])
    case filter(Filter)

    enum Filter: Codable, Equatable {
      case all
      case open
    }
  }

  /// What the load effect answers.
  var stored: [Item] = []
  /// When set, `toggle` also renames the item: a changed behaviour a replay must catch.
  var togglesRename = false

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let title):
      state.items.append(Item(id: state.nextID, title: title))
      state.nextID += 1
      return .none
    case .toggle(let id):
      guard let index = state.items.firstIndex(where: { $0.id == id }) else { return .none }
      state.items[index].isDone.toggle()
      if togglesRename { state.items[index].title += "!" }
      return .none
    case .remove(let id):
      state.items.removeAll { $0.id == id }
      return .none
    case .clearDone:
      let done = state.items.filter(\.isDone).map(\.id)
      return .merge(done.map { .send(.remove(id: $0)) })
    case .load:
      state.isLoading = true
      let stored = self.stored
      return .run { send in await send(.loaded(stored)) }
    case .loaded(let items):
      state.isLoading = false
      state.items = items
      state.nextID = (items.map(\.id).max() ?? 0) + 1
      return .none
    case .filter:
      return .none
    }
  }
}

/// A recorder into a ring buffer, and the store it records, for `Checklist`.
@MainActor
func makeRecordedChecklist(
  _ feature: Checklist = Checklist(), initialState: Checklist.State = Checklist.State(),
  capacity: Int = 1000, appName: String = "checklist"
) throws -> (Store<Checklist.State, Checklist.Action>, RingBufferSessionSink) {
  let sink = RingBufferSessionSink(capacity: capacity)
  let recorder = try SessionRecorder<Checklist.State, Checklist.Action>(
    appName: appName, initialState: initialState, sink: sink,
    startDate: Date(timeIntervalSince1970: 1_800_000_000), clock: TestClock())
  let store = Store(
    initialState: initialState, reducer: feature,
    middleware: [recorder.middleware])
  return (store, sink)
}
