import Foundation
import Testing
import Uniflow
import UniflowTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A program killed while it writes a persisted shared value loses nothing and tears nothing:
/// the file holds the last complete value, or a newer complete one.
///
/// The program makes the changes the test asks for, a few at a time, and is killed at a random
/// moment after them, while its storage's task may still be writing.
@Suite struct SharedKillTests {
  /// The value the writer keeps: a number, and a text that must match it.
  struct Counter: Codable, Equatable {
    var number: Int
    var text: String

    /// Whether the text is the one the writer makes for the number: a torn file breaks it.
    var isWhole: Bool {
      text == String(repeating: String(number % 10), count: 20_000)
    }
  }

  /// The file's envelope, as the storage writes it.
  struct Envelope: Decodable {
    var formatVersion: Int
    var value: Counter
  }

  @Test func aWriterKilledAtRandomMomentsLeavesTheLastCompleteValueOrANewerOne() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.file("counter.json")
    var generator = SplitMix64(seed: 36)
    // The number the file held after the last run: `nil` while there is no file.
    var stored: Int?
    var kills = 0
    while kills < 100 {
      let writer = try SharedWriterProcess.start([file.path, "1000"])
      // A restart reads what the last run left.
      #expect(try await writer.nextLine() == "loaded \(stored ?? 0)")
      // Killed after a random number of changes, at a random moment of the writes that follow.
      let changes = Int.random(in: 1...6, using: &generator)
      writer.ask(changes)
      for _ in 0..<changes { _ = try await writer.nextLine() }
      try await Task.sleep(for: .microseconds(Int.random(in: 0...2_000, using: &generator)))
      await writer.killNow()
      kills += 1

      guard let data = FileManager.default.contents(atPath: file.path) else {
        #expect(stored == nil, "the file went away after it was written (kill \(kills))")
        continue
      }
      let envelope = try #require(
        try? JSONDecoder().decode(Envelope.self, from: data),
        "a torn or empty file after kill \(kills): \(data.count) bytes")
      #expect(envelope.value.isWhole, "a torn value after kill \(kills)")
      #expect(envelope.value.number >= stored ?? 0, "an older value after kill \(kills)")
      stored = envelope.value.number
    }
    // The last run counts up to 1 000 and ends normally, having flushed.
    let last = try SharedWriterProcess.start([file.path, "1000"])
    #expect(try await last.nextLine() == "loaded \(stored ?? 0)")
    last.ask(1000)
    last.finishAsking()
    while try await last.nextLine() != "done" {}
    #expect(await last.status() == 0)
    let data = try #require(FileManager.default.contents(atPath: file.path))
    #expect(try JSONDecoder().decode(Envelope.self, from: data).value.number == 1000)
    // The files of the killed writes were cleared by the runs that followed them.
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    #expect(left == ["counter.json"])
  }
}

/// The `shared-writer` program of the package, run as a child process.
struct SharedWriterProcess {
  /// The executable, built next to the test bundle.
  static let executable: URL? = {
    let directory =
      Bundle.main.executableURL?.deletingLastPathComponent()
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [directory, directory.deletingLastPathComponent()].map {
      $0.appendingPathComponent("shared-writer")
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// The executable, or a failure saying it is not built.
  static func builtExecutable() throws -> URL {
    guard let executable else {
      Issue.record("shared-writer is not built next to the tests")
      throw CancellationError()
    }
    return executable
  }

  let process: Process
  let input: FileHandle
  let output: FileHandle
  /// What was read of standard output but not yet returned as a line.
  private let buffer = LockIsolated(Data())

  /// Starts the program with `arguments`.
  static func start(_ arguments: [String]) throws -> SharedWriterProcess {
    let process = Process()
    process.executableURL = try builtExecutable()
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    return SharedWriterProcess(
      process: process, input: input.fileHandleForWriting, output: output.fileHandleForReading)
  }

  /// Asks the program for `changes` more changes.
  func ask(_ changes: Int) {
    input.write(Data("\(changes)\n".utf8))
  }

  /// Ends the program's input: it flushes and ends.
  func finishAsking() {
    try? input.close()
  }

  /// The next line the program prints; fails at the end of its output.
  func nextLine() async throws -> String {
    let line: String? = await onOwnThread { [output, buffer] in
      while true {
        if let line = buffer.withLock({ data -> String? in
          guard let end = data.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
          let line = String(decoding: data[data.startIndex..<end], as: UTF8.self)
          data.removeSubrange(data.startIndex...end)
          return line
        }) {
          return line
        }
        // `read` itself, retried when a signal interrupts it: the test process gets one each
        // time a child process ends, which `availableData` takes for the end of the output.
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = read(output.fileDescriptor, &chunk, chunk.count)
        if count < 0, errno == EINTR { continue }
        if count <= 0 { return nil }
        buffer.withLock { $0.append(contentsOf: chunk[..<count]) }
      }
    }
    return try #require(line, "shared-writer ended before printing a line")
  }

  /// Kills the program with SIGKILL and waits until it is gone.
  func killNow() async {
    kill(process.processIdentifier, SIGKILL)
    await process.waitForExit()
  }

  /// Waits until the program ends; returns its exit status.
  func status() async -> Int32 {
    await process.waitForExit()
    return process.terminationStatus
  }
}
