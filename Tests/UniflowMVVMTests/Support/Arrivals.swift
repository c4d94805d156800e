import UniflowMVVM

/// The values an output emits, as an async sequence, so that a test can wait for an effect's
/// result to reach the output without sleeping.
@MainActor
final class Arrivals<Value: Sendable> {
  let stream: AsyncStream<Value>
  private let token: ObservationToken

  init(of output: OutputValue<Value>) {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    self.stream = stream
    token = output.observe { continuation.yield($0) }
  }
}
