import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A plain HTTP client over a socket: sends bytes as they are given, reads the answer.
enum HTTPClient {
  /// Sends `request` to 127.0.0.1:`port` and returns what comes back: until the server closes,
  /// or until the answer contains `until`.
  static func exchange(_ request: String, port: Int, until: String? = nil) throws -> String {
    let connection = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard connection >= 0 else { throw ClientError.failed("socket") }
    defer { close(connection) }
    var timeout = timeval(tv_sec: 20, tv_usec: 0)
    setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw ClientError.failed("connect") }
    let bytes = Array(request.utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes.withUnsafeBytes { send(connection, $0.baseAddress! + sent, $0.count - sent, 0) }
      // The server may answer and close before reading a long request to its end.
      guard count > 0 else { break }
      sent += count
    }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4_096)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      received.append(contentsOf: buffer[..<count])
      if let until, String(decoding: received, as: UTF8.self).contains(until) { break }
    }
    return String(decoding: received, as: UTF8.self)
  }

  enum ClientError: Error { case failed(String) }
}
