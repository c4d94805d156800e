import Foundation
import Testing
import TodoCore
import Uniflow
import UniflowTesting

/// A repository whose every command fails with one error, and whose updates publish that
/// error after the empty contents: the failures a real database can have, on demand.
final class FailingRepository: TodoRepository {
  let error: TodoStoreError

  init(_ error: TodoStoreError) {
    self.error = error
  }

  func updates() -> AsyncStream<Result<TodoSnapshot, TodoStoreError>> {
    AsyncStream { continuation in
      continuation.yield(.success(TodoSnapshot()))
      continuation.yield(.failure(error))
      continuation.finish()
    }
  }

  func snapshot() async throws(TodoStoreError) -> TodoSnapshot { throw error }
  func add(title: String, at date: Date) async throws(TodoStoreError) -> Todo { throw error }
  func add(titles: [String], at date: Date) async throws(TodoStoreError) -> [Todo] { throw error }
  func rename(id: Todo.ID, to title: String) async throws(TodoStoreError) -> TodoUpdate { throw error }
  func setDone(_ isDone: Bool, id: Todo.ID, at date: Date) async throws(TodoStoreError) -> TodoUpdate {
    throw error
  }
  func toggleDone(id: Todo.ID, at date: Date) async throws(TodoStoreError) -> TodoUpdate { throw error }
  func delete(id: Todo.ID) async throws(TodoStoreError) -> Todo { throw error }
  func clearDone() async throws(TodoStoreError) -> [Todo] { throw error }
  func undo() async throws(TodoStoreError) -> String { throw error }
  func redo() async throws(TodoStoreError) -> String { throw error }
  func reloadIfChanged() async throws(TodoStoreError) { throw error }
}

/// An in-memory repository that counts the calls to `reloadIfChanged()`.
final class ReloadCountingRepository: InMemoryBackedRepository {
  let base = InMemoryTodoRepository()
  private let reloads = LockIsolated(0)

  var reloadCount: Int { reloads.withLock { $0 } }

  func reloadIfChanged() async throws(TodoStoreError) {
    reloads.withLock { $0 += 1 }
  }
}

/// An in-memory repository whose changes succeed but whose contents cannot be read: a
/// database that fails between a change and the read after it.
final class UnreadableRepository: InMemoryBackedRepository {
  /// The repository the changes go to.
  let base = InMemoryTodoRepository()
  let error: TodoStoreError

  init(_ error: TodoStoreError) {
    self.error = error
  }

  func updates() -> AsyncStream<Result<TodoSnapshot, TodoStoreError>> {
    AsyncStream { continuation in
      continuation.yield(.failure(error))
      continuation.finish()
    }
  }

  func snapshot() async throws(TodoStoreError) -> TodoSnapshot { throw error }
  func reloadIfChanged() async throws(TodoStoreError) {}
}

/// An in-memory repository that publishes its changes only when the test says so.
///
/// A real repository publishes its new contents as part of each change, and the feature's
/// binding delivers them on a task of its own, sooner or later. Here a new subscriber gets the
/// contents at once, as everywhere, and after that each change's contents wait, in order, until
/// the test calls `publish()`: the test decides when the binding catches up, and an exhaustive
/// test can receive each action in turn.
final class HeldUpdatesRepository: InMemoryBackedRepository {
  private typealias Continuation = AsyncStream<Result<TodoSnapshot, TodoStoreError>>.Continuation

  private struct Subscribers {
    /// The contents after the last change, published or not.
    var latest: TodoSnapshot
    /// The contents after each change not published yet, oldest first.
    var unpublished: [TodoSnapshot] = []
    var continuations: [Int: Continuation] = [:]
    var nextID = 0
  }

  let base: InMemoryTodoRepository
  private let subscribers: LockIsolated<Subscribers>

