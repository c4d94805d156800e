/// The effects started by one `send`, including those started by actions they sent back:
/// what a ``StoreTask`` waits for and cancels.
///
/// Its state is guarded by the lock of the store's ``EffectTasks``, which it shares rather than
/// having one of its own: a task joins its group and leaves it in the same step as it joins
/// and leaves the store's registry, and an effect's task can sign off where it ends, without a
/// hop to the main actor. A lock of its own would cost three allocations per send.
@usableFromInline
final class EffectGroup: @unchecked Sendable {
  // @unchecked: `state` is read and written only inside `tasks.withGroupState`, that is with
  // the lock of `tasks` held.
  struct State {
    /// The tokens of the running tasks. The first is held apart: most sends start one effect,
    /// and a set would allocate for it.
    private var first: Int?
    private var others: Set<Int> = []
    var waiters: [CheckedContinuation<Void, Never>] = []
    /// Called once the group is finished, by ``onFinish(_:)``.
    var finishHandlers: [@Sendable () -> Void] = []
    var isCancelled = false

    var isEmpty: Bool { first == nil && others.isEmpty }

    var tokens: [Int] { (first.map { [$0] } ?? []) + others }

    mutating func insert(_ token: Int) {
      if first == nil { first = token } else { others.insert(token) }
    }

    mutating func remove(_ token: Int) {
      if first == token { first = nil } else { others.remove(token) }
    }
  }

  var state = State()
  let tasks: EffectTasks

  @usableFromInline
  init(tasks: EffectTasks) {
    self.tasks = tasks
  }

  var isFinished: Bool { tasks.withGroupState(self) { $0.isEmpty } }

  var isCancelled: Bool { tasks.withGroupState(self) { $0.isCancelled } }

  /// Cancels every task of the group that is running, and every task that joins it later.
  func cancel() {
    let tokens = tasks.withGroupState(self) { state in
      state.isCancelled = true
      return state.tokens
    }
    tasks.cancel(tokens: tokens)
  }

  /// Calls `body` once every task of the group has ended: at once if none is running,
  /// otherwise on the task of the last one, where it ends.
  func onFinish(_ body: @escaping @Sendable () -> Void) {
    let isFinished = tasks.withGroupState(self) { state in
      guard state.isEmpty else {
        state.finishHandlers.append(body)
        return false
      }
      return true
    }
    if isFinished { body() }
  }

  /// Returns once every task of the group has ended; on the caller's actor, so waiting from the
  /// main actor costs no hop.
  func wait(isolation: isolated (any Actor)? = #isolation) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isFinished = tasks.withGroupState(self) { state in
        guard state.isEmpty else {
          state.waiters.append(continuation)
          return false
        }
        return true
      }
      if isFinished { continuation.resume() }
    }
  }
}
