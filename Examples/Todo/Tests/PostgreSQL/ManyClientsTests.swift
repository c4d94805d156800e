import Foundation
import Testing
import TodoCore
import Uniflow
import UniflowTestSupport

/// Three clients of one server making changes at the same time, each with its own store and
/// change watch: every screen ends with the list the server has.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct ManyClientsTests {
  /// The changes each client makes: 100 in the test suite; `scripts/todo-many-clients` sets
  /// `UNIFLOW_TODO_CHANGES_PER_CLIENT=1000`.
  static let changesPerClient =
    Int(ProcessInfo.processInfo.environment["UNIFLOW_TODO_CHANGES_PER_CLIENT"] ?? "") ?? 100

  /// One client: its repository, its store and its watch.
  @MainActor final class Client {
    let repository: PostgresTodoRepository
    let store: StoreOf<TodoFeature>
    let watching: Task<Void, Never>
    let observation: StoreTask
    /// The identifiers of the todos this client added, as their outcomes said.
    var added: [Todo.ID] = []
    private var token: ObservationToken?

    init(server: PostgresServer, seed: UInt64) throws {
      repository = try PostgresTodoRepository(server: server)
      var generator = SplitMix64(seed: seed)
      let now = Date(timeIntervalSince1970: 1_700_000_000 + Double(generator.next() % 1_000))
      store = Store(
        initialState: TodoFeature.State(), reducer: TodoFeature(repository: repository, now: { now }))
      observation = store.send(.startObserving)
      let (store, watch) = (store, PostgresChangeWatch(repository: repository))
      watching = Task { await watch.run { error in store.send(.failed(error)) } }
      token = store.observeActions { [weak self] action, _ in
        if case .finished(.added(let todo), _) = action { self?.added.append(todo.id) }
        if case .finished(.addedAll(let todos), _) = action { self?.added += todos.map(\.id) }
      }
    }

    /// Makes `count` changes chosen by `generator` from what the client's screen shows, one
    /// after another; a change another client made impossible (a todo it deleted) fails, as
    /// it would for a user.
    func makeChanges(_ count: Int, seed: UInt64) async {
      var generator = SplitMix64(seed: seed)
      for number in 0..<count {
        let todos = store.list.todos
        let target = todos.isEmpty ? nil : todos[Int(generator.next() % UInt64(todos.count))].id
        let action: TodoFeature.Action
        switch (generator.next() % 10, target) {
        case (0...2, _), (_, nil): action = .add(title: "todo \(seed)-\(number)")
        case (3, let id?): action = .rename(id: id, title: "renamed \(seed)-\(number)")
        case (4...5, let id?): action = .toggle(id: id)
        case (6, let id?): action = .setNote(id: id, note: "note \(number)\nof \(seed)")
        case (7, let id?): action = .delete(id: id)
        case (8, _): action = .undo
        default:
          action =
            generator.next() % 2 == 0
            ? .redo : .addAll(titles: ["a \(seed)-\(number)", "b \(seed)-\(number)"])
        }
        await store.send(action).finish()
      }
    }

    /// Waits until the screen's list is `expected`.
    func waitForList(_ expected: IdentifiedArray<Todo>) async {
      if store.list.todos == expected { return }
      let (changes, continuation) = AsyncStream.makeStream(of: IdentifiedArray<Todo>.self)
      let token = store.observe(\.list.todos) { continuation.yield($0) }
      for await todos in changes where todos == expected { break }
      _ = token
    }

    func stop() async {
      watching.cancel()
      await watching.value
      store.send(.stopObserving)
      await observation.finish()
    }
  }

  @Test func threeClientsChangingAtOnceEndWithTheServersListOnEveryScreen() async throws {
    let server = try PostgresTestCluster.shared().makeDatabase()
    let clients = try (1...3).map { try Client(server: server, seed: UInt64($0)) }
    await withTaskGroup(of: Void.self) { group in
      for (index, client) in clients.enumerated() {
        group.addTask { await client.makeChanges(Self.changesPerClient, seed: UInt64(index + 1)) }
      }
    }
    let onServer = try await PostgresTodoRepository(server: server).snapshot()
    for client in clients { await client.waitForList(onServer.todos) }
    for client in clients {
      #expect(client.store.list.todos == onServer.todos)
      await client.stop()
    }
    // Nothing doubled: every todo added got an identifier of its own.
    let added = clients.flatMap(\.added)
    #expect(Set(added).count == added.count)
    #expect(onServer.todos.allSatisfy { added.contains($0.id) })
  }
}
