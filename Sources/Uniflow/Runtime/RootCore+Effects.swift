extension RootCore {
  /// Starts an effect returned by the reducer: follow-up actions join the queue, cancellations
  /// happen now, async work starts in tasks. `cause` is the sequence number of the action whose
  /// reducer returned the effect: the actions it sends carry it. `step` is that action's place
  /// in an async chain, if it is in one: its `.run` effects are then watched (see
  /// ``EffectWatch``), and none starts once the chain is stopped.
  @usableFromInline
  func start(
    _ effect: Effect<Action>, ids: EffectIDs, group: EffectGroup?, cause: Int,
    step: ChainStep<Action>?
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      queue.append(
        QueuedAction(
          action: action, group: group, cause: cause, origin: step.map { .followUp($0) }))
    case .run(let priority, let operation):
      // The operation is nonisolated: its task starts on the global executor (or the
      // configured one) and ends there, with no hop to the main actor before or after it.
      let group = group ?? currentDrainGroup()
      let (tasks, liveness, diagnosticHandler) = (tasks, liveness, configuration.diagnosticHandler)
      let executor: (any TaskExecutor)?
      let send: Send<Action>
      let taskIDs: EffectIDs
      if let step {
        // A step of an async chain: its effect is watched, and cancelled with the chain.
        guard !step.chain.isStopped else { return }
        let watch = EffectWatch(host: configuration.effectExecutor as? any EffectJobHost)
        executor = watch
        send = makeSend(group: group, cause: cause, chain: .watched(step, watch))
        taskIDs = ids.appending(step.chain.id)
      } else {
        executor = configuration.effectExecutor
        send = makeSend(group: group, cause: cause, chain: .unwatched)
        taskIDs = ids
      }
      tasks.start(ids: taskIDs, group: group) { token in
        operationTask(
          on: executor, priority: priority.map(TaskPriority.init(rawValue:)), operation, send: send,
          liveness: liveness, diagnosticHandler: diagnosticHandler, tasks: tasks, token: token,
          group: group)
      }
    case .merge(let effects):
      for effect in effects { start(effect, ids: ids, group: group, cause: cause, step: step) }
    case .concatenate(let effects):
      let asyncStart = effects.firstIndex { !$0.isSynchronous } ?? effects.endIndex
      for effect in effects[..<asyncStart] {
        start(effect, ids: ids, group: group, cause: cause, step: step)
      }
      let rest = Array(effects[asyncStart...])
      guard !rest.isEmpty, step?.chain.isStopped != true else { return }
      spawn(priority: nil, ids: ids, group: group, cause: cause, step: step) { environment in
        await environment.execute(.concatenate(rest))
      }
    case .cancellable(let id, let cancelInFlight, let effect):
      if cancelInFlight { tasks.cancel(id: id) }
      start(effect, ids: ids.appending(id), group: group, cause: cause, step: step)
    case .cancel(let id):
      tasks.cancel(id: id)
    case .throttle(let id, let effect):
      guard !tasks.isRunning(id: id) else { return }
      start(effect, ids: ids.appending(id), group: group, cause: cause, step: step)
    case .dismiss:
      configuration.diagnosticHandler(.dismissalIgnored(noPresenter))
    case .report(let diagnostic):
      configuration.diagnosticHandler(diagnostic)
    }
  }

  /// Runs `body` on the main actor in a task registered under `ids` and in the effect group.
  /// For a `step` of an async chain, the task is watched and cancelled with the chain, as a
  /// `.run` effect's is; the child tasks it makes are not watched.
  func spawn(
    priority: TaskPriority?, ids: EffectIDs, group: EffectGroup?, cause: Int,
    step: ChainStep<Action>?,
    _ body: @escaping @MainActor @Sendable (EffectEnvironment<Action>) async -> Void
  ) {
    let group = group ?? currentDrainGroup()
    let unwatchedSend = makeSend(group: group, cause: cause, chain: .unwatched)
    let watch = step.map { _ in
      EffectWatch(host: configuration.effectExecutor as? any EffectJobHost)
    }
    let environment = EffectEnvironment(
      send: step.flatMap { step in
        watch.map { makeSend(group: group, cause: cause, chain: .watched(step, $0)) }
      } ?? unwatchedSend,
      unwatchedSend: unwatchedSend, watch: watch, tasks: tasks,
      executor: configuration.effectExecutor, diagnose: diagnosticReporter())
    let tasks = self.tasks
    let taskIDs = step.map { ids.appending($0.chain.id) } ?? ids
    tasks.start(ids: taskIDs, group: group) { token in
      mainActorTask(on: watch ?? environment.executor, priority: priority) {
        await body(environment)
        tasks.finish(token: token, group: group)
      }
    }
  }

  /// Reports a diagnostic of an effect, unless the store is gone.
  func diagnosticReporter() -> @MainActor @Sendable (StoreDiagnostic) -> Void {
    let diagnosticHandler = configuration.diagnosticHandler
    let liveness = self.liveness
    return { diagnostic in
      guard liveness.isAlive else { return }
      diagnosticHandler(diagnostic)
    }
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
  /// The send of the child tasks the effect makes (of a merge, of a cancellable effect): they
  /// are not watched, so their actions start async chains afresh.
  let unwatchedSend: Send<Action>
  /// The watch of the task the environment runs in, when it is a step of an async chain.
  let watch: EffectWatch?
  let tasks: EffectTasks
  /// Where the nonisolated work of the effect's tasks runs; `nil` for the global executor.
  let executor: (any TaskExecutor)?
  let diagnose: @MainActor @Sendable (StoreDiagnostic) -> Void

  /// Runs an effect operation, routing its errors.
  func run(_ operation: @Sendable (Send<Action>) async throws -> Void) async {
    // The task moves from the main actor to its watch to run the operation: no wait.
    watch?.expectMove()
    if let diagnostic = await runOperation(operation, send: send) { diagnose(diagnostic) }
  }

  /// The environment of a child task: the same store, unwatched.
  private var forChild: Self {
    Self(
      send: unwatchedSend, unwatchedSend: unwatchedSend, watch: nil, tasks: tasks,
      executor: executor, diagnose: diagnose)
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
      let child = forChild
      await awaitAll(
        effects.map { effect in mainActorTask(on: executor) { await child.execute(effect) } })
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
    case .dismiss:
      send.dismiss()
    case .report(let diagnostic):
      diagnose(diagnostic)
    }
  }

  /// Runs an effect in a child task that can be cancelled by `id`.
  private func executeRegistered(_ effect: Effect<Action>, id: EffectID) async {
    let tasks = self.tasks
    let child = forChild
    let task = tasks.start(ids: .one(id), group: nil) { token in
      mainActorTask(on: executor) {
        await child.execute(effect)
        tasks.finish(token: token, group: nil)
      }
    }
    guard let task else { return }
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

/// A task that runs `operation` on the main actor; the nonisolated functions it calls run on
/// `executor` when there is one, otherwise on the global executor.
///
/// With an executor, the task starts there and hops to the main actor: a task with an executor
/// preference cannot start on an actor.
func mainActorTask(
  on executor: (any TaskExecutor)?, priority: TaskPriority? = nil,
  _ operation: @escaping @MainActor @Sendable () async -> Void
) -> Task<Void, Never> {
  guard let executor else { return Task(priority: priority, operation: operation) }
  return Task(executorPreference: executor, priority: priority) { await operation() }
}

/// A task that runs an effect operation off any actor, then signs off in `tasks`; on
/// `executor` when there is one, otherwise on the global executor.
///
/// A free function, so that the task's closure is nonisolated: made in the main actor's code,
/// it would start on the main actor and hop off it to call the operation.
func operationTask<Action>(
  on executor: (any TaskExecutor)?, priority: TaskPriority?,
  _ operation: @escaping @Sendable (Send<Action>) async throws -> Void,
  send: Send<Action>, liveness: Liveness,
  diagnosticHandler: @escaping @MainActor @Sendable (StoreDiagnostic) -> Void,
  tasks: EffectTasks, token: Int, group: EffectGroup
) -> Task<Void, Never> {
  // The task lets go of the operation (and what it captured) before it signs off: whoever
  // waits for the group may go on at once, on another thread, and count on the effect's
  // resources being released (a database closed, say) once its effects have finished.
  // Everything the task needs is in the one variable it captures, which is then its whole
  // context.
  var work = Optional((operation, send, liveness, diagnosticHandler, tasks, token, group))
  return Task(executorPreference: executor, priority: priority) {
    guard let (operation, send, liveness, diagnosticHandler, tasks, token, group) = work.take()
    else { return }
    var diagnostic: StoreDiagnostic?
    do {
      let (operation, send) = (consume operation, consume send)
      diagnostic = await runOperation(operation, send: send)
    }
    if let diagnostic { await report(diagnostic, to: diagnosticHandler, unlessGone: liveness) }
    tasks.finish(token: token, group: group)
  }
}

/// Hands a diagnostic to the store's handler, unless the store is gone.
@MainActor
func report(
  _ diagnostic: StoreDiagnostic, to handler: @MainActor (StoreDiagnostic) -> Void,
  unlessGone liveness: Liveness
) {
  guard liveness.isAlive else { return }
  handler(diagnostic)
}

/// Runs an effect operation off any actor.
///
/// - Returns: What to report: `nil` when the operation ended normally, threw
///   `CancellationError`, or threw anything after its task was cancelled.
func runOperation<Action>(
  _ operation: @Sendable (Send<Action>) async throws -> Void, send: Send<Action>
) async -> StoreDiagnostic? {
  do {
    try await operation(send)
  } catch is CancellationError {
  } catch {
    if !Task.isCancelled { return .unhandledEffectError(String(describing: error)) }
  }
  return nil
}
