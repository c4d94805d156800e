/// A request the live inspector's server read: only what it needs of HTTP/1.x.
public struct HTTPRequest: Sendable, Hashable {
  /// The method, as sent (`GET`).
  public var method: String
  /// The path, without its query (`/events`).
  public var path: String
  /// The query's parameters, percent-decoded; a name given twice keeps its first value.
  public var query: [String: String]
  /// The headers, names lowercased; a header given twice keeps its first value.
  public var headers: [String: String]

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - method: The method.
  ///   - path: The path, without the query.
  ///   - query: The query's parameters.
  ///   - headers: The headers, names lowercased.
  public init(method: String, path: String, query: [String: String], headers: [String: String]) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
  }
}

/// Why a request could not be read.
public enum HTTPRequestError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The request's head (request line and headers) is longer than the limit.
  case tooLarge(limit: Int)
  /// More headers than the limit.
  case tooManyHeaders(limit: Int)
  /// Not an HTTP/1.x request: the reason says what is wrong.
  case malformed(String)

  /// The error in a sentence.
  public var description: String {
    switch self {
    case .tooLarge(let limit): "the request is longer than \(limit) bytes"
    case .tooManyHeaders(let limit): "the request has more than \(limit) headers"
    case .malformed(let reason): "the request is malformed: \(reason)"
    }
  }
}

/// Reads one request's head from the bytes received so far, within hard limits: the server
/// answers only `GET` requests, so a body is never read.
///
/// ```swift
/// var reader = HTTPRequestReader()
/// switch try reader.read(received) {
/// case .needMore: break  // receive more bytes, call again with all of them
/// case .request(let request): answer(request)
/// }
/// ```
public struct HTTPRequestReader: Sendable {
  /// What the bytes so far hold.
  public enum Outcome: Sendable, Hashable {
    /// The head is not complete yet.
    case needMore
    /// The head, read.
    case request(HTTPRequest)
  }

  /// The longest head read, in bytes.
  public let maximumSize: Int
  /// The most headers read.
  public let maximumHeaderCount: Int

  /// Creates a reader.
  ///
  /// - Parameters:
  ///   - maximumSize: The longest head read, in bytes; 8 KiB by default.
  ///   - maximumHeaderCount: The most headers read; 64 by default.
  public init(maximumSize: Int = 8_192, maximumHeaderCount: Int = 64) {
    self.maximumSize = maximumSize
    self.maximumHeaderCount = maximumHeaderCount
  }

  /// Reads the head of a request from all the bytes received on a connection so far.
  ///
  /// - Parameter bytes: The bytes received so far.
  /// - Returns: The request, or ``Outcome/needMore`` when its head is not complete.
  /// - Throws: ``HTTPRequestError`` when the head is too long, has too many headers or is not
  ///   HTTP/1.x.
  /// - Complexity: O(*n*) in the number of bytes, at most ``maximumSize``.
  public func read(_ bytes: some Collection<UInt8>) throws(HTTPRequestError) -> Outcome {
    let bytes = Array(bytes.prefix(maximumSize + 4))
    guard let end = headEnd(bytes) else {
      if bytes.count > maximumSize { throw .tooLarge(limit: maximumSize) }
      return .needMore
    }
    guard end <= maximumSize else { throw .tooLarge(limit: maximumSize) }
    // Lines end with CRLF; a bare LF is accepted, as most servers do.
    let lines = bytes[..<end].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { line in line.last == UInt8(ascii: "\r") ? line.dropLast() : line }
    guard let requestLine = lines.first else { throw .malformed("no request line") }
    guard !bytes[..<end].contains(0) else { throw .malformed("a NUL byte") }
    let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard parts.count == 3 else { throw .malformed("the request line is not METHOD TARGET VERSION") }
    let method = String(decoding: parts[0], as: UTF8.self)
    guard !method.isEmpty, method.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
    else { throw .malformed("the method is not a word in capitals") }
    let version = String(decoding: parts[2], as: UTF8.self)
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      throw .malformed("the version is not HTTP/1.0 or HTTP/1.1")
    }
    let target = String(decoding: parts[1], as: UTF8.self)
    guard target.hasPrefix("/"), target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      throw .malformed("the target is not a path")
    }
    let (path, query) = Self.split(target: target)

    var headers: [String: String] = [:]
    var count = 0
    for line in lines.dropFirst() where !line.isEmpty {
      count += 1
      guard count <= maximumHeaderCount else { throw .tooManyHeaders(limit: maximumHeaderCount) }
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon != line.startIndex else {
        throw .malformed("a header line without a name and a colon")
      }
      let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
      guard name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
        throw .malformed("a header name with a space or a control character")
      }
      let value = String(decoding: line[line.index(after: colon)...], as: UTF8.self)
        .trimmingSpaces()
      if headers[name] == nil { headers[name] = value }
    }
    return .request(HTTPRequest(method: method, path: path, query: query, headers: headers))
  }

  /// The offset of the byte after the blank line that ends the head, if it has been received.
  private func headEnd(_ bytes: [UInt8]) -> Int? {
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\n") {
        if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { return index }
        if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\r"),
          bytes[index + 2] == UInt8(ascii: "\n")
        {
          return index
        }
      }
      index += 1
    }
    return nil
  }

  /// The path and the decoded query parameters of a target.
  private static func split(target: String) -> (String, [String: String]) {
    guard let mark = target.firstIndex(of: "?") else { return (target, [:]) }
    var query: [String: String] = [:]
    for pair in target[target.index(after: mark)...].split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = percentDecoded(parts[0])
      let value = parts.count > 1 ? percentDecoded(parts[1]) : ""
      if query[name] == nil { query[name] = value }
    }
    return (String(target[..<mark]), query)
  }

  /// Percent-decodes, leaving a bad escape as it is.
  private static func percentDecoded(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else if byte == UInt8(ascii: "+") {
        bytes.append(UInt8(ascii: " "))
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension String {
  /// The string without spaces and tabs at either end.
  fileprivate func trimmingSpaces() -> String {
    var view = Substring(self)
    while let first = view.first, first == " " || first == "\t" { view = view.dropFirst() }
    while let last = view.last, last == " " || last == "\t" { view = view.dropLast() }
    return String(view)
  }
}
