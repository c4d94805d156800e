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
  func perform<Value>(_ command: TodoCommand<Value>) async throws(TodoStoreError) -> TodoChange<Value> {
    throw error
  }
  func history(of id: Todo.ID) async throws(TodoStoreError) -> [String] { throw error }
  func changes(of id: Todo.ID) async throws(TodoStoreError) -> [TodoHistoryEntry] { throw error }
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

/// An in-memory repository that another process shares: a change made through
/// ``changeFromOutside(_:)`` is published to ``updates()``, as a real repository publishes
/// what ``TodoRepository/reloadIfChanged()`` finds another process committed.
final class OutsideChangesRepository: InMemoryBackedRepository {
  private typealias Continuation = AsyncStream<Result<TodoSnapshot, TodoStoreError>>.Continuation

  let base: InMemoryTodoRepository
  private let continuations = LockIsolated<[Int: Continuation]>([:])
  private let nextID = LockIsolated(0)

  init(todos: IdentifiedArray<Todo> = []) {
    base = InMemoryTodoRepository(todos: todos)
  }

  deinit {
    for continuation in continuations.withLock({ Array($0.values) }) { continuation.finish() }
  }

  /// Makes a change as another process would, and publishes the contents it left.
  func changeFromOutside<Value>(
    _ change: @Sendable (InMemoryTodoRepository) async throws(TodoStoreError) -> TodoChange<Value>
  ) async throws(TodoStoreError) {
    let contents = try await change(base).contents
    for continuation in continuations.withLock({ Array($0.values) }) {
      continuation.yield(.success(contents))
    }
  }

  func updates() -> AsyncStream<Result<TodoSnapshot, TodoStoreError>> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: Result<TodoSnapshot, TodoStoreError>.self, bufferingPolicy: .bufferingNewest(1))
    let id = nextID.withLock { id in
      defer { id += 1 }
      return id
    }
    continuations.withLock { $0[id] = continuation }
    // The contents now, read after subscribing: a change made in between is in them.
    let base = base
    Task {
      do throws(TodoStoreError) {
        continuation.yield(.success(try await base.snapshot()))
      } catch {
        continuation.yield(.failure(error))
      }
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.continuations.withLock { $0.removeValue(forKey: id) }
    }
    return stream
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
  func perform<Value>(_ command: TodoCommand<Value>) async throws(TodoStoreError) -> TodoChange<Value> {
    try await lagging { base throws(TodoStoreError) in try await base.perform(command) }
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
  func perform<Value>(_ command: TodoCommand<Value>) async throws(TodoStoreError) -> TodoChange<Value> {
    try await base.perform(command)
  }
  func history(of id: Todo.ID) async throws(TodoStoreError) -> [String] { try await base.history(of: id) }
  func changes(of id: Todo.ID) async throws(TodoStoreError) -> [TodoHistoryEntry] {
    try await base.changes(of: id)
  }
  func reloadIfChanged() async throws(TodoStoreError) { try await base.reloadIfChanged() }
}
