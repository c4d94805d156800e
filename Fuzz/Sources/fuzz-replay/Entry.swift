import FuzzSupport
import TodoCore
import UniflowDevTools

/// A fuzzed session log replayed against the Todo feature, as `todo replay` replays a bug
/// report: actions and states decoded from untrusted JSON and sent to the reducer end in a
/// match, a divergence or a typed error, never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let text = String(decoding: bytes, as: UTF8.self)
  guard let log = try? SessionLog(parsing: text) else { return 0 }
  MainActor.assumeIsolated {
    let result = Replay(log, reducer: TodoFeature(repository: InMemoryTodoRepository())).run()
    check(
      result.matchedStepCount <= result.recordedStepCount,
      "\(result.matchedStepCount) steps matched of \(result.recordedStepCount)")
    check(!result.description.isEmpty, "a replay result without a description")
    if let error = result.error { checkMessage(of: error) }
  }
  return 0
}
