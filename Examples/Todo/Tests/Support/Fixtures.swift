import Foundation
import TodoCore
import Uniflow

/// The date the tests' features and repositories record.
let testDate = Date(timeIntervalSince1970: 1_700_000_000)

/// A todo as the repositories create it at `testDate`.
func todo(_ id: Todo.ID, _ title: String, isDone: Bool = false) -> Todo {
  Todo(id: id, title: title, isDone: isDone, createdAt: testDate, completedAt: isDone ? testDate : nil)
}

extension Shared {
  /// Changes the value from a test's own code, outside any reducer: `withLock` for the
  /// asynchronous tests, where `withLock` itself is not available.
  @MainActor
  mutating func change(_ body: (inout Value) -> Void) {
    withLock(body)
  }
}
