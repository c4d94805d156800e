/// The tasks of a root store's running effects, by token and by cancellation identifier.
///
/// Lock-guarded rather than main-actor-isolated so that a store's nonisolated `deinit` can
/// cancel everything that is still running, and so that an effect's task can sign off where it
/// ends, without a hop to the main actor.
@usableFromInline
final class EffectTasks: Sendable {
  private struct Entry {
    let task: Task<Void, Never>
    let ids: EffectIDs
  }

  private struct Registry {
    var nextToken = 0
    var tasks: [Int: Entry] = [:]
    var tokensByID: [EffectID: Set<Int>] = [:]
    var isClosed = false
  }

  private let registry = LockIsolated(Registry())

  @usableFromInline
  init() {}

  /// Starts the task `makeTask` makes, registered under `ids` and in `group`; makes none if the
  /// store is already gone.
  ///
  /// The task is made and registered in one step under the lock, so that it is known (to
  /// cancellation, to its group, to the count) before it can end, wherever it runs. `makeTask`
  /// gets the task's token; the task must call ``finish(token:group:)`` with it when its work
  /// is done, and must not wait for anything in `makeTask` itself.
  ///
  /// - Returns: The task, or `nil` when the store is gone.
  @discardableResult
  func start(
    ids: EffectIDs, group: EffectGroup?, _ makeTask: (_ token: Int) -> Task<Void, Never>
  ) -> Task<Void, Never>? {
    let started: (task: Task<Void, Never>, isCancelled: Bool)? = registry.withLock { registry in
      guard !registry.isClosed else { return nil }
      let token = registry.nextToken
      registry.nextToken &+= 1
      let task = makeTask(token)
      registry.tasks[token] = Entry(task: task, ids: ids)
      for id in ids { registry.tokensByID[id, default: []].insert(token) }
      group?.state.insert(token)
      return (task, group?.state.isCancelled ?? false)
    }
    guard let started else { return nil }
    if started.isCancelled { started.task.cancel() }
    return started.task
  }

  /// Forgets an ended task, and takes it out of its group, waking those who wait for the
  /// group if it was the last. The last thing a task started with ``start(ids:group:_:)`` does.
  func finish(token: Int, group: EffectGroup?) {
    let (waiters, handlers) = registry.withLock { registry in
      if let entry = registry.tasks.removeValue(forKey: token) {
        for id in entry.ids {
          guard let index = registry.tokensByID.index(forKey: id) else { continue }
          registry.tokensByID.values[index].remove(token)
          if registry.tokensByID.values[index].isEmpty { registry.tokensByID.remove(at: index) }
        }
      }
      guard let group else { return ([CheckedContinuation<Void, Never>](), [@Sendable () -> Void]()) }
      group.state.remove(token)
      guard group.state.isEmpty else { return ([], []) }
      defer {
        group.state.waiters = []
        group.state.finishHandlers = []
      }
      return (group.state.waiters, group.state.finishHandlers)
    }
    for waiter in waiters { waiter.resume() }
    for handler in handlers { handler() }
  }

  /// Reads or changes the state of `group`, a group of this store, under the lock.
  func withGroupState<Result: Sendable>(
    _ group: EffectGroup, _ body: (inout EffectGroup.State) -> Result
  ) -> Result {
    registry.withLock { _ in body(&group.state) }
  }

  /// Cancels every task running under `id`; nothing happens if none is.
  ///
  /// The tasks are no longer under `id` once cancelled, though they still run until they end:
  /// so cancelling `id` again (a debounce restarted on every key, while the main actor is too
  /// busy for the cancelled tasks to end) costs nothing for them.
  func cancel(id: EffectID) {
    let tasks = registry.withLock { registry in
      (registry.tokensByID.removeValue(forKey: id) ?? []).compactMap { registry.tasks[$0]?.task }
    }
    for task in tasks { task.cancel() }
  }

  /// Cancels the tasks with the given tokens.
  func cancel(tokens: some Sequence<Int>) {
    let tasks = registry.withLock { registry in tokens.compactMap { registry.tasks[$0]?.task } }
    for task in tasks { task.cancel() }
  }

  /// Whether any task is running under `id`, and was not cancelled.
  func isRunning(id: EffectID) -> Bool {
    registry.withLock { $0.tokensByID[id] != nil }
  }

  /// The number of tasks running.
  var count: Int {
    registry.withLock { $0.tasks.count }
  }

  /// Cancels every task and every task inserted from now on.
  func close() {
    let tasks = registry.withLock { registry in
      registry.isClosed = true
      return registry.tasks.values.map(\.task)
    }
    for task in tasks { task.cancel() }
  }
}
