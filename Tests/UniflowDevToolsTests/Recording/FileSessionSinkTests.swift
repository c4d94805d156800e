import Foundation
import Testing
import UniflowDevTools

/// What `FileSessionSink` does with what is already at its path: it never destroys what it
/// did not create.
@MainActor
@Suite struct FileSessionSinkTests {
  private let header = SessionEntry.header(
    SessionHeader(appName: "checklist", startDate: Date(timeIntervalSince1970: 1_800_000_000)))

  @Test func aNewFileIsCreated() throws {
    let file = try TemporaryFile()
    let sink = try FileSessionSink(url: file.url)
    try sink.write(header)
    #expect(try file.text == header.jsonLine + "\n")
  }

  @Test func anExistingFileIsRefusedAndKeptAsItIs() throws {
    let file = try TemporaryFile()
    try file.write("the first session\n")
    #expect(throws: SessionFileError.alreadyExists(path: file.url.path)) {
      try FileSessionSink(url: file.url)
    }
    #expect(try file.text == "the first session\n")
  }

  @Test func anExistingFileIsReplacedOnlyWhenAsked() throws {
    let file = try TemporaryFile()
    try file.write("the first session, longer than the new one\n")
    let sink = try FileSessionSink(url: file.url, existingFile: .replace)
    try sink.write(header)
    #expect(try file.text == header.jsonLine + "\n")
  }

  @Test(arguments: [FileSessionSink.ExistingFile.refuse, .replace])
  func aSymbolicLinkIsRefusedAndNeitherItNorItsTargetChanges(
    existingFile: FileSessionSink.ExistingFile
  ) throws {
    let file = try TemporaryFile(named: "target.txt")
    try file.write("kept\n")
    let link = file.directory.appending(path: "link.jsonl")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file.url)
    #expect(throws: SessionFileError.notAFile(path: link.path, kind: "a symbolic link")) {
      try FileSessionSink(url: link, existingFile: existingFile)
    }
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == file.url.path)
    #expect(try file.text == "kept\n")
  }

  @Test func aDanglingSymbolicLinkIsRefusedAndItsTargetIsNotCreated() throws {
    let file = try TemporaryFile(named: "nowhere.txt")
    let link = file.directory.appending(path: "link.jsonl")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file.url)
    #expect(throws: SessionFileError.self) { try FileSessionSink(url: link) }
    #expect(!FileManager.default.fileExists(atPath: file.url.path))
  }

  @Test func aDirectoryIsRefused() throws {
    let file = try TemporaryFile()
    #expect(throws: SessionFileError.notAFile(path: file.directory.path, kind: "a directory")) {
      try FileSessionSink(url: file.directory, existingFile: .replace)
    }
  }

  @Test func aMissingFolderIsNamedAsTheReason() throws {
    let file = try TemporaryFile()
    let missing = file.directory.appending(path: "logs")
    let url = missing.appending(path: "session.jsonl")
    let error = #expect(throws: SessionFileError.self) { try FileSessionSink(url: url) }
    #expect(error == .missingFolder(path: url.path, folder: missing.path))
    #expect(error?.description == "cannot record to \(url.path): the folder \(missing.path) does not exist")
  }

  @Test func aFIFOIsWrittenThroughWhenAProgramReadsIt() throws {
    let file = try TemporaryFile(named: "live.jsonl")
    try #require(mkfifo(file.url.path, 0o600) == 0)
    #expect(throws: SessionFileError.noReader(path: file.url.path)) {
      try FileSessionSink(url: file.url)
    }
    let reader = open(file.url.path, O_RDONLY | O_NONBLOCK)
    try #require(reader >= 0)
    defer { close(reader) }
    let sink = try FileSessionSink(url: file.url)
    try sink.write(header)
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = read(reader, &bytes, bytes.count)
    #expect(String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self) == header.jsonLine + "\n")
    #expect(try fileKind(file.url.path) == S_IFIFO)
  }

  @Test func aCharacterDeviceIsWrittenThroughAndStaysADevice() throws {
    let sink = try FileSessionSink(url: URL(filePath: "/dev/null"), existingFile: .refuse)
    try sink.write(header)
    #expect(try fileKind("/dev/null") == S_IFCHR)
  }

  @Test(
    .enabled(
      if: (try? fileKind("/dev/full")) == S_IFCHR,
      "needs /dev/full, the character device whose writes fail with ENOSPC (Linux, FreeBSD)"))
  func aWriteToAFullDeviceFailsWithTheSystemsReason() throws {
    let sink = try FileSessionSink(url: URL(filePath: "/dev/full"))
    let error = #expect(throws: SessionFileError.self) { try sink.write(header) }
    #expect(error == .writeFailed(path: "/dev/full", reason: String(cString: strerror(ENOSPC))))
    #expect(try fileKind("/dev/full") == S_IFCHR)
  }

  @Test func writingAfterClosingFails() throws {
    let file = try TemporaryFile()
    let sink = try FileSessionSink(url: file.url)
    try sink.close()
    #expect(throws: SessionFileError.writeFailed(path: file.url.path, reason: "the file is closed")) {
      try sink.write(header)
    }
  }
}

/// The type bits of what is at `path`, not following a link.
private func fileKind(_ path: String) throws -> mode_t {
  var info = stat()
  guard lstat(path, &info) == 0 else { throw POSIXError(.ENOENT) }
  return info.st_mode & S_IFMT
}
