import Testing
import UniflowMVVM

// The MVI Todo article: a repository publishes its todos and its errors, and the store binds
// them into its state when it is created; intents (create, delete) go through the store to the
// repository. Here the binding is start-up work of the view model: it runs while the view model
// lives, and no `.unbind` action is needed to stop it.

struct TodoItem: Identifiable, Equatable, Sendable {
  let id: Int
  var title: String
}

/// What the repository publishes.
enum RepositoryUpdate: Equatable, Sendable {
  case todos([TodoItem])
  case failure(String)
}

/// An in-memory repository that publishes every change to each subscriber's stream.
final class InMemoryTodoRepository: Sendable {
  private struct Storage {
    var todos: [TodoItem] = []
    var nextID = 1
    var subscribers: [Int: AsyncStream<RepositoryUpdate>.Continuation] = [:]
    var nextSubscriber = 0
  }

  private let storage = LockIsolated(Storage())
  private let unsubscriptions = AsyncStream.makeStream(of: Void.self)

  /// Yields each time a subscriber stops consuming its stream.
  var unsubscribed: AsyncStream<Void> {
    unsubscriptions.stream
  }

  /// The number of streams still being consumed.
  var subscriberCount: Int {
    storage.withLock { $0.subscribers.count }
  }

  /// The todos now, then every change and error.
  func updates() -> AsyncStream<RepositoryUpdate> {
    let (stream, continuation) = AsyncStream.makeStream(of: RepositoryUpdate.self)
    let key = storage.withLock { storage in
      defer { storage.nextSubscriber += 1 }
      storage.subscribers[storage.nextSubscriber] = continuation
      continuation.yield(.todos(storage.todos))
      return storage.nextSubscriber
    }
    continuation.onTermination = { [storage, unsubscriptions] _ in
      storage.withLock { _ = $0.subscribers.removeValue(forKey: key) }
      unsubscriptions.continuation.yield()
    }
    return stream
  }

  func create(title: String) async {
    guard !title.isEmpty else { return publish(.failure("A todo needs a title")) }
    let todos = storage.withLock { storage in
      storage.todos.append(TodoItem(id: storage.nextID, title: title))
      storage.nextID += 1
      return storage.todos
    }
    publish(.todos(todos))
  }

  func delete(id: Int) async {
    let todos: [TodoItem]? = storage.withLock { storage in
      guard storage.todos.contains(where: { $0.id == id }) else { return nil }
      storage.todos.removeAll { $0.id == id }
      return storage.todos
    }
    publish(todos.map { .todos($0) } ?? .failure("No todo \(id)"))
  }

  private func publish(_ update: RepositoryUpdate) {
    let subscribers = storage.withLock { Array($0.subscribers.values) }
    for subscriber in subscribers { subscriber.yield(update) }
  }
}

struct TodoStore: Reducer {
  struct State: Equatable {
    var todos: IdentifiedArray<TodoItem> = []
    var error: String?
    var hasError: Bool { error != nil }
  }

  enum Action: Equatable {
    case bind
    case repository(RepositoryUpdate)
    case create(String)
    case delete(id: Int)
    case dismissError
  }

  let repository: InMemoryTodoRepository

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .bind:
      return .run { [repository] send in
        for await update in repository.updates() { await send(.repository(update)) }
      }
    case .repository(.todos(let todos)):
      state.todos = IdentifiedArray(uniqueElements: todos)
      return .none
    case .repository(.failure(let message)):
      state.error = message
      return .none
    case .create(let title):
      return .run { [repository] _ in await repository.create(title: title) }
    case .delete(let id):
      return .run { [repository] _ in await repository.delete(id: id) }
    case .dismissError:
      state.error = nil
      return .none
    }
  }
}

final class TodoListViewModel: StoreViewModel<TodoStore.State, TodoStore.Action> {
  struct Input {
    let create: InputAction<String>
    let delete: InputAction<Int>
    let dismissError: InputAction<Void>
  }

  struct Output {
    let titles: OutputValue<[String]>
    let hasError: OutputValue<Bool>
    let error: OutputValue<String?>
  }

  let input: Input
  let output: Output

  override init(store: StoreOf<TodoStore>) {
    input = Input(
      create: InputAction(store: store, action: TodoStore.Action.create),
      delete: InputAction(store: store) { .delete(id: $0) },
      dismissError: InputAction(store: store, action: .dismissError))
    output = Output(
      titles: OutputValue.selecting({ $0.todos.map(\.title) }, in: store),
      hasError: OutputValue.selecting(\.hasError, in: store),
      error: OutputValue.selecting(\.error, in: store))
    super.init(store: store)
    startUp(.bind)
  }
}

@MainActor
@Suite struct MVITodoExampleTests {
  @Test func theRepositoryIsBoundAtStartUpAndIntentsFlowThroughIt() async {
    let repository = InMemoryTodoRepository()
    await repository.create(title: "Buy milk")
    let store = Store(initialState: TodoStore.State(), reducer: TodoStore(repository: repository))
    let viewModel = TodoListViewModel(store: store)
    let titles = Arrivals(of: viewModel.output.titles)
    let errors = Arrivals(of: viewModel.output.error)
    var nextTitles = titles.stream.makeAsyncIterator()
    var nextError = errors.stream.makeAsyncIterator()

    #expect(await nextTitles.next() == ["Buy milk"])  // the binding delivered the todos

    viewModel.input.create("Walk the dog")
    #expect(await nextTitles.next() == ["Buy milk", "Walk the dog"])

    viewModel.input.delete(1)
    #expect(await nextTitles.next() == ["Walk the dog"])

    viewModel.input.delete(42)
    #expect(await nextError.next() == "No todo 42")
    #expect(viewModel.output.hasError.value)
    viewModel.input.dismissError()
    #expect(!viewModel.output.hasError.value)
  }

  @Test func releasingTheViewModelUnbindsTheRepository() async {
    let repository = InMemoryTodoRepository()
    let store = Store(initialState: TodoStore.State(), reducer: TodoStore(repository: repository))
    var viewModel: TodoListViewModel? = TodoListViewModel(store: store)
    weak let weakViewModel = viewModel
    let titles = Arrivals(of: viewModel!.output.titles)
    var nextTitles = titles.stream.makeAsyncIterator()
    viewModel?.input.create("Buy milk")
    #expect(await nextTitles.next() == ["Buy milk"])
    #expect(repository.subscriberCount == 1)

    viewModel = nil
    #expect(weakViewModel == nil)
    // The binding is cancelled, which ends its stream: wait for the repository to see it go.
    var unsubscribed = repository.unsubscribed.makeAsyncIterator()
    _ = await unsubscribed.next()
    #expect(repository.subscriberCount == 0)
    #expect(store.state.todos.map(\.title) == ["Buy milk"])
  }
}
