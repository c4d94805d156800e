import Uniflow

/// Who listens to a repository's ``TodoRepository/updates()``: the continuation of each
/// stream, kept with the rest of the repository's state under its lock.
struct TodoSubscribers {
  typealias Update = Result<TodoSnapshot, TodoStoreError>

  private var continuations: [Int: AsyncStream<Update>.Continuation] = [:]
  private var nextID = 0

  /// Whether nobody listens: then there is nothing to read or publish.
  var isEmpty: Bool { continuations.isEmpty }

  /// Hands `update` to every subscriber.
  func publish(_ update: Update) {
    for continuation in continuations.values { continuation.yield(update) }
  }

  /// A new stream of updates, a consumer slower than the changes skipping to the latest: its
  /// continuation joins the subscribers at `path` in `state` (where `start` may yield the
  /// first update, under the same lock as every publication), and leaves them when the stream
  /// ends.
  static func stream<State>(
    in state: LockIsolated<State>, at path: any WritableKeyPath<State, TodoSubscribers> & Sendable,
    start: (inout State, AsyncStream<Update>.Continuation) -> Void = { _, _ in }
  ) -> AsyncStream<Update> {
    let (stream, continuation) = AsyncStream.makeStream(of: Update.self, bufferingPolicy: .bufferingNewest(1))
    let id = state.withLock { state in
      let id = state[keyPath: path].nextID
      state[keyPath: path].nextID += 1
      state[keyPath: path].continuations[id] = continuation
      start(&state, continuation)
      return id
    }
    continuation.onTermination = { [weak state] _ in
      state?.withLock { _ = $0[keyPath: path].continuations.removeValue(forKey: id) }
    }
    return stream
  }

  /// Ends the stream of every subscriber at `path` in `state`: what a repository does when it
  /// is released.
  static func finishAll<State>(
    in state: LockIsolated<State>, at path: any WritableKeyPath<State, TodoSubscribers> & Sendable
  ) {
    let continuations = state.withLock { Array($0[keyPath: path].continuations.values) }
    for continuation in continuations { continuation.finish() }
  }
}
