/// The one interpreter of effects: what each case of an ``Effect`` does, wherever it runs.
///
/// An effect is met in two places, and each case means the same in both:
///
/// * **Started from the reducer** (the ``RootCore`` itself, at an ``EffectStart``), on the main
///   actor, as an action is processed: nothing may wait there. A follow-up or a dismissal joins
///   the queue, a `.run` starts a task, a merge starts each of its effects, a concatenation
///   runs its synchronous beginning now and the rest in a task of its own.
/// * **Run inside a task** (``EffectEnvironment``), the rest of a concatenation: the task waits
///   for each effect's work before the next. A follow-up is sent, a `.run` runs in the task, a
///   merge runs its effects in child tasks and waits for them all.
///
/// The switch over the cases is here, once; an ``EffectPlacement`` says how each case is done
/// in its place, and what is left to wait for.
@MainActor
enum EffectInterpreter {
  /// Does what `effect` says in `placement`.
  ///
  /// - Returns: The work the caller must wait for before the effect is over; always `nil`
  ///   where nothing waits (from the reducer).
  ///
  /// Inlined into each place's caller, so that the placement's methods are called directly:
  /// the root core's code does not know the store's types, and a call through the generic
  /// signature (or a method of a generic struct) would instantiate type metadata on every
  /// effect started. So the root core is its own placement, and what changes as the
  /// interpreter goes down an effect is the `context` (see BENCHMARKS.md, *Engine, third
  /// pass*).
  @inline(__always)
  static func interpret<Placement: EffectPlacement>(
    _ effect: Effect<Placement.Action>, in placement: Placement, at context: Placement.Context
  ) -> Placement.Work? {
    switch effect.operation {
    case .none:
      return nil
    case .send(let message):
      placement.deliver(message, at: context)
      return nil
    case .run(let priority, let operation):
      return placement.run(operation: operation, priority: priority, at: context)
    case .combined(let effects, .merge):
      return placement.merge(effects, at: context)
    case .combined(let effects, .concatenate):
      return placement.concatenate(effects, at: context)
    case .cancellable(let id, let policy, let effect):
      switch policy {
      case .join: break
      case .replace: placement.tasks.cancel(id: id)
      case .unlessRunning: guard !placement.tasks.isRunning(id: id) else { return nil }
      }
      if case .none = effect.operation { return nil }
      return placement.cancellable(effect, id: id, at: context)
    }
  }
}

/// Where an effect is interpreted: how each kind of effect is done there, for
/// ``EffectInterpreter``.
@MainActor
protocol EffectPlacement {
  associatedtype Action
  /// What is left to wait for once an effect was interpreted; `Never` where nothing waits.
  associatedtype Work
  /// What the effects around an effect decided for it (its cancellation identifiers, its
  /// group): passed down as the interpreter enters the effects a case holds.
  associatedtype Context

  /// The store's running effects, for cancellation.
  var tasks: EffectTasks { get }

  /// Delivers a message: a follow-up action, a dismissal, a diagnostic.
  func deliver(_ message: SendMessage<Action>, at context: Context)

  /// Runs an effect operation off the main actor.
  func run(
    operation: @escaping @Sendable (Send<Action>) async throws -> Void, priority: UInt8?,
    at context: Context
  ) -> Work?

  /// Runs effects at once, each on its own.
  func merge(_ effects: [Effect<Action>], at context: Context) -> Work?

  /// Runs effects one after the other, each once the one before has finished.
  func concatenate(_ effects: [Effect<Action>], at context: Context) -> Work?

  /// Runs an effect so that cancelling `id` cancels it.
  func cancellable(_ effect: Effect<Action>, id: EffectID, at context: Context) -> Work?
}

/// What a task must still wait for once an effect was interpreted in it.
enum EffectWork<Action> {
  /// An effect operation, to run in the task.
  case operation(@Sendable (Send<Action>) async throws -> Void)
  /// Child tasks, to wait for; cancelling the task cancels them.
  case children([Task<Void, Never>])
  /// Effects, to run in the task one after the other.
  case sequence([Effect<Action>])
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
