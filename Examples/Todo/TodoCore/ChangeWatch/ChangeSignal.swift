import Uniflow

/// What a watch's thread tells the task that asks the repository: changes, coalesced while one
/// waits, and the loss and return of a server, in the order they happened.
final class ChangeSignal: Sendable {
  enum Event: Sendable {
    /// Something may have changed: the repository looks.
    case changed
    /// The server was lost: the program says so.
    case lost(TodoStoreError)
    /// The server is back: the repository publishes its contents, changed or not, so that the
    /// program stops saying it is lost.
    case restored
  }

  private let events: AsyncStream<Event>
  private let continuation: AsyncStream<Event>.Continuation
  /// Whether a `.changed` is on its way: a burst of file events or notifications while the
  /// repository looks makes it look once more, not once per event.
  private let isChangePending = LockIsolated(false)

  init() {
    (events, continuation) = AsyncStream.makeStream(of: Event.self)
  }

  deinit {
    continuation.finish()
  }

  /// Says that something may have changed; called on the watch's thread.
  func changed() {
    let isFirst = isChangePending.withLock { isPending in
      defer { isPending = true }
      return !isPending
    }
    if isFirst { continuation.yield(.changed) }
  }

  /// Says that the server was lost, or is back; called on the watch's thread.
  func send(_ event: Event) {
    continuation.yield(event)
  }

  /// Hands each event to `repository` until the task is cancelled: a change makes it look, a
  /// restored server makes it publish (`publish`), a loss is reported.
  func deliver(
    to repository: any TodoRepository, publish: @escaping @Sendable () async throws(TodoStoreError) -> Void,
    report: @escaping @MainActor @Sendable (TodoStoreError) -> Void
  ) async {
    for await event in events {
      do throws(TodoStoreError) {
        switch event {
        case .changed:
          isChangePending.withLock { $0 = false }
          try await repository.reloadIfChanged()
        case .lost(let error):
          await report(error)
        case .restored:
          try await publish()
        }
      } catch {
        await report(error)
      }
    }
  }
}
