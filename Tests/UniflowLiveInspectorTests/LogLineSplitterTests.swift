import Testing
import UniflowLiveInspector

@Suite struct LogLineSplitterTests {
  @Test func partialLineWaitsForItsLineBreak() {
    var splitter = LogLineSplitter(maximumLineLength: 100)
    #expect(splitter.feed(Array("{\"a\":".utf8)) == [])
    #expect(splitter.hasPartialLine)
    #expect(splitter.feed(Array("1}\n{\"b\"".utf8)) == [.line(Array("{\"a\":1}".utf8))])
    #expect(splitter.feed(Array(":2}\n\n".utf8)) == [.line(Array("{\"b\":2}".utf8)), .line([])])
    #expect(!splitter.hasPartialLine)
  }

  @Test func lineLongerThanTheLimitIsRefusedWithoutBeingKeptAndTheNextIsRead() {
    var splitter = LogLineSplitter(maximumLineLength: 8)
    #expect(splitter.feed(Array("0123456".utf8)) == [])
    #expect(splitter.feed(Array("789".utf8)) == [])
    #expect(splitter.feed([UInt8](repeating: 65, count: 1_000)) == [])
    #expect(splitter.feed(Array("\nok\n".utf8)) == [.refused(length: 1_010), .line(Array("ok".utf8))])
  }

  @Test func resetForgetsTheLineBeingWritten() {
    var splitter = LogLineSplitter(maximumLineLength: 8)
    _ = splitter.feed(Array("half".utf8))
    splitter.reset()
    #expect(splitter.feed(Array("new\n".utf8)) == [.line(Array("new".utf8))])
  }
}
