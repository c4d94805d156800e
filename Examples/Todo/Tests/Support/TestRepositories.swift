import Foundation
import Synchronization
import TodoCore

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
  func rename(id: Todo.ID, to title: String) async throws(TodoStoreError) -> Todo { throw error }
  func setDone(_ isDone: Bool, id: Todo.ID, at date: Date) async throws(TodoStoreError) -> Todo {
    throw error
  }
  func delete(id: Todo.ID) async throws(TodoStoreError) -> Todo { throw error }
  func clearDone() async throws(TodoStoreError) -> [Todo] { throw error }
  func undo() async throws(TodoStoreError) -> String { throw error }
  func reloadIfChanged() async throws(TodoStoreError) { throw error }
}

/// An in-memory repository that counts the calls to `reloadIfChanged()`.
final class ReloadCountingRepository: TodoRepository {
  private let base = InMemoryTodoRepository()
  private let reloads = Mutex(0)

  var reloadCount: Int { reloads.withLock { $0 } }

  func updates() -> AsyncStream<Result<TodoSnapshot, TodoStoreError>> { base.updates() }
  func snapshot() async throws(TodoStoreError) -> TodoSnapshot { try await base.snapshot() }
  func add(title: String, at date: Date) async throws(TodoStoreError) -> Todo {
    try await base.add(title: title, at: date)
  }
  func rename(id: Todo.ID, to title: String) async throws(TodoStoreError) -> Todo {
    try await base.rename(id: id, to: title)
  }
  func setDone(_ isDone: Bool, id: Todo.ID, at date: Date) async throws(TodoStoreError) -> Todo {
    try await base.setDone(isDone, id: id, at: date)
  }
  func delete(id: Todo.ID) async throws(TodoStoreError) -> Todo { try await base.delete(id: id) }
  func clearDone() async throws(TodoStoreError) -> [Todo] { try await base.clearDone() }
  func undo() async throws(TodoStoreError) -> String { try await base.undo() }
  func reloadIfChanged() async throws(TodoStoreError) {
    reloads.withLock { $0 += 1 }
  }
}
