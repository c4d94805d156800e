import Foundation

/// A recorded session, read from its JSON Lines log: the header, the initial state and the
/// steps, with every step's state available (time travel).
///
/// ```swift
/// let log = try SessionLog(contentsOf: logURL, expectedApp: "checklist")
/// log.steps.count       // the actions recorded
/// log.state(after: 3)   // the whole state after the third action, as JSON
/// ```
///
/// **Bad input.** A log that is not a session log, is newer than this library, belongs to
/// another program or lacks its initial state throws a ``SessionLogError``. A bad step line
/// does not: a line cut short by a crash, malformed, whose change does not apply, or whose
/// sequence number repeats or goes back is skipped and kept in ``skippedLines`` with the reason,
/// and reading goes on with the next line, so one bad line does not hide the rest. ``steps``
/// holds every step read; the states after a skipped line may lack its change, so only the
/// first ``completeStepCount`` steps are known to be exactly as recorded.
public struct SessionLog: Sendable {
  /// A line of the log that could not be read as a step, and where it falls among the steps.
  public struct SkippedLine: Sendable, Hashable {
    /// Why the line was skipped; ``SessionLogError/line`` is its line number.
    public var error: SessionLogError
    /// The number of steps read before it.
    public var stepsBefore: Int

    /// Creates a skipped line.
    ///
    /// - Parameters:
    ///   - error: Why the line was skipped.
    ///   - stepsBefore: The number of steps read before it.
    public init(error: SessionLogError, stepsBefore: Int) {
      self.error = error
      self.stepsBefore = stepsBefore
    }
  }

  /// The log's first line.
  public var header: SessionHeader
  /// The state the session started from.
  public var initialState: JSONValue
  /// The steps read, in order.
  public private(set) var steps: [SessionStep]
  /// The marks where the store's loop guard stopped a chain of actions, in order.
  public private(set) var stops: [SessionStop]
  /// The starts, ends and cancellations of effects, in order; empty in a log recorded before
  /// effects were recorded.
  public private(set) var effects: [SessionEffect]
  /// The step lines that could not be read, in order; empty when the whole log was read.
  public private(set) var skippedLines: [SkippedLine]
  /// The line numbers of the steps read, one per step: a skipped line shifts those after it.
  private var stepLines: [Int]

  /// The first problem met while reading the steps, if any.
  public var issue: SessionLogError? { skippedLines.first?.error }

  /// The number of steps before the first skipped line: those whose states are exactly the
  /// recorded ones. ``Replay`` replays these.
  public var completeStepCount: Int { skippedLines.first?.stepsBefore ?? steps.count }

  /// The state after every `checkpointInterval`-th step, so that any state is rebuilt from
  /// the nearest one: `checkpoints[k]` is the state after `k * checkpointInterval` steps.
  private var checkpoints: [JSONValue]
  private static let checkpointInterval = 256

  /// The line number of the first step in a log file.
  public static let firstStepLine = 3

  /// A log made of its parts.
  ///
  /// - Parameters:
  ///   - header: The log's header.
  ///   - initialState: The state the session started from.
  ///   - steps: The steps, in order.
  ///   - stops: The marks where the loop guard stopped a chain, in order.
  ///   - effects: The effects' starts and ends, in order.
  /// - Throws: ``SessionLogError/invalidPatch(line:reason:)`` when a step's change does not
  ///   apply to the state before it.
  public init(
    header: SessionHeader, initialState: JSONValue, steps: [SessionStep],
    stops: [SessionStop] = [], effects: [SessionEffect] = []
  )
    throws(SessionLogError)
  {
    self.header = header
    self.initialState = initialState
    self.steps = []
    self.skippedLines = []
    self.stops = stops
    self.effects = effects
    self.stepLines = []
    self.checkpoints = [initialState]
    var state = initialState
    self.steps.reserveCapacity(steps.count)
    for step in steps {
      if let issue = append(step, to: &state, line: Self.firstStepLine + self.steps.count) {
        throw issue
      }
    }
  }

  /// Reads a log from its text.
  ///
  /// - Parameters:
  ///   - text: The JSON Lines text.
  ///   - expectedApp: The name of the program that must have recorded it, if any.
  /// - Throws: ``SessionLogError`` when the header or the initial state cannot be read or the
  ///   log belongs to another program. A bad step line does not throw; see ``issue``.
  /// - Complexity: O(*n*) in the length of the text.
  public init(parsing text: String, expectedApp: String? = nil) throws(SessionLogError) {
    try self.init(bytes: Array(text.utf8), expectedApp: expectedApp)
  }

