/// A sink that keeps the last actions of a session in memory: a flight recorder.
///
/// When more than `capacity` actions have been recorded, the oldest is dropped and its change
/// folded into the kept initial state, so that ``log()`` is always a complete log of the kept
/// actions, starting from the state before the oldest one.
///
/// ```swift
/// let sink = RingBufferSessionSink(capacity: 500)
/// // … record …
/// let html = SessionInspector.html(for: try sink.log())
/// ```
///
/// - Complexity: Writing an action is O(1), plus applying the dropped action's change once the
///   buffer is full.
@MainActor
public final class RingBufferSessionSink: SessionSink {
  /// The number of actions kept.
  public let capacity: Int
  private var header: SessionHeader?
  private var baseState: JSONValue = .null
  private var buffer: [SessionStep] = []
  /// The index in `buffer` of the oldest step once the buffer is full.
  private var head = 0
  /// The marks of chains the loop guard stopped, oldest first.
  private var stops: [SessionStop] = []
  private var effects: [SessionEffect] = []
  /// The number of actions dropped so far.
  public private(set) var droppedCount = 0

  /// Creates an empty buffer.
  ///
  /// - Parameter capacity: The number of actions kept; at least 1.
  public init(capacity: Int) {
    require(capacity >= 1, "a ring buffer keeps at least one action")
    self.capacity = capacity
    buffer.reserveCapacity(capacity)
  }

  /// Keeps the entry, dropping the oldest action when the buffer is full.
  ///
  /// - Parameter entry: The entry.
  /// - Throws: ``SessionLogError/invalidPatch(line:reason:)`` when a dropped action's change
  ///   does not apply to the kept state.
  public func write(_ entry: SessionEntry) throws {
    switch entry {
    case .header(let header):
      self.header = header
    case .initialState(let state):
      baseState = state
      stops.removeAll()
      effects.removeAll()
      buffer.removeAll(keepingCapacity: true)
      head = 0
      droppedCount = 0
    case .stop(let stop):
      stops.append(stop)
    case .effect(let effect):
      effects.append(effect)
      // Only the effects of kept actions are worth keeping.
      if effects.count > 2 * capacity, !buffer.isEmpty {
        let oldest = buffer[head].sequenceNumber
        effects.removeAll { $0.after < oldest - 1 }
      }
    case .step(let step):
      guard buffer.count == capacity else {
        buffer.append(step)
        return
      }
      let oldest = buffer[head]
      buffer[head] = step
      head = (head + 1) % capacity
      droppedCount += 1
      do {
        try oldest.patch.apply(to: &baseState)
      } catch {
        throw SessionLogError.invalidPatch(
          line: SessionLog.firstStepLine + droppedCount - 1, reason: error.description)
      }
    }
  }

  /// The kept actions, oldest first.
  public var steps: [SessionStep] {
    Array(buffer[head...] + buffer[..<head])
  }

  /// The number of actions kept.
  public var count: Int { buffer.count }

  /// The kept session as a log: the state before the oldest kept action, then the kept
  /// actions.
  ///
  /// - Returns: The log.
  /// - Throws: ``SessionLogError/empty`` before a header has been written.
  public func log() throws(SessionLogError) -> SessionLog {
    guard let header else { throw .empty }
    let kept = steps
    // A stop before the oldest kept action marks nothing that is kept.
    let oldest = kept.first?.sequenceNumber ?? Int.max
    return try SessionLog(
      header: header, initialState: baseState, steps: kept,
      stops: stops.filter { $0.after >= oldest },
      effects: effects.filter { $0.after >= oldest - 1 })
  }
}
