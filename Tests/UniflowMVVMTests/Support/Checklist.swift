import UniflowMVVM

/// A list of tasks, each with its own row feature.
struct Checklist: Reducer {
  struct Task: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var isDone = false
  }

  struct Row: Reducer {
    enum Action: Equatable { case toggle, rename(String) }

    func reduce(into task: inout Task, action: Action) -> Effect<Action> {
      switch action {
      case .toggle: task.isDone.toggle()
      case .rename(let title): task.title = title
      }
      return .none
    }
  }

  struct State: Equatable {
    var tasks: IdentifiedArray<Task> = []
    var filter = ""
  }

  enum Action: Equatable {
    case add(Task)
    case remove(id: Int)
    case move(from: Int, to: Int)
    case setFilter(String)
    case tasks(IdentifiedAction<Int, Row.Action>)

    static let tasksCase = ActionCase(embed: Action.tasks) {
      if case .tasks(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .add(let task): state.tasks.append(task)
      case .remove(let id): state.tasks.remove(id: id)
      case .move(let from, let to): state.tasks.move(fromOffset: from, toOffset: to)
      case .setFilter(let filter): state.filter = filter
      case .tasks: break
      }
      return .none
    }
    .forEach(\.tasks, action: Action.tasksCase) {
      Row()
    }
  }
}

/// A row's view model: its title and whether it is done, and an input to toggle it.
final class TaskRowViewModel: StoreViewModel<Checklist.Task, Checklist.Row.Action> {
  let title: OutputValue<String>
  let isDone: OutputValue<Bool>
  let toggle: InputAction<Void>

  override init(store: Store<Checklist.Task, Checklist.Row.Action>) {
    title = OutputValue.selecting(\.title, in: store)
    isDone = OutputValue.selecting(\.isDone, in: store)
    toggle = InputAction(store: store, action: .toggle)
    super.init(store: store)
  }
}