  init(todos: IdentifiedArray<Todo> = []) {
    base = InMemoryTodoRepository(todos: todos)
    var sorted = todos
    sorted.sort { $0.id < $1.id }
    subscribers = LockIsolated(Subscribers(latest: TodoSnapshot(todos: sorted)))
  }

  deinit {
    let continuations = subscribers.withLock { Array($0.continuations.values) }
    for continuation in continuations { continuation.finish() }
  }

  /// Sends the contents after the oldest change not published yet to every subscriber.
  func publish() {
    subscribers.withLock { subscribers in
      guard !subscribers.unpublished.isEmpty else {
        Issue.record("no change to publish")
        return
      }
      let snapshot = subscribers.unpublished.removeFirst()
      for continuation in subscribers.continuations.values { continuation.yield(.success(snapshot)) }
    }
  }

  func updates() -> AsyncStream<Result<TodoSnapshot, TodoStoreError>> {
    let (stream, continuation) = AsyncStream.makeStream(of: Result<TodoSnapshot, TodoStoreError>.self)
    let id = subscribers.withLock { subscribers in
      let id = subscribers.nextID
      subscribers.nextID += 1
      subscribers.continuations[id] = continuation
      continuation.yield(.success(subscribers.latest))
      return id
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.subscribers.withLock { $0.continuations.removeValue(forKey: id) }
    }
    return stream
  }

  func add(title: String, at date: Date) async throws(TodoStoreError) -> Todo {
    try await change { repository throws(TodoStoreError) in try await repository.add(title: title, at: date) }
  }
  func add(titles: [String], at date: Date) async throws(TodoStoreError) -> [Todo] {
    try await change { repository throws(TodoStoreError) in try await repository.add(titles: titles, at: date)
    }
  }
  func rename(id: Todo.ID, to title: String) async throws(TodoStoreError) -> TodoUpdate {
    try await change { repository throws(TodoStoreError) in try await repository.rename(id: id, to: title) }
  }
  func setDone(_ isDone: Bool, id: Todo.ID, at date: Date) async throws(TodoStoreError) -> TodoUpdate {
    try await change { repository throws(TodoStoreError) in
      try await repository.setDone(isDone, id: id, at: date)
    }
  }
  func toggleDone(id: Todo.ID, at date: Date) async throws(TodoStoreError) -> TodoUpdate {
    try await change { repository throws(TodoStoreError) in try await repository.toggleDone(id: id, at: date)
    }
  }
  func delete(id: Todo.ID) async throws(TodoStoreError) -> Todo {
    try await change { repository throws(TodoStoreError) in try await repository.delete(id: id) }
  }
  func clearDone() async throws(TodoStoreError) -> [Todo] {
    try await change { repository throws(TodoStoreError) in try await repository.clearDone() }
  }
  func undo() async throws(TodoStoreError) -> String {
    try await change { repository throws(TodoStoreError) in try await repository.undo() }
  }
  func redo() async throws(TodoStoreError) -> String {
    try await change { repository throws(TodoStoreError) in try await repository.redo() }
  }
  func reloadIfChanged() async throws(TodoStoreError) {}

  /// Applies a command to the contents, and keeps the contents after it for `publish()`.
  private func change<Value>(
    _ command: (InMemoryTodoRepository) async throws(TodoStoreError) -> Value
  ) async throws(TodoStoreError) -> Value {
    let value = try await command(base)
    let contents = try await base.snapshot()
    subscribers.withLock { subscribers in
      subscribers.latest = contents
      subscribers.unpublished.append(contents)
    }
    return value
  }
}

/// An in-memory repository far away: each command and each read waits `latency` on a test
/// clock before it reaches the contents. Commands reach them in the order they were sent, and
/// their results come back late, so that a feature gets new actions while its changes are on
/// their way.
final class LaggingRepository: InMemoryBackedRepository {
  let base = InMemoryTodoRepository()
  let clock: TestClock
  let latency: Duration

  init(clock: TestClock, latency: Duration = .milliseconds(100)) {
    self.clock = clock
    self.latency = latency
  }

