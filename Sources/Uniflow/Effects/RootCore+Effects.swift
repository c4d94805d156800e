/// Where in the effect a reducer returned the interpreter is, as the root core starts it: what
/// the effects around this one decided for it.
///
/// Follow-up actions join the queue, cancellations happen now, async work starts in tasks
/// registered under ``ids`` and in ``group``. The actions those tasks send carry ``cause``.
/// When the action is a ``step`` of an async chain, its `.run` effects are watched (see
/// ``EffectWatch``), and none starts once the chain is stopped.
struct EffectStart<Action> {
  /// The cancellation identifiers of the effects around this one, innermost last.
  let ids: EffectIDs
  /// The effect group the tasks join; `nil` for the group of the current outermost send.
  let group: EffectGroup?
  /// The sequence number of the action whose reducer returned the effect.
  let cause: Int
  /// That action's place in an async chain, if it is in one.
  let step: ChainStep<Action>?
}

/// The place where ``EffectInterpreter`` starts the effects a reducer returned: on the main
/// actor, while the action is processed, where nothing waits.
///
/// The root core is the place itself, rather than a value made for each effect: its code does
/// not know the store's types, and a method of a generic struct instantiates the struct's type
/// metadata on every call (see ``EffectInterpreter/interpret(_:in:at:)``).
extension RootCore: EffectPlacement {
  typealias Work = Never

  /// Starts the effects the reducer returned for the action numbered `cause`.
  @usableFromInline
  func startEffects(
    _ effect: Effect<Action>, group: EffectGroup?, cause: Int, step: ChainStep<Action>?
  ) {
    _ = EffectInterpreter.interpret(
      effect, in: self, at: EffectStart(ids: [], group: group, cause: cause, step: step))
  }

  /// Queues a follow-up or a dismissal (checked when its turn comes); reports a diagnostic now.
  func deliver(_ message: SendMessage<Action>, at start: EffectStart<Action>) {
    let action: Action
    let dismissing: EffectID?
    switch message {
    case .action(let followUp): (action, dismissing) = (followUp, nil)
    case .dismissal(let presenterAction, let instance): (action, dismissing) = (presenterAction, instance)
    case .dismiss: return configuration.diagnosticHandler(.dismissalIgnored(noPresenter))
    case .report(let diagnostic): return configuration.diagnosticHandler(diagnostic)
    }
    engine.queue.append(
      QueuedAction(
        action: action, group: start.group, cause: start.cause,
        origin: start.step.map { .followUp($0) }, dismissing: dismissing))
  }

  func run(
    operation: @escaping @Sendable (Send<Action>) async throws -> Void, priority: UInt8?,
    at start: EffectStart<Action>
  ) -> Never? {
    // The operation is nonisolated: its task starts on the global executor (or the
    // configured one) and ends there, with no hop to the main actor before or after it.
    let group = start.group ?? currentDrainGroup()
    let (tasks, liveness, diagnosticHandler) = (tasks, liveness, configuration.diagnosticHandler)
    let executor: (any TaskExecutor)?
    let send: Send<Action>
    let taskIDs: EffectIDs
    if let step = start.step {
      // A step of an async chain: its effect is watched, and cancelled with the chain.
      guard !step.chain.isStopped else { return nil }
      let watch = EffectWatch(host: configuration.effectExecutor as? any EffectJobHost)
      executor = watch
      send = makeSend(group: group, cause: start.cause, chain: .watched(step, watch))
      taskIDs = start.ids.appending(step.chain.id)
    } else {
      executor = configuration.effectExecutor
      send = makeSend(group: group, cause: start.cause, chain: .unwatched)
      taskIDs = start.ids
    }
    // With an effect event handler (a recorder drawing effects as lanes), the operation
    // reports its end, and its start is reported once the task has its token.
    let eventHandler = configuration.effectEventHandler
    var startedToken: Int?
    tasks.start(ids: taskIDs, group: group) { token in
      startedToken = token
      let work = eventHandler.map {
        reportingEnd(of: operation, id: token, cause: start.cause, to: $0)
      }
      return operationTask(
        on: executor, priority: priority.map(TaskPriority.init(rawValue:)), work ?? operation,
        send: send, liveness: liveness, diagnosticHandler: diagnosticHandler, tasks: tasks,
        token: token, group: group)
    }
    // Reported before the task can report its end: that waits for the main actor.
    if let eventHandler, let startedToken {
      eventHandler(EffectEvent(id: startedToken, phase: .started, cause: start.cause))
    }
    return nil
  }

  func merge(_ effects: [Effect<Action>], at start: EffectStart<Action>) -> Never? {
    for effect in effects { _ = EffectInterpreter.interpret(effect, in: self, at: start) }
    return nil
  }

  /// Runs the synchronous beginning of the concatenation now, and the rest in a task, on the
  /// main actor, one after the other.
  func concatenate(_ effects: [Effect<Action>], at start: EffectStart<Action>) -> Never? {
    let asyncStart = effects.firstIndex { !$0.isSynchronous } ?? effects.endIndex
    for effect in effects[..<asyncStart] {
      _ = EffectInterpreter.interpret(effect, in: self, at: start)
    }
    let rest = Array(effects[asyncStart...])
    guard !rest.isEmpty, start.step?.chain.isStopped != true else { return nil }
    spawn(at: start) { environment in
      await environment.execute(Effect(.combined(rest, .concatenate)))
    }
    return nil
  }

