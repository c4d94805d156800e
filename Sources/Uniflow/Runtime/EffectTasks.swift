/// The tasks of a root store's running effects, by token and by cancellation identifier.
///
/// Lock-guarded rather than main-actor-isolated so that a store's nonisolated `deinit` can
/// cancel everything that is still running.
@usableFromInline
final class EffectTasks: Sendable {
  private struct Registry {
    var nextToken = 0
    var tasks: [Int: (task: Task<Void, Never>, ids: [EffectID])] = [:]
    var tokensByID: [EffectID: Set<Int>] = [:]
    var isClosed = false
  }

  private let registry = LockIsolated(Registry())

  @usableFromInline
  init() {}

  /// Reserves a token for a task about to be created.
  func makeToken() -> Int {
    registry.withLock { registry in
      defer { registry.nextToken &+= 1 }
      return registry.nextToken
    }
  }

  /// Records a running task under `ids`; cancels it at once if the store is already gone.
  func insert(_ task: Task<Void, Never>, token: Int, ids: [EffectID]) {
    let isClosed = registry.withLock { registry in
      guard !registry.isClosed else { return true }
      registry.tasks[token] = (task, ids)
      for id in ids { registry.tokensByID[id, default: []].insert(token) }
      return false
    }
    if isClosed { task.cancel() }
  }

  /// Forgets a finished task.
  func remove(token: Int) {
    registry.withLock { registry in
      guard let entry = registry.tasks.removeValue(forKey: token) else { return }
      for id in entry.ids {
        guard let index = registry.tokensByID.index(forKey: id) else { continue }
        registry.tokensByID.values[index].remove(token)
        if registry.tokensByID.values[index].isEmpty { registry.tokensByID.remove(at: index) }
      }
    }
  }

  /// Cancels every task running under `id`; nothing happens if none is.
  func cancel(id: EffectID) {
    let tasks = registry.withLock { registry in
      (registry.tokensByID[id] ?? []).compactMap { registry.tasks[$0]?.task }
    }
    for task in tasks { task.cancel() }
  }

  /// Cancels the tasks with the given tokens.
  func cancel(tokens: some Sequence<Int>) {
    let tasks = registry.withLock { registry in tokens.compactMap { registry.tasks[$0]?.task } }
    for task in tasks { task.cancel() }
  }

  /// Whether any task is running under `id`.
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
