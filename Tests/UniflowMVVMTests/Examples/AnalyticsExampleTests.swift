import Testing
import UniflowMVVM

// The single funnel the MVVM article missed: with view models on one store, an analytics
// middleware on that store sees every view model's inputs — a screen's, a child screen's and a
// table row's — without the view models knowing about it.

/// Records analytics events, as a tracker would send them.
@MainActor
final class AnalyticsRecorder {
  private(set) var events: [String] = []

  /// The middleware that tracks the actions worth tracking.
  func middleware() -> Middleware<Checklist.State, Checklist.Action> {
    Middleware { [self] action, state, _ in
      switch action {
      case .add(let task): events.append("task_added:\(task.id) count:\(state.tasks.count)")
      case .remove(let id): events.append("task_removed:\(id)")
      case .tasks(.element(let id, .toggle)):
        events.append("task_toggled:\(id) done:\(state.tasks[id: id]?.isDone ?? false)")
      case .setFilter(let filter): events.append("filtered:\(filter)")
      case .move, .tasks: break
      }
    }
  }
}

final class ChecklistViewModel: StoreViewModel<Checklist.State, Checklist.Action> {
  struct Input {
    let add: InputAction<String>
    let remove: InputAction<Int>
    let filter: InputAction<String>
  }

  struct Output {
    let rows: ListViewModel<Checklist.Task, TaskRowViewModel>
  }

  let input: Input
  let output: Output

  override init(store: StoreOf<Checklist>) {
    var lastID = 100
    input = Input(
      add: InputAction(store: store) { title in
        lastID += 1
        return .add(Checklist.Task(id: lastID, title: title))
      },
      remove: InputAction(store: store) { .remove(id: $0) },
      filter: InputAction(store: store, action: Checklist.Action.setFilter))
    output = Output(
      rows: ListViewModel(store: store, rows: \.tasks, action: Checklist.Action.tasks) {
        TaskRowViewModel(store: $0)
      })
    super.init(store: store)
  }
}

@MainActor
@Suite struct AnalyticsExampleTests {
  @Test func analyticsSeesEveryViewModelInputAtTheStore() {
    let analytics = AnalyticsRecorder()
    let store = Store(
      initialState: Checklist.State(), reducer: Checklist(), middleware: [analytics.middleware()])
    let viewModel = ChecklistViewModel(store: store)

    viewModel.input.add("Milk")
    viewModel.input.add("Eggs")
    viewModel.output.rows.row(at: 0).toggle()  // a row view model's input
    viewModel.input.filter("done")
    viewModel.input.remove(102)

    #expect(
      analytics.events == [
        "task_added:101 count:1", "task_added:102 count:2", "task_toggled:101 done:true",
        "filtered:done", "task_removed:102",
      ])
    #expect(viewModel.output.rows.count.value == 1)
  }
}
