/// The effects started by one ``Store/send(_:)``: await them, or cancel them.
///
/// ```swift
/// await store.send(.refresh).finish()   // every effect of the refresh has finished
/// ```
///
/// The task covers the effects of the action, of its synchronous follow-ups, and of the
/// actions those effects send back, so awaiting it follows an async chain to its end. A send
/// that started no effect returns a task that is already finished.
@MainActor
public struct StoreTask: Sendable {
  @usableFromInline
  let group: EffectGroup?

  @usableFromInline
  init(group: EffectGroup?) {
    self.group = group
  }

  /// Waits until every effect of the send has finished or was cancelled.
  ///
  /// Cancelling the task that waits cancels the effects.
  public func finish() async {
    guard let group else { return }
    await withTaskCancellationHandler {
      await group.wait()
    } onCancel: {
      group.cancel()
    }
  }

  /// Calls `body` once every effect of the send has finished or was cancelled: at once if none
  /// is running, otherwise on the task of the last effect to end.
  ///
  /// For a waiter that must also wake for other reasons (the testing library's property
  /// checks), without a task of its own that awaits ``finish()``.
  ///
  /// - Parameter body: What to do; it must not block.
  package func onFinish(_ body: @escaping @Sendable () -> Void) {
    guard let group else { return body() }
    group.onFinish(body)
  }

  /// Cancels every effect of the send that is still running.
  public func cancel() {
    group?.cancel()
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool {
    group?.isCancelled ?? false
  }

  /// Whether no effect of the send is running any more.
  public var isFinished: Bool {
    group?.isFinished ?? true
  }
}
