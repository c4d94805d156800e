/// What an effect's task needs from its store, without keeping the store alive: the place
/// where ``EffectInterpreter`` runs effects inside a task, waiting for each one's work.
///
/// The rest of a concatenation runs here, in a task of its own, on the main actor: each
/// effect's work is awaited before the next starts. A follow-up is sent through the store's
/// `Send`, a `.run` operation runs in the task, a merge runs its effects in child tasks and
/// waits for them all, and a cancellable effect runs in a child task registered under its
/// identifier.
@MainActor
struct EffectEnvironment<Action>: EffectPlacement {
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

  /// Runs an effect inside the current task, returning when all its work has finished.
  func execute(_ effect: Effect<Action>) async {
    guard let work = EffectInterpreter.interpret(effect, in: self, at: ()) else { return }
    switch work {
    case .operation(let operation):
      await run(operation)
    case .children(let children):
      await awaitAll(children)
    case .sequence(let effects):
      for effect in effects {
        guard !Task.isCancelled else { return }
        await execute(effect)
      }
    }
  }

  /// Runs an effect operation, routing its errors.
  private func run(_ operation: @Sendable (Send<Action>) async throws -> Void) async {
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

  /// Waits for child tasks, passing cancellation on to them.
  private func awaitAll(_ children: [Task<Void, Never>]) async {
    await withTaskCancellationHandler {
      for child in children { await child.value }
    } onCancel: {
      for child in children { child.cancel() }
    }
  }

  // MARK: - EffectPlacement

  /// Nothing: inside a task, a cancellable effect runs in a child task of its own, and the
  /// effects' tasks join no group.
  typealias Context = Void

  func deliver(_ message: SendMessage<Action>, at context: Void) {
    switch message {
    case .action(let action): send(action)  // Dropped if the task is cancelled.
    case .dismiss, .dismissal, .report: send.deliver(message)
    }
  }

  func run(
    operation: @escaping @Sendable (Send<Action>) async throws -> Void, priority: UInt8?,
    at context: Void
  ) -> EffectWork<Action>? {
    .operation(operation)
  }

  func merge(_ effects: [Effect<Action>], at context: Void) -> EffectWork<Action>? {
    let child = forChild
    return .children(
      effects.map { effect in mainActorTask(on: executor) { await child.execute(effect) } })
  }

  func concatenate(_ effects: [Effect<Action>], at context: Void) -> EffectWork<Action>? {
    .sequence(effects)
  }

  /// Runs the effect in a child task that can be cancelled by `id`, for the task to wait for.
  func cancellable(
    _ effect: Effect<Action>, id: EffectID, at context: Void
  ) -> EffectWork<Action>? {
    let (tasks, child, executor) = (tasks, forChild, executor)
    let task = tasks.start(ids: .one(id), group: nil) { token in
      mainActorTask(on: executor) {
        await child.execute(effect)
        tasks.finish(token: token, group: nil)
      }
    }
    return task.map { .children([$0]) }
  }
}
