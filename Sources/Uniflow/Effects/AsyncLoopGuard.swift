#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The async loop guard of a root store: it stops a loop through effects (a→run→b→run→a)
/// without stopping timers, pagers or streams.
///
/// An action an effect sends back joins an ``EffectChain``: ``chainStarted(by:)`` says which,
/// for an effect of an action from outside any chain, and ``admit(_:sentAfter:limit:)`` counts
/// an action sent without waiting by a watched effect (an ``EffectWatch`` tells) of a chain's
/// step, and stops the chain once it has gone past ``StoreConfiguration/maximumEffectChainActions``
/// repeating a cycle. Everything the guard is lives in this file: the chain and its steps, the
/// guard's decisions, and the watch that tells a wait from a send.
///
/// A value the root core keeps in its bookkeeping; its methods never call out.
@usableFromInline
@MainActor
struct AsyncLoopGuard<Action> {
  /// The async chain that the actions sent by the unwatched effects of one action start, and
  /// that action's sequence number; see ``chainStarted(by:)``.
  var lastStartedChain: (cause: Int, chain: EffectChain)?

  @usableFromInline
  nonisolated init() {}

  /// What the guard decided for an action a watched effect sent without waiting.
  enum Admission {
    /// Process it.
    case admitted
    /// Drop it: its chain was stopped before.
    case dropped
    /// Drop it, and stop its chain now: cancel the chain's effects (when it has any) and
    /// report the cycle.
    case stopped(EffectCycle, cancelling: EffectID?)
  }

  /// Counts an action that a watched effect of `step` sent without waiting, and stops the chain
  /// when it has gone past the bound repeating a cycle.
  ///
  /// At every `limit` actions of a chain, the path that led to this one (its last
  /// ``pathWindow`` actions) is checked. A path that repeats a cycle of actions, compared by
  /// value as the synchronous guard compares them, stops the chain: its effects are to be
  /// cancelled, this action and the chain's later ones are dropped, and one
  /// ``StoreDiagnostic/effectCycle(_:)`` names the cycle. A path that does not repeat (pages,
  /// a countdown) starts the count again.
  ///
  /// - Parameters:
  ///   - action: The action sent.
  ///   - step: The step of the chain whose effect sent it.
  ///   - limit: ``StoreConfiguration/maximumEffectChainActions``.
  /// - Returns: Whether to process the action, and what to do when the chain stops.
  func admit(_ action: Action, sentAfter step: ChainStep<Action>, limit: Int) -> Admission {
    let chain = step.chain
    guard !chain.isStopped else { return .dropped }
    chain.count += 1
    guard chain.count >= limit else { return .admitted }
    chain.count = 0
    let path = step.path(maximum: pathWindow - 1) + [action]
    guard path.count >= minimumCyclePath else { return .admitted }
    let cycle = actionCycle(
      tail: path, first: path[0], firstPosition: max(1, step.depth + 2 - path.count), limit: limit)
    guard cycle.isRepeating else { return .admitted }
    chain.isStopped = true
    return .stopped(
      EffectCycle(actions: cycle.actions, limit: limit), cancelling: chain.hasEffects ? chain.id : nil)
  }

  /// The chain that an action sent by an unwatched effect of the action numbered `cause`
  /// starts: the chain of the previous such action when it had the same cause (and the guard
  /// has not stopped it), so that the branches of a fan-out from outside count together;
  /// otherwise a new one.
  ///
  /// Made when the first action arrives rather than when the effect starts: most effects of
  /// actions from outside send nothing back, and they make no chain.
  mutating func chainStarted(by cause: Int?) -> EffectChain {
    if let cause, let last = lastStartedChain, last.cause == cause, !last.chain.isStopped {
      return last.chain
    }
    let chain = EffectChain()
    if let cause { lastStartedChain = (cause, chain) }
    return chain
  }
}

/// The fewest actions a chain's path must hold for the guard to call it a cycle: a short path
/// in a wide chain (one effect streaming many changes) is no loop.
let minimumCyclePath = 8

