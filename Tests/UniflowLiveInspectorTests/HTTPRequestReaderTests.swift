import Testing
import UniflowLiveInspector

@Suite struct HTTPRequestReaderTests {
  let reader = HTTPRequestReader()

  private func read(_ text: String) throws(HTTPRequestError) -> HTTPRequestReader.Outcome {
    try reader.read(Array(text.utf8))
  }

  @Test func requestIsReadWithItsQueryAndHeaders() throws {
    let outcome = try read(
      "GET /events?token=a%2Fb&x=1&token=other HTTP/1.1\r\nHost: 127.0.0.1:80\r\nX-Two:  v \r\n\r\n")
    #expect(
      outcome
        == .request(
          HTTPRequest(
            method: "GET", path: "/events", query: ["token": "a/b", "x": "1"],
            headers: ["host": "127.0.0.1:80", "x-two": "v"])))
  }

  @Test func headNotYetCompleteNeedsMore() throws {
    #expect(try read("") == .needMore)
    #expect(try read("GET / HTTP/1.1\r\nHost: a\r\n") == .needMore)
  }

  @Test func headLongerThanTheLimitIsRefusedEvenBeforeItEnds() {
    let small = HTTPRequestReader(maximumSize: 64)
    #expect(throws: HTTPRequestError.tooLarge(limit: 64)) {
      try small.read(Array(("GET /" + String(repeating: "a", count: 100)).utf8))
    }
    #expect(throws: HTTPRequestError.tooLarge(limit: 64)) {
      try small.read(Array(("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: 60) + "\r\n\r\n").utf8))
    }
  }

  @Test func tooManyHeadersAreRefused() {
    let small = HTTPRequestReader(maximumHeaderCount: 2)
    #expect(throws: HTTPRequestError.tooManyHeaders(limit: 2)) {
      try small.read(Array("GET / HTTP/1.1\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n".utf8))
    }
  }

  @Test func malformedRequestsAreRefusedWithTheirReason() {
    let cases: [(String, String)] = [
      ("hello\r\n\r\n", "the request line is not METHOD TARGET VERSION"),
      ("get / HTTP/1.1\r\n\r\n", "the method is not a word in capitals"),
      ("GET / HTTP/2\r\n\r\n", "the version is not HTTP/1.0 or HTTP/1.1"),
      ("GET http://x/ HTTP/1.1\r\n\r\n", "the target is not a path"),
      ("GET / HTTP/1.1\r\nno colon\r\n\r\n", "a header line without a name and a colon"),
      ("GET / HTTP/1.1\r\nA B: 1\r\n\r\n", "a header name with a space or a control character"),
      ("GET / HTTP/1.1\r\nA: \u{0}\r\n\r\n", "a NUL byte"),
    ]
    for (text, reason) in cases {
      #expect(throws: HTTPRequestError.malformed(reason), "\(text)") { try read(text) }
    }
  }
}
