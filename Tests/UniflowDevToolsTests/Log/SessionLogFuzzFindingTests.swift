import Foundation
import Testing
import UniflowDevTools

/// Inputs the fuzz targets found in the session log reader and writer, replayed: each once
/// broke a property that `Fuzz/` checks on every input.
@Suite struct SessionLogFuzzFindingTests {
  /// The header and the initial state of a log recorded by the Todo program, without steps.
  let recorded = """
    {"app":"todo","format":"uniflow-session","start":"2026-12-02T01:38:57.977Z","version":1}
    {"state":{"todos":[]}}

    """

  @Test func aLogWrittenAgainIsTheSameText() throws {
    // The start date was written truncated to the millisecond: read back, 57.977 was a hair
    // under it, and each writing took a millisecond off.
    let log = try SessionLog(parsing: recorded)
    #expect(log.jsonLines == recorded)
    #expect(try SessionLog(parsing: log.jsonLines).jsonLines == recorded)
  }
}

extension SessionLogFuzzFindingTests {
  @Test func aStepWhoseChangeFailsHalfwayChangesNothing() throws {
    // Line 3's first operation applied before its second failed: the state kept `a`, so that
    // line 5's removal of `a` applied on reading, and not on reading the log written again.
    let text = """
      {"app":"todo","format":"uniflow-session","start":"2026-12-02T01:38:57.977Z","version":1}
      {"state":{}}
      {"seq":1,"time":0.1,"name":"x","cause":null,"action":{},"patch":[{"op":"add","path":"/a","value":1},{"op":"remove","path":"/missing"}]}
      {"seq":2,"time":0.2,"name":"y","cause":null,"action":{},"patch":[{"op":"add","path":"/b","value":2}]}
      {"seq":3,"time":0.3,"name":"z","cause":null,"action":{},"patch":[{"op":"remove","path":"/a"}]}

      """
    let log = try SessionLog(parsing: text)
    #expect(log.steps.map(\.sequenceNumber) == [2])
    #expect(log.skippedLines.map(\.error.line) == [3, 5])
    #expect(log.state(after: 1) == ["b": 2])
    let again = try SessionLog(parsing: log.jsonLines)
    #expect(again.skippedLines.isEmpty)
    #expect(again.state(after: 1) == ["b": 2])
  }
}
