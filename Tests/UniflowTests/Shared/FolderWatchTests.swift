import Foundation
import Testing
import Uniflow

/// A custom storage's folder watch reports every change to the folder's files, including writes
/// to a file that stays open, as a database's log is.
@Suite struct FolderWatchTests {
  /// The watch's reports, as a stream a test waits on.
  final class Reports: Sendable {
    let stream: AsyncStream<Void>
    let continuation: AsyncStream<Void>.Continuation

    init() {
      (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }
  }

  @Test func aWriteToAFileThatStaysOpenIsReported() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Data().write(to: folder.file("log"))
    let handle = try FileHandle(forWritingTo: folder.file("log"))
    defer { try? handle.close() }
    let reports = Reports()
    let watch = try #require(
      SharedStorageWatch.folder(atPath: folder.url.path) { reports.continuation.yield() })
    defer { watch.cancel() }

    try handle.write(contentsOf: Data("a change".utf8))
    var iterator = reports.stream.makeAsyncIterator()
    #expect(await iterator.next() != nil)
  }

  @Test func aDeletedFileIsReported() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Data("x".utf8).write(to: folder.file("a"))
    let reports = Reports()
    let watch = try #require(
      SharedStorageWatch.folder(atPath: folder.url.path) { reports.continuation.yield() })
    defer { watch.cancel() }

    try FileManager.default.removeItem(at: folder.file("a"))
    var iterator = reports.stream.makeAsyncIterator()
    #expect(await iterator.next() != nil)
  }

  @Test func aMissingFolderCannotBeWatched() {
    let watch = SharedStorageWatch.folder(atPath: "/nonexistent-\(UUID().uuidString)") {}
    #expect(watch == nil)
  }
}
