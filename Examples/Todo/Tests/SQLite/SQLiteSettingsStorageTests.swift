import Foundation
import Testing
import TodoCore
import Uniflow
import UniflowTesting

/// The settings' storage in the todo database: it keeps what it is given, sees another
/// connection's write, and loses nothing it cannot read.
@MainActor
@Suite struct SQLiteSettingsStorageTests {
  let directory: TemporaryDirectory
  let path: String

  init() throws {
    directory = try TemporaryDirectory()
    path = directory.file("todos.sqlite")
  }

  /// The rows of the settings table, by key.
  func rows() throws -> [String: String] {
    let database = try SQLiteDatabase(path: path)
    var rows: [String: String] = [:]
    for row in try database.query("SELECT key, value FROM settings") {
      rows[row[0].text ?? ""] = row[1].text
    }
    return rows
  }

  /// The reports of a storage's watch: each says that the settings may have changed.
  final class Reports: Sendable {
    let stream: AsyncStream<Void>
    let continuation: AsyncStream<Void>.Continuation

    init() {
      (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// Reads `storage` after each report until it has changed (or failed to read), as the
    /// shared value's task does.
    func firstChange(
      of storage: SQLiteSettingsStorage
    ) async -> Result<TodoSettings, SharedStorageError>? {
      for await _ in stream {
        do throws(SharedStorageError) {
          if let change = try storage.loadChange() { return .success(change) }
        } catch {
          return .failure(error)
        }
      }
      return nil
    }
  }

  @Test func whatIsSavedIsLoadedByAnotherConnection() throws {
    let storage = try SQLiteSettingsStorage(path: path)
    #expect(try storage.load() == nil)
    let settings = TodoSettings(filter: .done, sortOrder: .title, showsDoneLast: true, colour: .never)
    try storage.save(settings)

    #expect(try SQLiteSettingsStorage(path: path).load() == settings)
    #expect(try rows() == ["filter": "done", "sort": "title", "done-last": "yes", "colour": "never"])
  }

  @Test func aSettingWithoutARowHasItsDefault() throws {
    _ = try SQLiteTodoRepository(path: path)
    try SQLiteDatabase(path: path).execute("INSERT INTO settings (key, value) VALUES ('sort', 'title')")
    #expect(try SQLiteSettingsStorage(path: path).load() == TodoSettings(sortOrder: .title))
  }

  @Test func anotherConnectionsWriteIsReportedAndOwnWritesAreNot() async throws {
    let storage = try SQLiteSettingsStorage(path: path)
    _ = try storage.load()
    let reports = Reports()
    let watch = try #require(storage.watch { reports.continuation.yield() })
    defer { watch.cancel() }

    // This storage's own write, then a todo written by the repository: neither is a change
    // of the settings from outside.
    try storage.save(TodoSettings(colour: .never))
    _ = try await SQLiteTodoRepository(path: path).add(title: "Buy milk", at: testDate)
    // Another connection's write of the settings.
    try SQLiteSettingsStorage(path: path).save(TodoSettings(filter: .open, colour: .never))

    let first = try #require(await reports.firstChange(of: storage))
    #expect(try first.get() == TodoSettings(filter: .open, colour: .never))
  }

  @Test func aTodoWrittenBeforeAnySettingIsNoChangeOfTheSettings() async throws {
    let storage = try SQLiteSettingsStorage(path: path)
    #expect(try storage.load() == nil)

    // No setting has a row yet: a todo written (the watch wakes for it) is no change of the
    // defaults, which, reported, would put them back over a change made here meanwhile.
    _ = try await SQLiteTodoRepository(path: path).add(title: "Buy milk", at: testDate)
    #expect(try storage.loadChange() == nil)
    try SQLiteSettingsStorage(path: path).save(TodoSettings(filter: .open))
    #expect(try storage.loadChange() == TodoSettings(filter: .open))
  }

  @Test func theSharedValueFollowsAnotherConnectionsWrite() async throws {
    let values = SharedValues(clock: TestClock())
    let settings = try await values.shared(try SQLiteSettingsStorage(path: path), default: TodoSettings())
    var changes = settings.values().makeAsyncIterator()
    #expect(await changes.next() == TodoSettings())

    try SQLiteSettingsStorage(path: path).save(TodoSettings(sortOrder: .title))
    #expect(await changes.next() == TodoSettings(sortOrder: .title))
    #expect(settings.value == TodoSettings(sortOrder: .title))
  }

  @Test func aBadStoredValueFallsBackToTheDefaultsAndIsKeptAside() async throws {
    _ = try SQLiteTodoRepository(path: path)
    try SQLiteDatabase(path: path).executeScript(
      """
      INSERT INTO settings (key, value) VALUES ('filter', 'open');
      INSERT INTO settings (key, value) VALUES ('sort', 'sideways');
      INSERT INTO settings (key, value) VALUES ('theme', 'dark');
      """)
    let clock = TestClock()
    let diagnostics = LockIsolated<[StoreDiagnostic]>([])
    let values = SharedValues(clock: clock) { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
    let storage = try SQLiteSettingsStorage(path: path)
    var settings = try await values.shared(storage, default: TodoSettings())

    #expect(settings.value == TodoSettings())
    let error = try #require(settings.storageError)
    #expect(error.reason == .undecodable)
    #expect(error.location == storage.id)
    #expect(error.detail == "'sideways' is not a value of sort; the values are created, title")
    #expect(diagnostics.withLock { $0 } == [.sharedStorageFailed(error)])
    // Nothing is written until the value changes.
    #expect(try rows() == ["filter": "open", "sort": "sideways", "theme": "dark"])

    settings.change { $0.colour = .always }
    try await settings.save()
    // The bad row is kept aside, the row of a setting this version does not know is kept.
    #expect(
      try rows() == [
        "filter": "all", "sort": "created", "done-last": "no", "colour": "always",
        "sort.unreadable": "sideways", "theme": "dark",
      ])
    #expect(try SQLiteSettingsStorage(path: path).load() == TodoSettings(colour: .always))
  }

  @Test func aBadValueWrittenFromOutsideIsReportedAndTheValueStays() async throws {
    let storage = try SQLiteSettingsStorage(path: path)
    try storage.save(TodoSettings(filter: .done))
    _ = try storage.load()
    let reports = Reports()
    let watch = try #require(storage.watch { reports.continuation.yield() })
    defer { watch.cancel() }

    try SQLiteDatabase(path: path).execute("UPDATE settings SET value = 'maybe' WHERE key = 'done-last'")
    let report = try #require(await reports.firstChange(of: storage))
    #expect(throws: SharedStorageError.self) { try report.get() }
    guard case .failure(let error) = report else { return }
    #expect(error.reason == .undecodable)
    #expect(error.detail == "'maybe' is not a value of done-last; the values are no, yes")

    // The next write keeps the bad row aside.
    try storage.save(TodoSettings(filter: .open))
    #expect(try rows()["done-last.unreadable"] == "maybe")
    #expect(try rows()["done-last"] == "no")
  }
}

extension SQLiteSettingsStorageTests {
  @Test func aReleasedStorageClosesItsConnectionWhileItsWatchStillRuns() throws {
    var storage: SQLiteSettingsStorage? = try SQLiteSettingsStorage(path: path)
    try storage?.save(TodoSettings(sortOrder: .title))
    let watch = try #require(storage?.watch {})
    defer { watch.cancel() }
    #expect(FileManager.default.fileExists(atPath: path + "-wal"))

    storage = nil
    // The last connection to close folds the write-ahead log into the database file.
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    #expect(try SQLiteSettingsStorage(path: path).load() == TodoSettings(sortOrder: .title))
  }
}
