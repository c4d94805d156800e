import Foundation
import Uniflow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The live inspector's HTTP server: a small server on POSIX sockets that speaks only what the
/// page needs, on the loopback address.
///
/// It answers `GET /` with the page and `GET /events` with a server-sent event stream of the
/// ``LiveSession``'s frames, and nothing else:
///
/// * it listens on 127.0.0.1 only;
/// * every request must carry the random ``token`` (`?token=…`), else 403;
/// * its `Host` header must be `127.0.0.1:PORT`, else 403, so that a page of another site
///   whose name resolves to the loopback address (DNS rebinding) is refused;
/// * only `GET`, else 405; no cross-origin headers, so no other origin may read an answer;
/// * a request's head is read within ``HTTPRequestReader``'s limits (8 KiB, 64 headers) and
///   5 seconds, one request per connection, at most ``maximumConnections`` at a time.
public final class LiveInspectorServer: Sendable {
  /// The port listened on.
  public let port: Int
  /// The secret every request must carry.
  public let token: String
  /// The most connections served at a time; one more is answered 503 and closed.
  public let maximumConnections: Int
  /// The page's address, token included.
  public var pageURL: String { "http://127.0.0.1:\(port)/?token=\(token)" }

  private let listener: Int32
  private let wake: LockIsolated<Int32?>
  private let session: LiveSession
  private let page: String
  private let connectionCount = LockIsolated(0)

