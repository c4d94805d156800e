/// Why the live inspector cannot start.
public enum LiveInspectorError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The log's folder cannot be watched (it does not exist, or cannot be read).
  case cannotWatch(path: String)
  /// The server cannot listen on the loopback address: the reason names the call that failed.
  case cannotListen(port: Int, reason: String)

  /// The error in a sentence.
  public var description: String {
    switch self {
    case .cannotWatch(let path): "cannot watch the folder \(path)"
    case .cannotListen(let port, let reason): "cannot listen on 127.0.0.1:\(port): \(reason)"
    }
  }
}
