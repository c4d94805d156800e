import Foundation

/// The live inspector: follows a session log as it is written and serves the page that shows
/// it, on the loopback address.
///
/// ```swift
/// let inspector = try LiveInspector(logPath: "s.jsonl")
/// print(inspector.server.pageURL)  // open it in a browser
/// ```
public final class LiveInspector: Sendable {
  /// What the page is sent.
  public let session: LiveSession
  /// The HTTP server.
  public let server: LiveInspectorServer
  private let follower: LogFollower

  /// Starts following the log and serving the page.
  ///
  /// - Parameters:
  ///   - logPath: The session log; it need not exist yet.
  ///   - port: The port; 0, the default, for a free one.
  ///   - maximumLineLength: The longest line read, in bytes.
  /// - Throws: ``LiveInspectorError``.
  public init(logPath: String, port: Int = 0, maximumLineLength: Int = 16 << 20) throws(LiveInspectorError) {
    let session = LiveSession()
    self.session = session
    self.server = try LiveInspectorServer(session: session, page: liveInspectorPage, port: port)
    do {
      self.follower = try LogFollower(path: logPath, maximumLineLength: maximumLineLength) {
        session.receive($0)
      }
    } catch {
      server.stop()
      throw error
    }
  }

  /// Stops following and serving.
  public func stop() {
    follower.stop()
    server.stop()
  }
}