  /// Reads a log from a file.
  ///
  /// - Parameters:
  ///   - url: The log file.
  ///   - expectedApp: The name of the program that must have recorded it, if any.
  /// - Throws: ``SessionLogError/unreadable(path:reason:)`` when the file cannot be read, and
  ///   the errors of ``init(parsing:expectedApp:)``.
  public init(contentsOf url: URL, expectedApp: String? = nil) throws(SessionLogError) {
    let data: Data
    do {
      // Through a file handle: on Linux, `Data(contentsOf:)` of an empty file loses the buffer
      // it read into.
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      data = try handle.readToEnd() ?? Data()
    } catch {
      throw .unreadable(path: url.path(percentEncoded: false), reason: error.localizedDescription)
    }
    try self.init(bytes: Array(data), expectedApp: expectedApp)
  }

  private init(bytes: [UInt8], expectedApp: String?) throws(SessionLogError) {
    guard !bytes.isEmpty else { throw .empty }
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let endsWithNewline = bytes.last == UInt8(ascii: "\n")
    if endsWithNewline { lines.removeLast() }
    guard !lines.isEmpty else { throw .empty }

    /// Parses line `index` (from 0), telling a line cut short from a malformed one.
    func parse(_ index: Int) -> Result<JSONValue, SessionLogError> {
      do {
        return .success(try JSONValue(parsing: lines[index]))
      } catch {
        let isLast = index == lines.count - 1
        if isLast && (!endsWithNewline || error.isUnexpectedEnd) {
          return .failure(.truncatedLine(line: index + 1))
        }
        return .failure(.malformedLine(line: index + 1, reason: error.description))
      }
    }

    let header = try SessionHeader(json: parse(0).get(), line: 1)
    if let expectedApp, header.appName != expectedApp {
      throw .otherApp(found: header.appName, expected: expectedApp, line: 1)
    }
    guard lines.count > 1 else { throw .missingInitialState(line: 2) }
    guard let initialState = try parse(1).get()["state"] else {
      throw .missingInitialState(line: 2)
    }

    self.header = header
    self.initialState = initialState
    self.steps = []
    self.skippedLines = []
    self.stepLines = []
    self.stops = []
    self.effects = []
    self.checkpoints = [initialState]
    self.steps.reserveCapacity(lines.count - 2)
    self.stepLines.reserveCapacity(lines.count - 2)
    var state = initialState
    for index in 2..<lines.count {
      let issue: SessionLogError?
      switch parse(index) {
      case .failure(let error):
        issue = error
      case .success(let json):
        do {
          if let stop = try SessionStop(json: json, line: index + 1) {
            stops.append(stop)
            issue = nil
          } else if let effect = try SessionEffect(json: json, line: index + 1) {
            effects.append(effect)
            issue = nil
          } else {
            issue = append(
              try SessionStep(json: json, line: index + 1), to: &state, line: index + 1)
          }
        } catch {
          issue = error
        }
      }
      if let issue {
        skippedLines.append(SkippedLine(error: issue, stepsBefore: steps.count))
      }
    }
  }

  /// Applies a step's change to the running state and keeps the step; returns the problem
  /// instead when its sequence number does not follow the previous step's or its change does
  /// not apply.
  private mutating func append(
    _ step: SessionStep, to state: inout JSONValue, line: Int
  )
    -> SessionLogError?
  {
    if let previous = steps.last, step.sequenceNumber <= previous.sequenceNumber {
      return .sequenceNumberOutOfOrder(
        line: line, sequenceNumber: step.sequenceNumber, previous: previous.sequenceNumber)
    }
    do {
      try step.patch.apply(to: &state)
    } catch {
      // The operations before the failing one were applied: the running state goes back to
      // the one after the steps kept, so that a skipped step changes nothing.
      state = self.state(after: steps.count)
      return .invalidPatch(line: line, reason: error.description)
    }
    steps.append(step)
    stepLines.append(line)
    if steps.count % Self.checkpointInterval == 0 { checkpoints.append(state) }
    return nil
  }

  /// The line of the log file that holds a step.
  ///
  /// - Parameter index: The step's index in ``steps``.
  /// - Returns: The line number, counting from 1.
  public func line(ofStep index: Int) -> Int {
    stepLines[index]
  }

