import Foundation

/// Records every action of a store, with the change it made to the state, as a session log.
///
/// Give the store the recorder's ``middleware``, which writes one step per action, with the
/// action that started it when an effect sent it (the store's `ActionContext`):
///
/// ```swift
/// let recorder = try SessionRecorder<AppFeature.State, AppFeature.Action>(
///   appName: "checklist", initialState: state, sink: FileSessionSink(url: logURL))
/// let store = Store(
///   initialState: state, reducer: AppFeature(),
///   middleware: [recorder.middleware])
/// ```
///
/// The log is JSON Lines: a ``SessionHeader``, the initial state, then a ``SessionStep`` per
/// action holding the action, its case name, its cause and the change to the state as a JSON
/// Patch. A store made without the recorder pays nothing for it.
///
/// Recording never stops the store: when encoding or writing fails, the step is skipped, the
/// first error is kept in ``failure``, ``skippedStepCount`` counts the skipped steps, and
/// recording goes on. The next step's change is taken from the last state written, so every
/// state the log holds is one the store had; a skipped step leaves a gap in the sequence
/// numbers.
///
/// - Complexity: Per action, encoding the action and the state, and comparing the new state with
///   the previous one: O(*n*) in the size of the state, where unchanged parts compare cheaply.
@MainActor
public final class SessionRecorder<State: Encodable, Action: Encodable> {
  /// Where the log goes.
  public let sink: any SessionSink
  /// The first error met while encoding or writing, if any.
  public private(set) var failure: (any Error)?
  /// The number of actions recorded, including those skipped.
  public private(set) var stepCount = 0
  /// The number of actions skipped because encoding or writing their step failed.
  public private(set) var skippedStepCount = 0

  private let encoder = JSONValueEncoder()
  /// The state after the last step written: the next step's change is taken from it.
  private var previousState: JSONValue
  private let elapsed: () -> Duration

  /// Starts a recording: writes the header and the initial state.
  ///
  /// - Parameters:
  ///   - appName: The name of the program, checked when the log is replayed.
  ///   - initialState: The store's initial state.
  ///   - sink: Where the log goes.
  ///   - startDate: The wall-clock time the session starts, written in the header.
  ///   - clock: Measures each action's time since the start.
  /// - Throws: The error encoding the initial state or writing the first lines.
  public init<C: Clock>(
    appName: String, initialState: State, sink: any SessionSink, startDate: Date = Date(),
    clock: C
  ) throws where C.Duration == Duration {
    self.sink = sink
    let start = clock.now
    self.elapsed = { start.duration(to: clock.now) }
    self.previousState = .null
    self.previousState = try encodeJSON(initialState)
    try sink.write(.header(SessionHeader(appName: appName, startDate: startDate)))
    try sink.write(.initialState(previousState))
  }

  /// Starts a recording timed by the continuous clock: writes the header and the initial
  /// state.
  ///
  /// - Parameters:
  ///   - appName: The name of the program, checked when the log is replayed.
  ///   - initialState: The store's initial state.
  ///   - sink: Where the log goes.
  ///   - startDate: The wall-clock time the session starts, written in the header.
  /// - Throws: The error encoding the initial state or writing the first lines.
  public convenience init(
    appName: String, initialState: State, sink: any SessionSink, startDate: Date = Date()
  ) throws {
    try self.init(
      appName: appName, initialState: initialState, sink: sink, startDate: startDate,
      clock: ContinuousClock())
  }

  /// The middleware that records each action with the state after it and the action whose
  /// effect sent it.
  ///
  /// Give it to the store when the store is made, so that the log starts with the store's
  /// first action and its sequence numbers are the store's.
  public var middleware: Middleware<State, Action> {
    Middleware(withContext: { [self] action, state, context, _ in
      record(action, state: state, cause: context.cause)
    })
  }

  /// Marks where the store's loop guard stopped a chain of actions, after the last action
  /// recorded; other diagnostics are not part of the session and are not recorded.
  ///
  /// Call it from the store's diagnostic handler:
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: state, reducer: AppFeature(),
  ///   middleware: [recorder.middleware],
  ///   configuration: StoreConfiguration { diagnostic in
  ///     recorder.record(diagnostic)
  ///     StoreDiagnostic.standardHandler(diagnostic)
  ///   })
  /// ```
  ///
  /// The log gets a ``SessionStop`` line, which the inspector shows on the timeline. A
  /// `StoreDiagnostic.actionCycle` and a `StoreDiagnostic.effectCycle` are
  /// recorded.
  ///
  /// - Parameter diagnostic: The store's diagnostic.
  public func record(_ diagnostic: StoreDiagnostic) {
    switch diagnostic {
    case .actionCycle, .effectCycle: break
    case .unhandledEffectError, .stackElementMissing, .dismissalIgnored, .sharedStorageFailed,
      .undoHistoryCleared:
      return
    }
    do {
      try sink.write(.stop(SessionStop(after: stepCount, message: diagnostic.description)))
    } catch {
      if failure == nil { failure = error }
    }
  }

  /// Records the start or the end of an effect, after the last action recorded, so that the
  /// inspector draws it as a lane.
  ///
  /// Hand it the store's effect events:
  ///
  /// ```swift
  /// var configuration = StoreConfiguration()
  /// configuration.effectEventHandler = { recorder.record($0) }
  /// ```
  ///
  /// - Parameter event: The store's effect event.
  public func record(_ event: EffectEvent) {
    let kind: SessionEffect.Kind =
      switch event.phase {
      case .started: .start
      case .finished: .finish
      case .cancelled: .cancel
      }
    do {
      try sink.write(
        .effect(
          SessionEffect(
            id: event.id, kind: kind, cause: event.cause, after: stepCount, time: elapsed().seconds)))
    } catch {
      if failure == nil { failure = error }
    }
  }

  /// Records one action and the state after it.
  ///
  /// The ``middleware`` calls this for every action; call it yourself only to record actions
  /// processed outside a store.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - state: The state after it.
  ///   - cause: The sequence number of the recorded action whose effect sent this one, if any.
  public func record(_ action: Action, state: State, cause: Int? = nil) {
    stepCount += 1
    let sequenceNumber = stepCount
    do {
      let actionJSON = try encodeJSON(action)
      let stateJSON = try encodeJSON(state)
      let patch = JSONPatch(from: previousState, to: stateJSON)
      let step = SessionStep(
        sequenceNumber: sequenceNumber, time: elapsed().seconds, name: actionName(action),
        action: actionJSON, cause: cause, patch: patch)
      try sink.write(.step(step))
      // Only now: a step not written must not be the base of the next one's change.
      previousState = stateJSON
    } catch {
      skippedStepCount += 1
      if failure == nil { failure = error }
    }
  }

  /// Encodes a value as a ``JSONValue``.
  private func encodeJSON(_ value: some Encodable) throws -> JSONValue {
    try encoder.encode(value)
  }
}
