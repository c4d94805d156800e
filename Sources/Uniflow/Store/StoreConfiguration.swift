/// How a ``Store`` guards against runaway action chains and where it reports problems.
///
/// ```swift
/// let store = Store(
///   initialState: AppState(),
///   reducer: AppReducer(),
///   configuration: StoreConfiguration(maximumSynchronousActions: 200) { diagnostic in
///     logger.error("\(diagnostic)")
///   }
/// )
/// ```
public struct StoreConfiguration: Sendable {
  /// The most actions one call to ``Store/send(_:)`` processes synchronously: the action
  /// itself, its ``Effect/send(_:)`` follow-ups, and actions sent while it was processed.
  ///
  /// A chain that would go past this bound (`a → b → a → …`) is stopped: the action that
  /// would exceed it and the ones still waiting are dropped, the state stays as the last
  /// completed reduction left it, and a ``StoreDiagnostic/actionCycle(_:)`` names the actions
  /// that repeat, or the last ones of a chain that is too long but does not repeat. The
  /// default is 1 000.
  public var maximumSynchronousActions: Int

  /// The most actions a chain of effects that do not wait may send before the store checks it
  /// for a loop: the async loop guard's bound.
  ///
  /// A chain is made of actions each sent by an effect of an action before it in the chain (or
  /// a synchronous follow-up of one), where that effect did not wait between its start, or its
  /// previous send, and the send: it did not suspend on anything but its own sends (a sleep on
  /// any clock, a value that was not there yet, a call into an actor all are waits). The
  /// branches of a chain count together. Each time a chain reaches the bound, the store looks
  /// at the path that led to the last action: if it repeats a cycle of the same actions
  /// (`ping → pong → ping`, compared by value, as for ``maximumSynchronousActions``), the store
  /// stops the chain: it cancels its effects, drops its later actions and reports one
  /// ``StoreDiagnostic/effectCycle(_:)``; otherwise (pages, a countdown) it counts again. The
  /// default is 2 000. See <doc:EffectsAndCancellation> for what counts as a wait and why
  /// timers, pagers and streams are never stopped.
  public var maximumEffectChainActions: Int

  /// Receives the store's diagnostics. The default, ``StoreDiagnostic/standardHandler``,
  /// prints one line to standard error, in debug and release builds alike.
  public var diagnosticHandler: @MainActor @Sendable (StoreDiagnostic) -> Void

  /// Receives the start and the end of every ``Effect/run(priority:operation:catch:)`` effect
  /// the store starts, on the main actor: what a recorder needs to draw effects as lanes.
  /// `nil`, the default, costs the store one check per effect.
  public var effectEventHandler: (@MainActor @Sendable (EffectEvent) -> Void)?

  /// Where effects run their nonisolated work: the operation of a
  /// ``Effect/run(priority:operation:catch:)`` effect, and what the store's main-actor effect
  /// tasks (of a concatenation, say) call. `nil`, the default, is the global concurrent executor.
  ///
  /// Package-wide, for the test stores and property checks of `UniflowTesting`, which run
  /// effects on the main actor one job at a time, so that racing effects take turns in the
  /// same order in every run of a test.
  package var effectExecutor: (any TaskExecutor)?

  /// The tracker of the shared values the store's actions change; `nil`, the default, gives
  /// the store one of its own. A test store hands its store one with a
  /// `SharedChangeInterceptor`, the one seam between shared values and a test: it records each
  /// action's changes and takes its assertions' changes.
  package var sharedChangeTracker: SharedChangeTracker?

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - maximumSynchronousActions: The loop guard's bound; at least 1.
  ///   - maximumEffectChainActions: The async loop guard's bound; at least 1.
  ///   - diagnosticHandler: Where diagnostics go.
  public init(
    maximumSynchronousActions: Int = 1_000,
    maximumEffectChainActions: Int = 2_000,
    diagnosticHandler: @escaping @MainActor @Sendable (StoreDiagnostic) -> Void = StoreDiagnostic
      .standardHandler
  ) {
    self.maximumSynchronousActions = max(1, maximumSynchronousActions)
    self.maximumEffectChainActions = max(1, maximumEffectChainActions)
    self.diagnosticHandler = diagnosticHandler
  }
}
