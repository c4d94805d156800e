/// One line of a session log, as a recorder hands it to its sink.
public enum SessionEntry: Sendable, Hashable {
  /// The first line: what recorded the session and when.
  case header(SessionHeader)
  /// The second line: the state the session started from.
  case initialState(JSONValue)
  /// Every other line: one action, or
  case step(SessionStep)
  /// a mark where the store's loop guard stopped a chain of actions.
  case stop(SessionStop)
  /// a moment in the life of an effect: its start, its end or its cancellation.
  case effect(SessionEffect)

  /// The entry as one line of JSON, without the line break.
  public var jsonLine: String {
    switch self {
    case .header(let header): header.json.serialized
    case .initialState(let state): "{\"state\":" + state.serialized + "}"
    case .step(let step): step.jsonLine
    case .stop(let stop): stop.jsonLine
    case .effect(let effect): effect.jsonLine
    }
  }
}