  /// Starts listening and serving, on threads of its own.
  ///
  /// - Parameters:
  ///   - session: What the event stream sends.
  ///   - page: The page's HTML.
  ///   - port: The port; 0, the default, for a free one.
  ///   - token: The secret; by default 128 random bits.
  ///   - maximumConnections: The most connections served at a time.
  /// - Throws: ``LiveInspectorError/cannotListen(port:reason:)``.
  public init(
    session: LiveSession, page: String, port: Int = 0, token: String = randomToken(),
    maximumConnections: Int = 32
  ) throws(LiveInspectorError) {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw .cannotListen(port: port, reason: "socket: \(errnoText())") }
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    guard let boundPort = bindToLoopback(listener, port: UInt16(port)), listen(listener, 64) == 0
    else {
      let reason = errnoText()
      close(listener)
      throw .cannotListen(port: port, reason: reason)
    }
    var pipeDescriptors: [Int32] = [-1, -1]
    guard pipe(&pipeDescriptors) == 0 else {
      close(listener)
      throw .cannotListen(port: port, reason: "pipe: \(errnoText())")
    }
    self.port = Int(boundPort)
    self.token = token
    self.maximumConnections = maximumConnections
    self.listener = listener
    self.wake = LockIsolated(pipeDescriptors[1])
    self.session = session
    self.page = page
    let wakeRead = pipeDescriptors[0]
    let thread = Thread { [self] in acceptLoop(wake: wakeRead) }
    thread.name = "UniflowLiveInspector.accept"
    thread.start()
  }

  /// Stops accepting connections and ends the event streams; calling it again does nothing.
  public func stop() {
    guard let descriptor = wake.withLock({ $0.take() }) else { return }
    session.close()
    var byte: UInt8 = 1
    _ = write(descriptor, &byte, 1)
    close(descriptor)
  }

  private func acceptLoop(wake: Int32) {
    var descriptors = [
      pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&descriptors, 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        break
      }
      if descriptors[1].revents != 0 { break }
      guard descriptors[0].revents != 0 else { continue }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { continue }
      let admitted = connectionCount.withLock { count in
        guard count < maximumConnections else { return false }
        count += 1
        return true
      }
      guard admitted else {
        sendAll(connection, response(503, "Too many connections."))
        close(connection)
        continue
      }
      let thread = Thread { [self] in
        serve(connection)
        close(connection)
        connectionCount.withLock { $0 -= 1 }
      }
      thread.name = "UniflowLiveInspector.connection"
      thread.start()
    }
    close(listener)
    close(wake)
  }

  /// Reads one request and answers it.
  private func serve(_ connection: Int32) {
    var timeout = timeval(tv_sec: 5, tv_usec: 0)
    setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let reader = HTTPRequestReader()
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 2_048)
    let request: HTTPRequest
    reading: while true {
      do {
        switch try reader.read(received) {
        case .request(let read):
          request = read
          break reading
        case .needMore:
          break
        }
      } catch {
        let status = if case .malformed = error { 400 } else { 431 }
        sendAll(connection, response(status, "The request cannot be read: \(error)."))
        return
      }
      let count = readBytes(from: connection, into: &buffer)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
      received.append(contentsOf: buffer[..<count])
    }
    let (status, message) = check(request)
    guard status == 200 else {
      sendAll(connection, response(status, message))
      return
    }
    switch request.path {
    case "/":
      sendAll(connection, response(200, page, contentType: "text/html; charset=utf-8"))
    case "/events":
      stream(to: connection)
    default:
      sendAll(connection, response(404, "No such page."))
    }
  }

  /// Whether a request may be answered: 200, or the status and the reason to refuse it.
  func check(_ request: HTTPRequest) -> (Int, String) {
    guard request.method == "GET" else { return (405, "Only GET is answered.") }
    guard request.headers["host"] == "127.0.0.1:\(port)" else {
      return (403, "The Host header must be 127.0.0.1:\(port).")
    }
    guard let given = request.query["token"], constantTimeEqual(given, token) else {
      return (403, "The address lacks the inspector's token: use the one it printed.")
    }
    return (200, "")
  }

  /// Sends the session's frames as they come, until the page goes away or the server stops.
  private func stream(to connection: Int32) {
    let head =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"
      + "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n"
    guard sendAll(connection, Array(head.utf8)) else { return }
    var next = 0
    while let (frames, after) = session.frames(from: next, waitingUpTo: 15) {
      next = after
      // Nothing new for a while: a comment, so that a page gone away is noticed.
      let text = frames.isEmpty ? ":\n\n" : frames.joined()
      guard sendAll(connection, Array(text.utf8)) else { return }
    }
  }

  private func response(
    _ status: Int, _ body: String, contentType: String = "text/plain; charset=utf-8"
  )
    -> [UInt8]
  {
    let reason =
      switch status {
      case 200: "OK"
      case 400: "Bad Request"
      case 403: "Forbidden"
      case 404: "Not Found"
      case 405: "Method Not Allowed"
      case 431: "Request Header Fields Too Large"
      default: "Service Unavailable"
      }
    let body = Array(body.utf8)
    var head = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(contentType)\r\n"
    head += "Content-Length: \(body.count)\r\nCache-Control: no-store\r\n"
    head += "X-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
    if status == 405 { head += "Allow: GET\r\n" }
    head += "Connection: close\r\n\r\n"
    return Array(head.utf8) + body
  }
}

/// Sends every byte, or fails: `false` when the peer went away.
@discardableResult
private func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
  var sent = 0
  while sent < bytes.count {
    let count = sendBytes(bytes, from: sent, on: connection)
    if count < 0, errno == EINTR { continue }
    guard count > 0 else { return false }
    sent += count
  }
  return true
}

/// 128 random bits, as 32 hexadecimal digits.
public func randomToken() -> String {
  var generator = SystemRandomNumberGenerator()
  return (0..<4).map { _ in
    let word = String(generator.next() as UInt32, radix: 16)
    return String(repeating: "0", count: 8 - word.count) + word
  }.joined()
}

/// Compares two strings in a time that does not depend on where they differ.
private func constantTimeEqual(_ a: String, _ b: String) -> Bool {
  let (a, b) = (Array(a.utf8), Array(b.utf8))
  guard a.count == b.count else { return false }
  return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
}

private func errnoText() -> String { String(cString: strerror(errno)) }
