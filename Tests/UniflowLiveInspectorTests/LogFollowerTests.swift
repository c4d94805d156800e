import Foundation
import Testing
import UniflowLiveInspector

@Suite(.timeLimit(.minutes(10)))
struct LogFollowerTests {
  let directory: URL
  let path: String

  init() throws {
    directory = FileManager.default.temporaryDirectory.appending(path: "uniflow-live-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    path = directory.appending(path: "s.jsonl").path
  }

  /// A follower of the log whose events come out of the returned stream.
  private func follow(
    maximumLineLength: Int = 1 << 20
  ) throws -> (LogFollower, AsyncStream<LogFollower.Event>.AsyncIterator) {
    let (events, sink) = AsyncStream.makeStream(of: LogFollower.Event.self)
    let follower = try LogFollower(path: path, maximumLineLength: maximumLineLength) { sink.yield($0) }
    return (follower, events.makeAsyncIterator())
  }

  private func append(_ text: String) throws {
    let handle = try FileHandle(forWritingTo: URL(filePath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
    try handle.close()
  }

  @Test func linesWrittenBeforeAndAfterAreReportedAndAPartialLineWaits() async throws {
    try Data("one\ntw".utf8).write(to: URL(filePath: path))
    let (follower, iterator) = try follow()
    var events = iterator
    #expect(await events.next() == .line("one"))
    try append("o\nthree\n")
    #expect(await events.next() == .line("two"))
    #expect(await events.next() == .line("three"))
    follower.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  @Test func logMadeAfterTheFollowerStartedIsFollowed() async throws {
    let (follower, iterator) = try follow()
    var events = iterator
    try Data("first\n".utf8).write(to: URL(filePath: path))
    #expect(await events.next() == .line("first"))
    follower.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  @Test func truncatedLogIsFollowedFromItsStartWithANote() async throws {
    try Data("old line one\nold line two\n".utf8).write(to: URL(filePath: path))
    let (follower, iterator) = try follow()
    var events = iterator
    #expect(await events.next() == .line("old line one"))
    #expect(await events.next() == .line("old line two"))
    let handle = try FileHandle(forWritingTo: URL(filePath: path))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data("new\n".utf8))
    try handle.close()
    #expect(
      await events.next() == .restarted("The log was truncated: following the new recording from its start."))
    #expect(await events.next() == .line("new"))
    follower.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  @Test func replacedLogIsFollowedFromItsStartWithANote() async throws {
    try Data("old\n".utf8).write(to: URL(filePath: path))
    let (follower, iterator) = try follow()
    var events = iterator
    #expect(await events.next() == .line("old"))
    let other = directory.appending(path: "next.jsonl")
    try Data("replacement line\n".utf8).write(to: other)
    _ = rename(other.path, path)
    #expect(
      await events.next() == .restarted("The log was replaced: following the new recording from its start."))
    #expect(await events.next() == .line("replacement line"))
    follower.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  @Test func hugeLineIsRefusedAndTheLinesAfterItAreRead() async throws {
    let (follower, iterator) = try follow(maximumLineLength: 1_024)
    var events = iterator
    try Data((String(repeating: "x", count: 3_000_000) + "\nafter\n").utf8).write(to: URL(filePath: path))
    #expect(await events.next() == .refused(length: 3_000_000, limit: 1_024))
    #expect(await events.next() == .line("after"))
    follower.stop()
    try? FileManager.default.removeItem(at: directory)
  }

  @Test func unwatchableFolderIsAnError() {
    #expect(throws: LiveInspectorError.cannotWatch(path: "/no/such/folder")) {
      try LogFollower(path: "/no/such/folder/s.jsonl") { _ in }
    }
  }
}
