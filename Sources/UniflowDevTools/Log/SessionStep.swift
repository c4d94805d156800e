/// One action of a recorded session: when it happened, what it was, which action's effect
/// sent it, and how it changed the state.
///
/// In a log it is one line:
///
/// ```json
/// {"seq":3,"time":0.042,"name":"loaded","cause":1,"action":{…},"patch":[{"op":"add",…}]}
/// ```
public struct SessionStep: Sendable, Hashable {
  /// The action's sequence number: 1 for the first action of the session.
  public var sequenceNumber: Int
  /// Seconds since the session started.
  public var time: Double
  /// The action's case name, `add` or `child.toggle`, readable whatever the action's encoding.
  public var name: String
  /// The action, as its `Encodable` conformance writes it.
  public var action: JSONValue
  /// The sequence number of the action whose effect sent this one; `nil` for an action sent
  /// from outside (a user, a program).
  public var cause: Int?
  /// The change the action made to the state.
  public var patch: JSONPatch

  /// Creates a step.
  ///
  /// - Parameters:
  ///   - sequenceNumber: The action's sequence number, from 1.
  ///   - time: Seconds since the session started.
  ///   - name: The action's case name.
  ///   - action: The encoded action.
  ///   - cause: The sequence number of the action whose effect sent it, if any.
  ///   - patch: The change to the state.
  public init(
    sequenceNumber: Int, time: Double, name: String, action: JSONValue, cause: Int?,
    patch: JSONPatch
  ) {
    self.sequenceNumber = sequenceNumber
    self.time = time
    self.name = name
    self.action = action
    self.cause = cause
    self.patch = patch
  }

  /// Whether an effect sent the action.
  public var isSentByEffect: Bool { cause != nil }

  /// The step as one line of JSON, without the line break.
  public var jsonLine: String {
    var line: [UInt8] = []
    line.append(contentsOf: "{\"seq\":\(sequenceNumber),\"time\":\(formatSeconds(time)),\"name\":".utf8)
    writeJSONString(name, into: &line)
    line.append(contentsOf: ",\"cause\":\(cause.map(String.init) ?? "null"),\"action\":".utf8)
    action.write(into: &line)
    line.append(contentsOf: ",\"patch\":".utf8)
    patch.json.write(into: &line)
    line.append(UInt8(ascii: "}"))
    return String(decoding: line, as: UTF8.self)
  }

  /// Reads a step from its parsed line.
  ///
  /// - Parameters:
  ///   - json: The line, parsed.
  ///   - line: The line number, for errors.
  /// - Throws: ``SessionLogError/malformedLine(line:reason:)`` when a member is missing or
  ///   has the wrong type.
  public init(json: JSONValue, line: Int) throws(SessionLogError) {
    guard let sequenceNumber = json["seq"]?.intValue else {
      throw .malformedLine(line: line, reason: "no sequence number \"seq\"")
    }
    guard let time = json["time"]?.doubleValue else {
      throw .malformedLine(line: line, reason: "no \"time\"")
    }
    guard let name = json["name"]?.stringValue else {
      throw .malformedLine(line: line, reason: "no action \"name\"")
    }
    guard let action = json["action"] else {
      throw .malformedLine(line: line, reason: "no \"action\"")
    }
    let cause: Int?
    switch json["cause"] {
    case nil, .null?: cause = nil
    case let value?:
      guard let number = value.intValue else {
        throw .malformedLine(line: line, reason: "\"cause\" is not a sequence number")
      }
      cause = number
    }
    guard let patchJSON = json["patch"] else {
      throw .malformedLine(line: line, reason: "no \"patch\"")
    }
    let patch: JSONPatch
    do {
      patch = try JSONPatch(json: patchJSON)
    } catch {
      throw .malformedLine(line: line, reason: error.description)
    }
    self.init(
      sequenceNumber: sequenceNumber, time: time, name: name, action: action, cause: cause,
      patch: patch)
  }
}

/// Seconds with microsecond precision, as a JSON number.
func formatSeconds(_ seconds: Double) -> String {
  let micros = (seconds * 1_000_000).rounded()
  guard micros.isFinite else { return "0" }
  let whole = Int64(micros)
  let sign = whole < 0 ? "-" : ""
  let magnitude = whole.magnitude
  let fraction = String(magnitude % 1_000_000)
  return "\(sign)\(magnitude / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
