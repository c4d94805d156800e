import Foundation
import Testing
import Uniflow
import UniflowTestSupport
import UniflowTesting

/// A JSON file storage writes atomically, keeps what it cannot read, and sees other processes'
/// writes.
@MainActor
@Suite struct JSONFileStorageTests {
  let clock = TestClock()
  let folder: TemporaryFolder
  let log = DiagnosticLog()

  init() throws {
    folder = try TemporaryFolder()
  }

  func makeShared(
    _ name: String = "settings.json", formatVersion: Int = 1
  ) async throws -> Shared<Settings> {
    let values = SharedValues(clock: clock, writeInterval: .seconds(1)) { [log] in log.entries.append($0) }
    return try await values.shared(
      JSONFileStorage<Settings>(url: folder.file(name), formatVersion: formatVersion), default: Settings())
  }

  /// Runs `script` in `/bin/sh` in the folder, as another process writing the file would.
  func runInAnotherProcess(_ script: String) async throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    process.currentDirectoryURL = folder.url
    try process.run()
    await process.waitForExit()
    #expect(process.terminationStatus == 0)
  }

  static let darkFile = #"{"formatVersion": 1, "value": {"theme": "dark", "fontSize": 20}}"#

  @Test func aMissingFileIsNotMadeUntilTheFirstChange() async throws {
    defer { folder.remove() }
    var settings = try await makeShared()
    #expect(settings.value == Settings())
    #expect(folder.contents(of: "settings.json") == nil)

    settings.change { $0.theme = .dark }
    await clock.waitForSleepers()

    let written = try #require(folder.contents(of: "settings.json"))
    #expect(written.contains(#""formatVersion" : 1"#))
    #expect(written.contains(#""theme" : "dark""#))
    #expect(log.entries.isEmpty)
    // Nothing is left beside it.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["settings.json"])
  }

  @Test func aWrittenFileIsReadBack() async throws {
    defer { folder.remove() }
    do {
      var settings = try await makeShared()
      settings.change { $0.fontSize = 31 }
      try await settings.save()
    }
    let again = try await makeShared()
    #expect(again.value.fontSize == 31)
  }

  @Test func anUnreadableFileFallsBackToTheDefaultAndIsKeptAsideBeforeTheFirstWrite() async throws {
    defer { folder.remove() }
    try "not json {".write(to: folder.file("settings.json"), atomically: true, encoding: .utf8)

    var settings = try await makeShared()

    #expect(settings.value == Settings())
    let error = try #require(settings.storageError)
    #expect(error.reason == .undecodable)
    #expect(error.location == folder.file("settings.json").standardizedFileURL.path)
    #expect(log.entries.count == 1)
    #expect(log.entries.first?.description.contains("settings.json does not hold a readable value") == true)
    // Reading did not touch it.
    #expect(folder.contents(of: "settings.json") == "not json {")

    settings.change { $0.theme = .dark }
    await clock.waitForSleepers()

    #expect(folder.contents(of: "settings.json.unreadable") == "not json {")
    #expect(folder.contents(of: "settings.json")?.contains(#""theme" : "dark""#) == true)
  }

  @Test func aFileOfANewerFormatIsReadOnly() async throws {
    defer { folder.remove() }
    let newer = #"{"formatVersion": 3, "value": {"theme": "dark", "fontSize": 20, "density": 2}}"#
    try newer.write(to: folder.file("settings.json"), atomically: true, encoding: .utf8)

    var settings = try await makeShared(formatVersion: 2)

    #expect(settings.value == Settings())
    #expect(settings.storageError?.reason == .newerFormat(found: 3, supported: 2))
    #expect(log.entries.first?.description.contains("format version 3, newer than version 2") == true)

    settings.change { $0.theme = .dark }
    await #expect(throws: SharedStorageError.self) { try await settings.save() }
    #expect(folder.contents(of: "settings.json") == newer)
  }

  @Test func anotherProcessReplacingTheFileUpdatesTheValue() async throws {
    defer { folder.remove() }
    var settings = try await makeShared()
    settings.change { $0.fontSize = 15 }
    try await settings.save()
    let values = settings.values()

    // Written aside, then renamed onto the file: an atomic replace.
    try await runInAnotherProcess(
      "printf '%s' '\(Self.darkFile)' > .settings.tmp && mv .settings.tmp settings.json")

    // The first value after the current one is the other process's: this process's own
    // write was not reported back.
    let next = await firstValue(of: values) { $0.fontSize != 15 }
    #expect(next == Settings(theme: .dark, fontSize: 20))
  }

  @Test func theWatchSurvivesADeleteAndARecreate() async throws {
    defer { folder.remove() }
    try Self.darkFile.write(to: folder.file("settings.json"), atomically: true, encoding: .utf8)
    let settings = try await makeShared()
    let values = settings.values()

    try await runInAnotherProcess("rm settings.json")
    try await runInAnotherProcess(
      #"printf '%s' '{"formatVersion": 1, "value": {"theme": "light", "fontSize": 40}}' > settings.json"#)

    #expect(await firstValue(of: values) { $0.fontSize == 40 } == Settings(theme: .light, fontSize: 40))
  }

  @Test func theWatchSurvivesAnotherFileRenamedOntoIt() async throws {
    defer { folder.remove() }
    let settings = try await makeShared()
    let values = settings.values()

    try await runInAnotherProcess(
      #"printf '%s' '{"formatVersion": 1, "value": {"theme": "dark", "fontSize": 7}}' > other.json"#
        + " && mv other.json settings.json")
    #expect(await firstValue(of: values) { $0.fontSize == 7 } == Settings(theme: .dark, fontSize: 7))

    try await runInAnotherProcess(
      #"printf '%s' '{"formatVersion": 1, "value": {"theme": "dark", "fontSize": 8}}' > next.json"#
        + " && mv next.json settings.json")
    #expect(await firstValue(of: values) { $0.fontSize == 8 } == Settings(theme: .dark, fontSize: 8))
  }

  @Test func anUnreadableOutsideWriteKeepsTheValueAndIsReported() async throws {
    defer { folder.remove() }
    var settings = try await makeShared()
    settings.change { $0.fontSize = 15 }
    try await settings.save()
    let errors = AsyncStream.makeStream(of: SharedStorageError?.self)
    let store = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    let token = store.observe({ $0.settings.storageError }) { errors.continuation.yield($0) }

    try await runInAnotherProcess("printf 'garbage' > .settings.tmp && mv .settings.tmp settings.json")

    let error = await firstValue(of: errors.stream) { $0 != nil }
    #expect(error??.reason == .undecodable)
    #expect(settings.value.fontSize == 15)
    // The next write keeps the unreadable file aside first.
    store.send(.fontSizeChanged(16))
    try await settings.save()
    #expect(folder.contents(of: "settings.json.unreadable") == "garbage")
    withExtendedLifetime(token) {}
  }
}
