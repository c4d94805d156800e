import Foundation
import Testing
import TodoCore

@Suite struct ConcurrentProcessesTests {
  @Test func twoProcessesAddingAtOnceLoseNothing() async throws {
    let todo = try TodoProcess()
    let count = 200
    // Both processes start on a database that does not exist yet, so they also race to create
    // and migrate it. Each reads its titles from standard input, which is written only once
    // both are running, and adds them one transaction at a time.
    let first = try todo.start(["--db", todo.database, "add", "-"])
    let second = try todo.start(["--db", todo.database, "add", "-"])
    for (running, name) in [(first, "first"), (second, "second")] {
      let titles = (1...count).map { "\(name) \($0)\n" }.joined()
      running.input.fileHandleForWriting.write(Data(titles.utf8))
    }
    let results = try await [todo.finish(first), todo.finish(second)]
    for result in results {
      #expect(result.status == 0)
      #expect(result.standardError == "")
      #expect(result.standardOutput.split(separator: "\n").count == count)
    }

    let todos = try await SQLiteTodoRepository(path: todo.database).snapshot().todos
    #expect(todos.count == 2 * count)
    #expect(Set(todos.map(\.id)).count == 2 * count)
    let expected = Set(["first", "second"].flatMap { name in (1...count).map { "\(name) \($0)" } })
    #expect(Set(todos.map(\.title)) == expected)
    // Each process added its own todos in order.
    for name in ["first", "second"] {
      let own = todos.filter { $0.title.hasPrefix(name + " ") }.map(\.title)
      #expect(own == (1...count).map { "\(name) \($0)" })
    }
  }
}
