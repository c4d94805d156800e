import Foundation
import Uniflow

// A program that changes a persisted shared value as fast as it can: the subject of the test
// that kills a writer at random moments (`SharedKillTests`).
//
//     shared-writer <file> <last>
//
// It reads the counter kept in `file` and prints `loaded <n>`; then, through a store, counts up
// to `last`, as many changes at a time as each line of its standard input says, printing each
// number once it is made; at the end of its input, it flushes and prints `done`. Each value
// carries a long text made of its number's last digit, so that a torn file is seen.

/// Writes a line to standard output at once: a test reads each as it comes.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The value written: a number, and a text that must match it.
struct Counter: Codable, Equatable, Sendable {
  var number = 0
  var text = ""

  /// The counter at `number`.
  init(number: Int = 0) {
    self.number = number
    self.text = String(repeating: String(number % 10), count: 20_000)
  }
}

struct Counting: Reducer {
  struct State {
    var counter: Shared<Counter>
  }

  enum Action { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.counter.withLock { $0 = Counter(number: $0.number + 1) }
    return .none
  }
}

@MainActor
func run(file: URL, last: Int) async -> Int32 {
  // No interval between writes: the storage's task writes all the time.
  let values = SharedValues(writeInterval: .zero)
  let counter: Shared<Counter>
  do {
    counter = try await values.shared(JSONFileStorage<Counter>(url: file), default: Counter())
  } catch {
    say("error \(error)")
    return 1
  }
  if let error = counter.storageError {
    say("error \(error)")
    return 1
  }
  say("loaded \(counter.value.number)")
  let store = Store(initialState: Counting.State(counter: counter), reducer: Counting())
  // Each line of standard input says how many changes to make next; its end, to finish.
  while let line = readLine(), let count = Int(line) {
    for _ in 0..<count where counter.value.number < last {
      store.send(.increment)
      say("\(counter.value.number)")
    }
  }
  await values.flush()
  say("done")
  return 0
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let last = Int(arguments[2]) else {
  say("usage: shared-writer <file> <last>")
  exit(2)
}
exit(await run(file: URL(fileURLWithPath: arguments[1]), last: last))