  func cancellable(
    _ effect: Effect<Action>, id: EffectID, at start: EffectStart<Action>
  ) -> Never? {
    EffectInterpreter.interpret(
      effect, in: self,
      at: EffectStart(
        ids: start.ids.appending(id), group: start.group, cause: start.cause, step: start.step))
  }

  /// Runs `body` on the main actor in a task registered under the identifiers and in the
  /// effect group of `start`. For a step of an async chain, the task is watched and cancelled
  /// with the chain, as a `.run` effect's is; the child tasks it makes are not watched.
  private func spawn(
    at start: EffectStart<Action>,
    _ body: @escaping @MainActor @Sendable (EffectEnvironment<Action>) async -> Void
  ) {
    let group = start.group ?? currentDrainGroup()
    let cause = start.cause
    let unwatchedSend = makeSend(group: group, cause: cause, chain: .unwatched)
    let watch = start.step.map { _ in
      EffectWatch(host: configuration.effectExecutor as? any EffectJobHost)
    }
    let environment = EffectEnvironment(
      send: start.step.flatMap { step in
        watch.map { makeSend(group: group, cause: cause, chain: .watched(step, $0)) }
      } ?? unwatchedSend,
      unwatchedSend: unwatchedSend, watch: watch, tasks: tasks,
      executor: configuration.effectExecutor, diagnose: diagnosticReporter())
    let tasks = self.tasks
    let taskIDs = start.step.map { start.ids.appending($0.chain.id) } ?? start.ids
    tasks.start(ids: taskIDs, group: group) { token in
      mainActorTask(on: watch ?? environment.executor, priority: nil) {
        await body(environment)
        tasks.finish(token: token, group: group)
      }
    }
  }

  /// The effect group of the outermost send being processed, made on first use.
  func currentDrainGroup() -> EffectGroup {
    if let drainGroup = engine.drainGroup { return drainGroup }
    let group = EffectGroup(tasks: tasks)
    engine.drainGroup = group
    return group
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

  // MARK: - Sends from effects

  /// A `Send` into this store for closures that may outlive it: once the store is gone, it
  /// does nothing. `cause` is the sequence number of the action whose effect sends through
  /// it, `nil` for a middleware's; `chain` says which async chain its actions join.
  func makeSend(group: EffectGroup?, cause: Int?, chain: SendChain<Action>) -> Send<Action> {
    // SAFETY: `self` is used only after `liveness.isAlive`, on the main actor, where the core
    // is destroyed and `liveness` ended first (see `deinit`), so it is never used once gone.
    Send(messages: { [liveness, unowned self] message in
      guard liveness.isAlive else { return }
      let action: Action
      let dismissing: EffectID?
      switch message {
      case .action(let sent): (action, dismissing) = (sent, nil)
      case .dismissal(let sent, let instance): (action, dismissing) = (sent, instance)
      case .dismiss: return self.configuration.diagnosticHandler(.dismissalIgnored(noPresenter))
      case .report(let diagnostic): return self.configuration.diagnosticHandler(diagnostic)
      }
      // The async loop guard.
      let origin: ChainOrigin<Action>?
      switch chain {
      case .none: origin = nil
      case .unwatched: origin = .effect(self.engine.asyncGuard.chainStarted(by: cause))
      case .watched(let step, let watch):
        if watch.takeHasWaited() {
          origin = nil
        } else {
          guard self.admit(action, sentAfter: step) else { return }
          origin = .step(step)
        }
      }
      _ = self.run(
        .action(
          QueuedAction(
            action: action, group: group, cause: cause, origin: origin, dismissing: dismissing)))
    })
  }

  /// Applies the async loop guard's decision for an action a watched effect of `step` sent
  /// without waiting (see ``AsyncLoopGuard/admit(_:sentAfter:limit:)``).
  ///
  /// - Returns: Whether to process the action.
  func admit(_ action: Action, sentAfter step: ChainStep<Action>) -> Bool {
    switch engine.asyncGuard.admit(
      action, sentAfter: step, limit: configuration.maximumEffectChainActions)
    {
    case .admitted:
      return true
    case .dropped:
      return false
    case .stopped(let cycle, let chainID):
      if let chainID { tasks.cancel(id: chainID) }
      configuration.diagnosticHandler(.effectCycle(cycle))
      return false
    }
  }
}

/// Why a dismissal that reached the root store was ignored.
let noPresenter =
  "the feature that asked is not presented (not a stack element, nor a child presented with a "
  + "PresentationAction case), so nothing can dismiss it"

/// Which async chain the actions sent through an effect's `Send` join.
enum SendChain<Action> {
  /// None: a middleware's send.
  case none
  /// An effect of an action outside any chain: the actions it sends start a chain, the same
  /// for the actions of one effect (see ``AsyncLoopGuard/chainStarted(by:)``).
  case unwatched
  /// A watched effect of a chain's step: an action it sends without waiting joins the chain.
  case watched(ChainStep<Action>, EffectWatch)
}