  /// Runs `request` on the contents once the latency has passed.
  private func lagging<Value>(
    _ request: (InMemoryTodoRepository) async throws(TodoStoreError) -> Value
  ) async throws(TodoStoreError) -> Value {
    // A request cancelled on its way still arrives: the repository is not the one cancelled.
    try? await clock.sleep(for: latency)
    return try await request(base)
  }

  func snapshot() async throws(TodoStoreError) -> TodoSnapshot {
    try await lagging { base throws(TodoStoreError) in try await base.snapshot() }
  }
  func add(title: String, at date: Date) async throws(TodoStoreError) -> Todo {
    try await lagging { base throws(TodoStoreError) in try await base.add(title: title, at: date) }
  }
  func add(titles: [String], at date: Date) async throws(TodoStoreError) -> [Todo] {
    try await lagging { base throws(TodoStoreError) in try await base.add(titles: titles, at: date) }
  }
  func rename(id: Todo.ID, to title: String) async throws(TodoStoreError) -> TodoUpdate {
    try await lagging { base throws(TodoStoreError) in try await base.rename(id: id, to: title) }
  }
  func setDone(_ isDone: Bool, id: Todo.ID, at date: Date) async throws(TodoStoreError) -> TodoUpdate {
    try await lagging { base throws(TodoStoreError) in try await base.setDone(isDone, id: id, at: date) }
  }
  func toggleDone(id: Todo.ID, at date: Date) async throws(TodoStoreError) -> TodoUpdate {
    try await lagging { base throws(TodoStoreError) in try await base.toggleDone(id: id, at: date) }
  }
  func delete(id: Todo.ID) async throws(TodoStoreError) -> Todo {
    try await lagging { base throws(TodoStoreError) in try await base.delete(id: id) }
  }
  func clearDone() async throws(TodoStoreError) -> [Todo] {
    try await lagging { base throws(TodoStoreError) in try await base.clearDone() }
  }
  func undo() async throws(TodoStoreError) -> String {
    try await lagging { base throws(TodoStoreError) in try await base.undo() }
  }
  func redo() async throws(TodoStoreError) -> String {
    try await lagging { base throws(TodoStoreError) in try await base.redo() }
  }
}

/// A test repository built on an in-memory one: each call goes to `base` unless the
/// repository implements it itself.
protocol InMemoryBackedRepository: TodoRepository {
  var base: InMemoryTodoRepository { get }
}

extension InMemoryBackedRepository {
  func updates() -> AsyncStream<Result<TodoSnapshot, TodoStoreError>> { base.updates() }
  func snapshot() async throws(TodoStoreError) -> TodoSnapshot { try await base.snapshot() }
  func add(title: String, at date: Date) async throws(TodoStoreError) -> Todo {
    try await base.add(title: title, at: date)
  }
  func add(titles: [String], at date: Date) async throws(TodoStoreError) -> [Todo] {
    try await base.add(titles: titles, at: date)
  }
  func rename(id: Todo.ID, to title: String) async throws(TodoStoreError) -> TodoUpdate {
    try await base.rename(id: id, to: title)
  }
  func setDone(_ isDone: Bool, id: Todo.ID, at date: Date) async throws(TodoStoreError) -> TodoUpdate {
    try await base.setDone(isDone, id: id, at: date)
  }
  func toggleDone(id: Todo.ID, at date: Date) async throws(TodoStoreError) -> TodoUpdate {
    try await base.toggleDone(id: id, at: date)
  }
  func delete(id: Todo.ID) async throws(TodoStoreError) -> Todo { try await base.delete(id: id) }
  func clearDone() async throws(TodoStoreError) -> [Todo] { try await base.clearDone() }
  func undo() async throws(TodoStoreError) -> String { try await base.undo() }
  func redo() async throws(TodoStoreError) -> String { try await base.redo() }
  func reloadIfChanged() async throws(TodoStoreError) { try await base.reloadIfChanged() }
}
