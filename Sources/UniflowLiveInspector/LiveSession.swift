import Foundation

/// What the live page is sent: every line of the log followed so far, and notes, as frames
/// of a server-sent event stream; each connected page waits here for the next frame.
///
/// Bounded: once the frames kept reach ``maximumBytes``, the lines after are not kept and the
/// page is told so. A restarted log drops the frames of the previous recording.
public final class LiveSession: @unchecked Sendable {
  // @unchecked: every stored property is read and written only while `condition` is locked.
  private let condition = NSCondition()
  private var frames: [String] = []
  /// The index, since the session began, of `frames[0]`.
  private var base = 0
  private var byteCount = 0
  private var isFull = false
  private var isClosed = false

  /// The most bytes of frames kept.
  public let maximumBytes: Int

  /// Creates an empty session.
  ///
  /// - Parameter maximumBytes: The most bytes of frames kept; 512 MiB by default.
  public init(maximumBytes: Int = 512 << 20) {
    self.maximumBytes = maximumBytes
  }

  /// Takes an event of the log's follower.
  ///
  /// - Parameter event: The event.
  public func receive(_ event: LogFollower.Event) {
    switch event {
    case .line(let text):
      // A carriage return would end the event's data line; in JSON it is only white space.
      append(data: text.contains("\r") ? text.replacing("\r", with: "") : text, event: nil)
    case .refused(let length, let limit):
      append(
        note: "A line of \(length) bytes is longer than the \(limit) bytes the live inspector reads: "
          + "it is skipped.")
    case .restarted(let reason):
      condition.lock()
      base += frames.count
      frames = []
      byteCount = 0
      isFull = false
      condition.unlock()
      append(data: jsonString(reason), event: "restart")
    }
  }

  /// Adds a note for the page.
  ///
  /// - Parameter note: The note, in a sentence.
  public func append(note: String) {
    append(data: jsonString(note), event: "note")
  }

  private func append(data: String, event: String?) {
    let frame = (event.map { "event: \($0)\n" } ?? "") + "data: " + data + "\n\n"
    condition.lock()
    defer { condition.unlock() }
    if byteCount + frame.utf8.count > maximumBytes {
      guard !isFull else { return }
      isFull = true
      let note =
        "event: note\ndata: "
        + jsonString(
          "The log is longer than the \(sizeText(maximumBytes)) the live inspector keeps: "
            + "the lines after this point are not shown.") + "\n\n"
      frames.append(note)
    } else {
      frames.append(frame)
      byteCount += frame.utf8.count
    }
    condition.broadcast()
  }

  /// The frames from `index` on, waiting up to `timeout` for one when there is none yet.
  ///
  /// - Parameters:
  ///   - index: The index of the first frame wanted, since the session began.
  ///   - timeout: The longest wait.
  /// - Returns: The frames and the index after them; no frames when the wait timed out, and
  ///   `nil` once the session is closed.
  func frames(from index: Int, waitingUpTo timeout: TimeInterval) -> (frames: [String], next: Int)? {
    condition.lock()
    defer { condition.unlock() }
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !isClosed, max(index, base) >= base + frames.count {
      if !condition.wait(until: deadline) { break }
    }
    guard !isClosed else { return nil }
    let start = max(index, base) - base
    // A page behind a restart gets the frames since the restart, its first one saying so.
    return (Array(frames[start...]), base + frames.count)
  }

  /// The number of frames since the session began.
  public var frameCount: Int {
    condition.lock()
    defer { condition.unlock() }
    return base + frames.count
  }

  /// Ends every wait: the server is stopping.
  public func close() {
    condition.lock()
    isClosed = true
    condition.broadcast()
    condition.unlock()
  }
}

/// A size in MiB when it is a whole number of them, else in bytes.
private func sizeText(_ bytes: Int) -> String {
  bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
}

/// A string as a JSON string, escaping `<` so that it is safe anywhere in a page.
func jsonString(_ text: String) -> String {
  var out = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "\\\""
    case "\\": out += "\\\\"
    case "<": out += "\\u003c"
    case "\n": out += "\\n"
    case "\r": out += "\\r"
    case "\t": out += "\\t"
    default:
      if scalar.value < 0x20 {
        out +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }
  return out + "\""
}
