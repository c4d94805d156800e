extension RootCore {
  /// Starts an effect returned by the reducer: follow-up actions join the queue, cancellations
  /// happen now, async work starts in tasks. `cause` is the sequence number of the action whose
  /// reducer returned the effect: the actions it sends carry it.
  @usableFromInline
  func start(_ effect: Effect<Action>, ids: [EffectID], group: EffectGroup?, cause: Int) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      queue.append(QueuedAction(action: action, group: group, cause: cause))
    case .run(let priority, let operation):
      spawn(
        priority: priority.map(TaskPriority.init(rawValue:)), ids: ids, group: group, cause: cause
      ) {
        await $0.run(operation)
      }
    case .merge(let effects):
      for effect in effects { start(effect, ids: ids, group: group, cause: cause) }
    case .concatenate(let effects):
      let asyncStart = effects.firstIndex { !$0.isSynchronous } ?? effects.endIndex
      for effect in effects[..<asyncStart] { start(effect, ids: ids, group: group, cause: cause) }
      let rest = Array(effects[asyncStart...])
      guard !rest.isEmpty else { return }
      spawn(priority: nil, ids: ids, group: group, cause: cause) { environment in
        await environment.execute(.concatenate(rest))
      }
    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { tasks.cancel(id: id) }
      start(effect, ids: ids + [id], group: group, cause: cause)
    case .cancel(let id):
      tasks.cancel(id: id)
    case .throttle(let id, let effect):
      guard !tasks.isRunning(id: id) else { return }
      start(effect, ids: ids + [id], group: group, cause: cause)
    }
  }

  /// Runs `body` in a task registered under `ids` and in the effect group.
  func spawn(
    priority: TaskPriority?, ids: [EffectID], group: EffectGroup?, cause: Int,
    _ body: @escaping @MainActor (EffectEnvironment<Action>) async -> Void
  ) {
    let group = group ?? currentDrainGroup()
    let tasks = self.tasks
    let token = tasks.makeToken()
    let diagnosticHandler = configuration.diagnosticHandler
    let liveness = self.liveness
    let environment = EffectEnvironment(
      send: makeSend(group: group, cause: cause),
      tasks: tasks,
      diagnose: { diagnostic in
        guard liveness.isAlive else { return }
        diagnosticHandler(diagnostic)
      })
    let task = Task(priority: priority) { @MainActor in
      await body(environment)
      tasks.remove(token: token)
      group.didFinish(token: token)
    }
    group.didStart(token: token)
    tasks.insert(task, token: token, ids: ids)
  }

  /// The effect group of the outermost send being processed, made on first use.
  func currentDrainGroup() -> EffectGroup {
    if let drainGroup { return drainGroup }
    let group = EffectGroup(tasks: tasks)
    drainGroup = group
    return group
  }
}

/// What an effect's task needs from its store, without keeping the store alive.
@MainActor
struct EffectEnvironment<Action> {
  let send: Send<Action>
  let tasks: EffectTasks
  let diagnose: @MainActor (StoreDiagnostic) -> Void

  /// Runs an effect operation, routing its errors.
  func run(_ operation: @Sendable (Send<Action>) async throws -> Void) async {
    do {
      try await operation(send)
    } catch is CancellationError {
    } catch {
      if !Task.isCancelled { diagnose(.unhandledEffectError(String(describing: error))) }
    }
  }

  /// Runs an effect inside the current task, returning when all its work has finished.
  func execute(_ effect: Effect<Action>) async {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      send(action)
    case .run(_, let operation):
      await run(operation)
    case .merge(let effects):
      await awaitAll(effects.map { effect in Task { @MainActor in await execute(effect) } })
    case .concatenate(let effects):
      for effect in effects {
        guard !Task.isCancelled else { return }
        await execute(effect)
      }
    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { tasks.cancel(id: id) }
      await executeRegistered(effect, id: id)
    case .cancel(let id):
      tasks.cancel(id: id)
    case .throttle(let id, let effect):
      guard !tasks.isRunning(id: id) else { return }
      await executeRegistered(effect, id: id)
    }
  }

  /// Runs an effect in a child task that can be cancelled by `id`.
  private func executeRegistered(_ effect: Effect<Action>, id: EffectID) async {
    let token = tasks.makeToken()
    let tasks = self.tasks
    let task = Task { @MainActor in
      await execute(effect)
      tasks.remove(token: token)
    }
    tasks.insert(task, token: token, ids: [id])
    await awaitAll([task])
  }

  /// Waits for child tasks, passing cancellation on to them.
  private func awaitAll(_ children: [Task<Void, Never>]) async {
    await withTaskCancellationHandler {
      for child in children { await child.value }
    } onCancel: {
      for child in children { child.cancel() }
    }
  }
}
