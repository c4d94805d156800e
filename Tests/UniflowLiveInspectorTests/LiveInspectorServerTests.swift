import Foundation
import Testing
import UniflowLiveInspector

@Suite(.timeLimit(.minutes(10)))
struct LiveInspectorServerTests {
  let session = LiveSession()
  let server: LiveInspectorServer

  init() throws {
    server = try LiveInspectorServer(session: session, page: "<p>the page</p>", token: "s3cret")
  }

  private func get(_ target: String, host: String? = nil, extra: String = "") throws -> String {
    let host = host ?? "127.0.0.1:\(server.port)"
    return try HTTPClient.exchange(
      "GET \(target) HTTP/1.1\r\nHost: \(host)\r\n\(extra)\r\n", port: server.port)
  }

  @Test func pageIsServedWithTheToken() throws {
    let answer = try get("/?token=s3cret")
    #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(answer.hasSuffix("<p>the page</p>"))
    #expect(server.pageURL == "http://127.0.0.1:\(server.port)/?token=s3cret")
    server.stop()
  }

  @Test func requestWithoutTheRightTokenIsRefused() throws {
    for target in ["/", "/?token=", "/?token=s3cre", "/?token=s3cretX", "/events", "/events?tok=s3cret"] {
      let answer = try get(target)
      #expect(answer.hasPrefix("HTTP/1.1 403 Forbidden\r\n"), "\(target)")
      #expect(!answer.contains("the page"))
    }
    server.stop()
  }

  @Test func hostOtherThanTheLoopbackAddressAndPortIsRefused() throws {
    for host in ["evil.example:\(server.port)", "localhost:\(server.port)", "127.0.0.1", "127.0.0.1:1"] {
      let answer = try get("/?token=s3cret", host: host)
      #expect(answer.hasPrefix("HTTP/1.1 403 Forbidden\r\n"), "\(host)")
    }
    let noHost = try HTTPClient.exchange("GET /?token=s3cret HTTP/1.1\r\n\r\n", port: server.port)
    #expect(noHost.hasPrefix("HTTP/1.1 403 Forbidden\r\n"))
    server.stop()
  }

  @Test func onlyGetIsAnswered() throws {
    for method in ["POST", "PUT", "DELETE", "OPTIONS", "HEAD"] {
      let answer = try HTTPClient.exchange(
        "\(method) /?token=s3cret HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 0\r\n\r\n",
        port: server.port)
      #expect(answer.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"), "\(method)")
      #expect(answer.contains("Allow: GET\r\n"))
    }
    server.stop()
  }

  @Test func noCrossOriginHeadersAreSent() throws {
    let answer = try get("/?token=s3cret", extra: "Origin: http://evil.example\r\n")
    #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(!answer.lowercased().contains("access-control-"))
    server.stop()
  }

  @Test func oversizedOrMalformedRequestIsRefusedAndTheServerGoesOn() throws {
    let long = try get("/?token=s3cret", extra: "X-Padding: \(String(repeating: "a", count: 20_000))\r\n")
    #expect(long.hasPrefix("HTTP/1.1 431 "))
    let many = try get(
      "/?token=s3cret", extra: (0..<100).map { "X-\($0): 1\r\n" }.joined())
    #expect(many.hasPrefix("HTTP/1.1 431 "))
    let malformed = try HTTPClient.exchange("hello\r\n\r\n", port: server.port)
    #expect(malformed.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
    let unknown = try get("/secrets?token=s3cret")
    #expect(unknown.hasPrefix("HTTP/1.1 404 Not Found\r\n"))
    #expect(try get("/?token=s3cret").hasPrefix("HTTP/1.1 200 OK\r\n"))
    server.stop()
  }

  @Test func eventStreamSendsTheLinesFollowedSoFarThenTheNewOnes() async throws {
    session.receive(.line(#"{"state":1}"#))
    session.receive(.refused(length: 100_000_000, limit: 16))
    let (server, port) = (server, server.port)
    let reading = Task.detached {
      try HTTPClient.exchange(
        "GET /events?token=s3cret HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", port: port,
        until: "second")
    }
    session.receive(.line(#"{"second":2}"#))
    let answer = try await reading.value
    #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"))
    #expect(answer.contains("\r\n\r\ndata: {\"state\":1}\n\n"))
    #expect(
      answer.contains(
        "event: note\ndata: \"A line of 100000000 bytes is longer than the 16 bytes the live inspector reads: it is skipped.\"\n\n"
      ))
    #expect(answer.hasSuffix("data: {\"second\":2}\n\n"))
    server.stop()
  }

  @Test func restartedLogDropsTheOldLinesAndSaysSo() throws {
    session.receive(.line("old"))
    session.receive(.restarted("The log was truncated."))
    session.receive(.line("new"))
    let answer = try HTTPClient.exchange(
      "GET /events?token=s3cret HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n", port: server.port,
      until: "new")
    #expect(!answer.contains("old"))
    #expect(answer.contains("event: restart\ndata: \"The log was truncated.\"\n\ndata: new\n\n"))
    server.stop()
  }

  @Test func endlessLogStopsBeingKeptAtTheLimitAndThePageIsToldSo() throws {
    let small = LiveSession(maximumBytes: 100)
    let server = try LiveInspectorServer(session: small, page: "", token: "t")
    for number in 1...10 { small.receive(.line("line \(number) " + String(repeating: "x", count: 20))) }
    let answer = try HTTPClient.exchange(
      "GET /events?token=t HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n", port: server.port,
      until: "not shown.\"\n\n")
    #expect(answer.contains("data: line 2 "))
    #expect(!answer.contains("data: line 3 "))
    #expect(
      answer.hasSuffix(
        "event: note\ndata: \"The log is longer than the 100 bytes the live inspector keeps: the lines after "
          + "this point are not shown.\"\n\n"))
    #expect(small.frameCount == 3)
    server.stop()
    self.server.stop()
  }

  @Test func tooManyConnectionsAreAnswered503() throws {
    let small = try LiveInspectorServer(
      session: LiveSession(), page: "", token: "t", maximumConnections: 0)
    let answer = try HTTPClient.exchange("GET /?token=t HTTP/1.1\r\n\r\n", port: small.port)
    #expect(answer.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"))
    small.stop()
    server.stop()
  }
}