/// The actions of one chain that crosses effects without waiting: each was sent by an effect of
/// an action of the chain (or is a synchronous follow-up of one), and that effect did not wait
/// before sending it. What the async loop guard counts, and stops.
///
/// Its branches count together, so that a fan-out, where each step's effect sends several
/// actions of the chain, reaches the bound as soon as a single line would.
@usableFromInline
@MainActor
final class EffectChain {
  /// The actions sent into the chain by effects since it started, or since its last check.
  var count = 0
  /// Whether the guard stopped the chain: its effects are cancelled and its actions dropped.
  var isStopped = false
  /// The identifier its effects run under, so that stopping it cancels them; made when the
  /// first one starts.
  private var storedID: EffectID?

  /// The chain's own identity: its effects' tasks keep their chain alive (their `Send` holds
  /// it), so no other chain can take its place while one of them is registered under it.
  var id: EffectID {
    if let storedID { return storedID }
    let id = EffectID(ChainIdentity(object: ObjectIdentifier(self)))
    storedID = id
    return id
  }

  /// Whether effects of the chain were started under ``id``.
  var hasEffects: Bool { storedID != nil }

  /// The identifier of a chain's effects; no feature can name it.
  private struct ChainIdentity: Hashable, Sendable {
    let object: ObjectIdentifier
  }
}

/// One action of an ``EffectChain`` that started effects: what the actions its effects send
/// descend from.
@MainActor
@usableFromInline
final class ChainStep<Action> {
  let action: Action
  let chain: EffectChain
  /// The number of effect steps from the first action of the chain to this one, from 1.
  let depth: Int
  /// The step this one's action descends from. Cut every ``pathWindow`` steps, so that a long
  /// chain keeps only its recent path alive, not every action it ever sent.
  private(set) var parent: ChainStep?

  @usableFromInline
  init(action: Action, origin: ChainOrigin<Action>) {
    self.action = action
    switch origin {
    case .effect(let chain):
      self.chain = chain
      depth = 1
      parent = nil
    case .step(let parent):
      chain = parent.chain
      depth = parent.depth + 1
      self.parent = parent
    case .followUp(let parent):
      chain = parent.chain
      depth = parent.depth
      self.parent = parent
    }
    if depth % pathWindow == 0 { forgetPath(beyond: 2 * pathWindow) }
  }

  /// Drops the link from the step `steps` back to those before it.
  private func forgetPath(beyond steps: Int) {
    var step = self
    for _ in 0..<steps {
      guard let parent = step.parent else { return }
      step = parent
    }
    step.parent = nil
  }

  /// The actions of the path to this step, oldest first, at most `maximum` of them.
  func path(maximum: Int) -> [Action] {
    var actions: [Action] = []
    var step: ChainStep? = self
    while let current = step, actions.count < maximum {
      actions.append(current.action)
      step = current.parent
    }
    return actions.reversed()
  }
}

/// The most recent actions of a chain's path the guard keeps and checks for a cycle.
let pathWindow = 64

/// Where an action that joins an async chain comes from.
@usableFromInline
enum ChainOrigin<Action> {
  /// Sent by an effect of an action outside any chain: the action starts `chain`, which the
  /// other actions that effect sends start too.
  case effect(EffectChain)
  /// Sent, without waiting, by a watched effect of the step's action.
  case step(ChainStep<Action>)
  /// A synchronous follow-up (``Effect/send(_:)``) of the step's action.
  case followUp(ChainStep<Action>)
}

