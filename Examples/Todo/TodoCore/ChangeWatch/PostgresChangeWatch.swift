import Foundation
import Uniflow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The change watch of ``PostgresTodoRepository``: it listens on the server for the
/// notification every change sends when it commits (`LISTEN todo_changes`).
///
/// ```swift
/// let watch = PostgresChangeWatch(repository: repository)
/// let watching = Task { await watch.run { error in store.send(.failed(error)) } }
/// ```
///
/// A thread of its own waits in `poll` on the socket of a connection of its own (libpq's
/// `PQsocket`), reads with `PQconsumeInput` and takes the notifications with `PQnotifies`;
/// the main actor never waits for the server. Each notification (or burst of them) makes the
/// repository compare the revision with its own, and publish the contents when they moved.
///
/// When the connection is lost (the server stopped, the network gone), it reports
/// ``TodoStoreError/offline(server:)`` once and connects again, at first after 50 ms, then
/// waiting up to two seconds between tries. Once back, it listens again and has the
/// repository publish its contents: what changed meanwhile shows, and the program stops
/// saying it is offline. A refused login (a changed password) is reported as such, and tried
/// again every 30 seconds (``loginRetryInterval``), as the message says.
public struct PostgresChangeWatch: TodoChangeWatch {
  /// The repository told of the changes.
  public let repository: PostgresTodoRepository
  /// The time between two tries after the server refused the login: long enough not to fill
  /// the server's log with failed logins, short enough to notice a password put back.
  public let loginRetryInterval: Duration

  /// Creates the watch of a repository.
  ///
  /// - Parameters:
  ///   - repository: The repository on the server.
  ///   - loginRetryInterval: The time between two tries after a refused login, in whole
  ///     seconds or milliseconds.
  public init(repository: PostgresTodoRepository, loginRetryInterval: Duration = .seconds(30)) {
    self.repository = repository
    self.loginRetryInterval = loginRetryInterval
  }

  /// Listens until the task is cancelled; see ``TodoChangeWatch/run(reportingFailuresTo:)``.
  public func run(reportingFailuresTo report: @escaping @MainActor @Sendable (TodoStoreError) -> Void) async {
    let signal = ChangeSignal()
    guard
      let listener = Listener(
        server: repository.server, loginRetryInterval: loginRetryInterval, signal: signal)
    else {
      await report(.offline(server: repository.server.description))
      return
    }
    let repository = repository
    await withTaskCancellationHandler {
      await signal.deliver(to: repository, publish: repository.publishContents, report: report)
    } onCancel: {
      listener.stop()
    }
    listener.stop()
  }
}

/// The thread that listens, and the pipe that wakes it to stop.
private final class Listener: Sendable {
  /// The write end of the pipe that wakes the thread to stop; `nil` once stopped.
  private let wakeDescriptor: LockIsolated<Int32?>

  init?(server: PostgresServer, loginRetryInterval: Duration, signal: ChangeSignal) {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { return nil }
    let wake = descriptors[0]
    wakeDescriptor = LockIsolated(descriptors[1])
    let thread = Thread {
      Self.listen(to: server, loginRetryInterval: loginRetryInterval, wake: wake, signal: signal)
      close(wake)
    }
    thread.name = "Todo.PostgresChangeWatch"
    thread.start()
  }

  deinit {
    stop()
  }

  /// Stops the thread; calling it again does nothing.
  func stop() {
    guard let descriptor = wakeDescriptor.withLock({ $0.take() }) else { return }
    var byte: UInt8 = 1
    _ = write(descriptor, &byte, 1)
    close(descriptor)
  }

  /// Connects, listens and reports until `wake` is written to; connects again after a loss.
  private static func listen(
    to server: PostgresServer, loginRetryInterval: Duration, wake: Int32, signal: ChangeSignal
  ) {
    let (seconds, attoseconds) = loginRetryInterval.components
    let retryMilliseconds = Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)
    let retryText =
      retryMilliseconds % 1_000 == 0 ? "\(retryMilliseconds / 1_000) s" : "\(retryMilliseconds) ms"
    var delay = 50
    var isLost = false
    while true {
      let connection: PostgresConnection
      do throws(TodoStoreError) {
        connection = try PostgresConnection(server: server)
        try connection.query("LISTEN \(PostgresSchema.channel)")
      } catch {
        if case .loginRefused(let name, let reason) = error {
          // A changed password is no outage: it says so, and tries again only now and then,
          // not filling the server's log with failed logins.
          isLost = true
          signal.send(
            .lost(.loginRefused(server: name, reason: reason + "; trying again every \(retryText)")))
          if wait(on: wake, milliseconds: retryMilliseconds) { return }
          continue
        }
        if !isLost {
          isLost = true
          signal.send(.lost(error.isConnectionLoss ? error : .offline(server: server.description)))
        }
        if wait(on: wake, milliseconds: delay) { return }
        delay = min(delay * 2, 2_000)
        continue
      }
      delay = 50
      // What changed while nobody listened.
      if isLost {
        isLost = false
        signal.send(.restored)
      } else {
        signal.changed()
      }
      while true {
        var descriptors = [
          pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0),
          pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, -1)
        if ready < 0 {
          if errno == EINTR { continue }
          return
        }
        if descriptors[1].revents != 0 { return }
        do throws(TodoStoreError) {
          if try !connection.notifications().isEmpty { signal.changed() }
        } catch {
          isLost = true
          signal.send(.lost(.offline(server: server.description)))
          break
        }
      }
    }
  }

  /// Waits `milliseconds` or until `wake` is written to; returns whether it was.
  private static func wait(on wake: Int32, milliseconds: Int) -> Bool {
    var descriptor = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, Int32(milliseconds)) > 0
  }
}
