/// A reducer that tells a ``SessionRecorder`` which actions its effects send, so the log shows
/// which action led to which.
///
/// Made by `recorded(by:)`. It reduces exactly as the reducer it wraps; the
/// effects it returns send the same actions, tagged on their way with the sequence number of
/// the action that started them.
public struct RecordedReducer<Base: Reducer>: Reducer
where Base.State: Encodable, Base.Action: Encodable & SendableMetatype {
  /// The wrapped reducer.
  public let base: Base
  let tracker: CauseTracker<Base.Action>

  /// Reduces the action with the wrapped reducer, tagging the actions its effects send.
  ///
  /// - Parameters:
  ///   - state: The state to change.
  ///   - action: The action.
  /// - Returns: The wrapped reducer's effect, tagging the actions it sends.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let sequenceNumber = tracker.willReduce(action)
    let effect = base.reduce(into: &state, action: action)
    let tracker = self.tracker
    return effect.map { sent in
      tracker.didSend(sent, cause: sequenceNumber)
      return sent
    }
  }
}

extension Reducer where State: Encodable, Action: Encodable & SendableMetatype {
  /// This reducer, telling a recorder which actions its effects send.
  ///
  /// Use it for the store's root reducer, together with the recorder's middleware, from the
  /// store's first action on.
  ///
  /// - Parameter recorder: The recorder that records the store's actions.
  /// - Returns: The recording reducer.
  public func recorded(by recorder: SessionRecorder<State, Action>) -> RecordedReducer<Self> {
    RecordedReducer(base: self, tracker: recorder.tracker)
  }
}