/// Tells whether one effect task waited between two of its sends: the task executor that the
/// async loop guard runs the effects of a chain's actions on.
///
/// A task is handed to its executor when it starts, and then each time it is resumed after a
/// suspension on another executor or on nothing at all. The watch sees every such hand-over and
/// passes the work on (to the global concurrent executor, or to the store's ``EffectJobHost``).
/// A hand-over counts as a wait unless it is one of the two the store causes itself:
///
/// * the task's start;
/// * its return from a send: the task hops to the main actor to send, and back.
///
/// So a wait is any suspension of the effect's own: a sleep on any clock, an awaited value that
/// was not there yet (a stream's next element, a network reply, a continuation), a call into an
/// actor, `Task.yield()`. What the task does between two sends, without suspending, is no wait,
/// however long it takes: the rule counts events, never time, so the same effect is judged the
/// same way on a fast machine and on a loaded one.
///
/// On the global executor the task's return from a send is recognised as the first hand-over
/// after the send. That relies on the task hopping back from the main actor after each send
/// before it awaits anything else; were a compiler to drop that hop when the next await is
/// itself on the main actor, a wait made wholly there (a main-actor continuation) would be taken
/// for the return. `AsyncLoopGuardTests` pins it, in debug and release builds: a ticker that
/// waits at a main-actor gate right after a send is never stopped. Under an ``EffectJobHost`` (a test store's executor, which runs effect work on
/// the main actor, where a send needs no hop), the task moves from the main actor to the watch
/// from inside its own work: a hand-over made by the running task itself, with no other task
/// current, is that move, and not a wait.
package final class EffectWatch: TaskExecutor {
  private struct State {
    /// Whether the next hand-over is the task's start.
    var isStarting = true
    /// Whether the next hand-over may be the task's return from a send.
    var isReturningFromSend = false
    /// Whether the task waited since its last send, or since it started.
    var hasWaited = false
    /// The thread running the task's work for the host, while it runs.
    var runningThread: UInt?
  }

  private let state = LockIsolated(State())
  private let host: (any EffectJobHost)?

  /// Creates a watch for one task.
  ///
  /// - Parameter host: Where the task's work runs; `nil` for the global concurrent executor.
  init(host: (any EffectJobHost)?) {
    self.host = host
  }

  /// Takes the task's work when it starts or resumes, notes whether that was a wait, and passes
  /// it on.
  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    if let host {
      let isMovingItself = isOutsideAnyTask()
      let thread = currentThreadNumber()
      state.withLock { state in
        if state.isStarting {
          state.isStarting = false
        } else if !(isMovingItself && state.runningThread == thread) {
          state.hasWaited = true
        }
      }
      host.enqueue(job, watchedBy: self)
    } else {
      state.withLock { state in
        if state.isStarting {
          state.isStarting = false
        } else if state.isReturningFromSend {
          state.isReturningFromSend = false
        } else {
          state.hasWaited = true
        }
      }
      globalConcurrentExecutor.enqueue(job)
    }
  }

  /// Whether the task waited since its last send (or since it started), read as it sends an
  /// action: the count starts again from this send.
  func takeHasWaited() -> Bool {
    let isHosted = host != nil
    return state.withLock { state in
      defer {
        state.hasWaited = false
        // Hosted, the task sends from the main actor without hopping there.
        state.isReturningFromSend = !isHosted
      }
      return state.hasWaited
    }
  }

  /// Tells the watch that the task, on the main actor, is about to move to it by itself (to
  /// run an operation of a concatenation): the next hand-over is no wait.
  func expectMove() {
    guard host == nil else { return }  // Hosted, the move is seen as the task's own.
    state.withLock { $0.isReturningFromSend = true }
  }

  /// Runs a piece of the task's work for its host, on the calling thread, isolated to
  /// `executor`; the task's moves made meanwhile by itself are not waits.
  ///
  /// - Parameters:
  ///   - job: The work, as the watch passed it to the host.
  ///   - executor: The serial executor the host runs effect work on.
  package func run(_ job: UnownedJob, isolatedTo executor: UnownedSerialExecutor) {
    let thread = currentThreadNumber()
    state.withLock { $0.runningThread = thread }
    job.runSynchronously(isolatedTo: executor, taskExecutor: asUnownedTaskExecutor())
    state.withLock { $0.runningThread = nil }
  }
}

/// An effect executor that runs the work of watched effect tasks itself: the executor of a test
/// store, which runs all effect work on the main actor in a fixed order.
package protocol EffectJobHost: TaskExecutor {
  /// Takes work of a task whose executor is `watch`; the host runs it later with
  /// ``EffectWatch/run(_:isolatedTo:)``.
  func enqueue(_ job: UnownedJob, watchedBy watch: EffectWatch)
}

/// The calling thread, as a number that is the same for the same thread.
package func currentThreadNumber() -> UInt {
  #if canImport(Glibc)
    UInt(pthread_self())
  #else
    UInt(bitPattern: pthread_self())
  #endif
}
