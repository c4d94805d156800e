/// Feeds an output's values into an `AsyncStream`, and finishes the stream when the observer
/// that holds it is dropped: when the output is released or the observer is removed.
final class StreamSink<Value: Sendable>: Sendable {
  private let continuation: AsyncStream<Value>.Continuation

  init(_ continuation: AsyncStream<Value>.Continuation) {
    self.continuation = continuation
  }

  func yield(_ value: Value) {
    continuation.yield(value)
  }

  deinit {
    continuation.finish()
  }
}
