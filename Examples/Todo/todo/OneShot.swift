import TodoCore
import Uniflow

/// Runs one command through the todo feature's store, prints what it did, and returns the exit
/// status.
///
/// The terminal program is a view like any other: it sends the command as an action, waits
/// for the action's effects, and renders the state they left (the outcome, or the error).
@MainActor
struct OneShot {
  let store: Store<TodoFeature.State, TodoFeature.Action>

  init(repository: any TodoRepository) {
    store = Recording.makeStore(repository: repository)
  }

  func run(_ command: Invocation.Command) async -> Int32 {
    switch command {
    case .standard: return await list(.all)
    case .list(let filter): return await list(filter)
    case .add(let title): return await perform(.add(title: title))
    case .addFromStandardInput: return await addFromStandardInput()
    case .done(let id): return await perform(.setDone(id: id, isDone: true))
    case .reopen(let id): return await perform(.setDone(id: id, isDone: false))
    case .rename(let id, let title): return await perform(.rename(id: id, title: title))
    case .remove(let id): return await perform(.delete(id: id))
    case .clearDone: return await perform(.clearDone)
    case .undo: return await perform(.undo)
    case .help, .version: return 0
    }
  }

  /// Sends an action, waits for its effects, and prints the outcome or the error.
  private func perform(_ action: TodoFeature.Action) async -> Int32 {
    await store.send(action).finish()
    if let error = store.error {
      printError(error.description)
      return error == .emptyTitle ? 2 : 1
    }
    if let outcome = store.outcome { print(outcome) }
    return 0
  }

  private func list(_ filter: TodoFilter) async -> Int32 {
    store.send(.setFilter(filter))
    await store.send(.load).finish()
    if let error = store.error {
      printError(error.description)
      return 1
    }
    print(plainList(store.visibleTodos, filter: filter))
    return 0
  }

  /// Adds one todo per non-blank line of standard input, each in its own transaction; stops at
  /// the first failure.
  private func addFromStandardInput() async -> Int32 {
    var titles: [String] = []
    while let line = readLine() {
      if let title = Todo.normalizedTitle(line) { titles.append(title) }
    }
    guard !titles.isEmpty else {
      printError("no titles on standard input (one title per line)")
      return 2
    }
    for title in titles {
      let status = await perform(.add(title: title))
      guard status == 0 else { return status }
    }
    return 0
  }
}