  /// The whole state after a number of steps: time travel.
  ///
  /// - Parameter count: The number of steps applied, from 0 (the initial state) to
  ///   `steps.count`.
  /// - Returns: The state as JSON.
  /// - Complexity: O(*k*) in the size of the changes of at most 255 steps, from the nearest
  ///   kept state.
  public func state(after count: Int) -> JSONValue {
    require((0...steps.count).contains(count), "step \(count) is outside 0...\(steps.count)")
    let checkpoint = count / Self.checkpointInterval
    var state = checkpoints[checkpoint]
    for step in steps[(checkpoint * Self.checkpointInterval)..<count] {
      // Every kept step applied when it was read.
      try? step.patch.apply(to: &state)
    }
    return state
  }

  /// The state after a number of steps, decoded.
  ///
  /// - Parameters:
  ///   - count: The number of steps applied, from 0 (the initial state) to `steps.count`.
  ///   - type: The feature's state type.
  /// - Returns: The decoded state.
  /// - Throws: ``SessionLogError/undecodableState(line:reason:)`` when it does not decode.
  public func state<State: Decodable>(
    after count: Int, as type: State.Type
  )
    throws(SessionLogError) -> State
  {
    let line = count == 0 ? 2 : self.line(ofStep: count - 1)
    return try decode(type, from: state(after: count), line: line)
  }

  /// The log as JSON Lines text, each line ending with a line break; a stop follows the step
  /// it marks, an effect line the step recorded before it.
  public var jsonLines: String {
    var text = header.json.serialized + "\n"
    text += "{\"state\":" + initialState.serialized + "}\n"
    var stops = self.stops[...]
    var effects = self.effects[...]
    for step in steps {
      while let effect = effects.first, effect.after < step.sequenceNumber {
        text += effect.jsonLine + "\n"
        effects.removeFirst()
      }
      text += step.jsonLine
      text += "\n"
      while let stop = stops.first, stop.after <= step.sequenceNumber {
        text += stop.jsonLine + "\n"
        stops.removeFirst()
      }
    }
    for effect in effects { text += effect.jsonLine + "\n" }
    for stop in stops { text += stop.jsonLine + "\n" }
    return text
  }
}

/// Decodes a value from JSON, naming the line on failure.
func decode<Value: Decodable>(
  _ type: Value.Type, from json: JSONValue, line: Int
)
  throws(SessionLogError) -> Value
{
  do {
    return try sessionJSONDecoder().decode(type, from: Data(json.serialized.utf8))
  } catch {
    throw .undecodableState(line: line, reason: describeDecodingError(error))
  }
}

/// The decoder for a log's states and actions: dates are ISO 8601 strings, as the recorder
/// writes them, or numbers (seconds since 2001), as logs recorded before dates were strings
/// hold them.
func sessionJSONDecoder() -> JSONDecoder {
  let decoder = JSONDecoder()
  decoder.dateDecodingStrategy = .custom { decoder in
    let container = try decoder.singleValueContainer()
    if let seconds = try? container.decode(Double.self) {
      return Date(timeIntervalSinceReferenceDate: seconds)
    }
    let text = try container.decode(String.self)
    if let date = try? Date(text, strategy: SessionHeader.dateStyle) { return date }
    if let date = try? Date(text, strategy: .iso8601) { return date }
    throw DecodingError.dataCorruptedError(
      in: container, debugDescription: "\"\(text)\" is not an ISO 8601 date")
  }
  return decoder
}

/// A decoding error in a sentence: what failed, and where.
func describeDecodingError(_ error: any Error) -> String {
  guard let error = error as? DecodingError else { return String(describing: error) }
  func path(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
      .joined()
    return path.isEmpty ? "" : " at \(path.hasPrefix(".") ? String(path.dropFirst()) : path)"
  }
  switch error {
  case .typeMismatch(let type, let context):
    return "expected \(type)\(path(context)): \(context.debugDescription)"
  case .valueNotFound(let type, let context):
    return "missing \(type)\(path(context)): \(context.debugDescription)"
  case .keyNotFound(let key, let context):
    return "missing key \"\(key.stringValue)\"\(path(context))"
  case .dataCorrupted(let context):
    return "\(context.debugDescription)\(path(context))"
  @unknown default:
    return String(describing: error)
  }
}
