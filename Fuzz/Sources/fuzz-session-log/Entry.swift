import Foundation
import FuzzSupport
import UniflowDevTools

/// The session log reader on whole fuzzed files, read from disk as `todo replay` and
/// `uniflow-inspect` read a bug report: a log it reads gives every state, an inspector page,
/// and, written again, the same log; a log it refuses is a `SessionLogError` with its message.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  let file = scratchFile
  do {
    try bytes.write(to: file)
  } catch {
    check(false, "cannot write the input to \(file.path): \(error)")
  }
  let log: SessionLog
  do {
    log = try SessionLog(contentsOf: file)
  } catch {
    checkMessage(of: error)
    return 0
  }
  for skipped in log.skippedLines {
    checkMessage(of: skipped.error)
    check(skipped.stepsBefore <= log.steps.count, "a skipped line after \(skipped.stepsBefore) steps")
  }
  // Time travel to the start, the middle and the end (every state would cost the square of
  // the steps).
  for count in Set([0, log.steps.count / 2, log.steps.count]) {
    _ = log.state(after: count)
    if count > 0 { check(log.line(ofStep: count - 1) >= SessionLog.firstStepLine, "a step before line 3") }
  }
  check(!SessionInspector.html(for: log).isEmpty, "an empty inspector page")

  // Written again, the log reads back whole: the same steps and states, nothing skipped.
  let text = log.jsonLines
  do {
    let again = try SessionLog(parsing: text)
    check(again.skippedLines.isEmpty, "the log written again has skipped lines: \(again.skippedLines)")
    check(again.header.appName == log.header.appName, "the app's name changed")
    check(again.initialState == log.initialState, "the initial state changed")
    check(again.steps.count == log.steps.count, "\(log.steps.count) steps became \(again.steps.count)")
    for (step, reread) in zip(log.steps, again.steps) {
      check(
        reread.sequenceNumber == step.sequenceNumber && reread.name == step.name
          && reread.action == step.action && reread.cause == step.cause && reread.patch == step.patch,
        "step \(step.sequenceNumber) reads back as \(reread.jsonLine), not \(step.jsonLine)")
    }
    check(again.stops == log.stops, "the stops \(log.stops) read back as \(again.stops)")
    let second = again.jsonLines
    check(second == text, "the log is written differently the second time: \(firstDifference(text, second))")
  } catch {
    check(false, "the log written again does not read: \(error)\n\(text)")
  }
  return 0
}

/// The file each input is written to: one per process, in the temporary directory.
let scratchFile = FileManager.default.temporaryDirectory.appending(
  path: "uniflow-fuzz-session-log-\(ProcessInfo.processInfo.processIdentifier).jsonl")

/// The first line that differs between two texts, in both.
func firstDifference(_ first: String, _ second: String) -> String {
  let pairs = zip(first.split(separator: "\n"), second.split(separator: "\n"))
  guard let (line, other) = pairs.first(where: { $0 != $1 }) else { return "in their length" }
  return "\(line) became \(other)"
}
