import Foundation
import Testing
import TodoCore
import UniflowTestSupport

/// `todo config`: the display settings, listed, printed, set and checked from the command line;
/// and a change made by one running `todo` showing in another.
@Suite struct ConfigTests {
  let todo: TodoProcess

  init() throws {
    todo = try TodoProcess()
  }

  static let defaults = "filter     all\nsort       created\ndone-last  no\ncolour     auto\n"

  @Test func configListsPrintsAndSetsTheSettings() async throws {
    // Before the database exists, the defaults, with a word about the path.
    let before = try await todo.run("config")
    #expect(before.status == 0)
    #expect(before.standardOutput == Self.defaults)
    #expect(before.errorLines.count == 1)
    try await expectSuccess(todo.run("config", "sort", "title"), printing: "Set sort to title\n")
    try await expectSuccess(todo.run("config", "done-last", "yes"), printing: "Set done-last to yes\n")
    try await expectSuccess(todo.run("config", "sort"), printing: "title\n")
    try await expectSuccess(
      todo.run("config"), printing: "filter     all\nsort       title\ndone-last  yes\ncolour     auto\n")

    // `todo list` lists in their order, with the filter of its options.
    _ = try await todo.run("add", "pears")
    _ = try await todo.run("add", "apples")
    _ = try await todo.run("add", "bread")
    _ = try await todo.run("done", "2")
    try await expectSuccess(todo.run("list"), printing: "3  [ ] bread\n1  [ ] pears\n2  [x] apples\n")
    try await expectSuccess(todo.run("list", "--open"), printing: "3  [ ] bread\n1  [ ] pears\n")
    // Listing with a filter does not change the filter kept.
    try await expectSuccess(todo.run("config", "filter"), printing: "all\n")
  }

  @Test func anUnknownSettingOrValueIsAUsageErrorNamingTheAllowedOnesAndChangesNothing() async throws {
    _ = try await todo.run("config", "colour", "never")
    try await expectFailure(
      todo.run("config", "color", "always"), status: 2,
      saying: "unknown setting 'color'; the settings are filter, sort, done-last, colour")
    try await expectFailure(
      todo.run("config", "sort", "sideways"), status: 2,
      saying: "'sideways' is not a value of sort; the values are created, title")
    try await expectFailure(
      todo.run("config", "done-last", "true"), status: 2,
      saying: "'true' is not a value of done-last; the values are no, yes")
    try await expectFailure(
      todo.run("config", "sort", "title", "now"), status: 2,
      saying: "'todo config' takes a setting and a value, not 3 arguments")
    try await expectSuccess(
      todo.run("config"), printing: "filter     all\nsort       created\ndone-last  no\ncolour     never\n")
  }

  @Test func aBadStoredValueIsReportedTheDefaultsApplyAndTheRowIsKept() async throws {
    _ = try await todo.run("config", "filter", "open")
    try SQLiteDatabase(path: todo.database).execute(
      "UPDATE settings SET value = 'sideways' WHERE key = 'sort'")

    let listed = try await todo.run("config")
    #expect(listed.status == 0)
    #expect(listed.standardOutput == Self.defaults)
    #expect(listed.errorLines.count == 1)
    #expect(listed.standardError.hasPrefix("todo: warning: "))
    #expect(listed.standardError.contains("'sideways' is not a value of sort; the values are created, title"))

    _ = try await todo.run("config", "colour", "never")
    let rows = try SQLiteDatabase(path: todo.database).query(
      "SELECT key, value FROM settings WHERE key LIKE 'sort%' ORDER BY key")
    #expect(rows == [[.text("sort"), .text("created")], [.text("sort.unreadable"), .text("sideways")]])
    try await expectSuccess(
      todo.run("config"), printing: "filter     all\nsort       created\ndone-last  no\ncolour     never\n")
  }

  @Test func theHelpNamesTheSettingsAndTheirValues() async throws {
    let help = try await todo.run("--help")
    #expect(help.standardOutput.contains("todo config [KEY [VALUE]]"))
    for key in TodoSettings.Key.allCases {
      #expect(
        help.standardOutput.contains("\(key.rawValue)  ") || help.standardOutput.contains("\(key.rawValue) "))
      #expect(help.standardOutput.contains(key.allowedValues.joined(separator: ", ")))
    }
  }

  // MARK: Two running programs

  /// Starts the interactive `todo` on a pseudo-terminal.
  @Test func aSettingChangedByAnotherProcessShowsInTheRunningList() async throws {
    _ = try await todo.run("add", "pears")
    _ = try await todo.run("add", "apples")
    let (terminal, process) = try todo.startOnTerminal(environment: TodoProcess.colourTerminal)
    try await terminal.read(until: "apples")

    var mark = terminal.output.count
    try await expectSuccess(todo.run("config", "sort", "title"), printing: "Set sort to title\n")
    try await terminal.read(until: "by title", after: mark)
    // The rows are drawn again in the new order, apples first; the selection stays on pears.
    try await terminal.read(until: "[4;1H\u{1B}[7m ▸  1  [ ] pears", after: mark)
    #expect(terminal.text(from: mark).contains("[3;1H    2  [ ] apples"))

    mark = terminal.output.count
    try await expectSuccess(todo.run("config", "filter", "done"), printing: "Set filter to done\n")
    try await terminal.read(until: "No done todos.", after: mark)

    #expect(try await terminal.quit(process) == 0)
  }

  @Test func aSettingChangedOnTheSettingsScreenShowsInAnotherRunningList() async throws {
    _ = try await todo.run("add", "Buy milk")
    let (changing, changer) = try todo.startOnTerminal(environment: TodoProcess.colourTerminal)
    let (watching, watcher) = try todo.startOnTerminal(environment: TodoProcess.colourTerminal)
    try await changing.read(until: "Buy milk")
    try await watching.read(until: "Buy milk")

    var mark = changing.output.count
    changing.type("s")
    try await changing.read(until: "kept in the database", after: mark)
    try await changing.read(until: "esc/enter back", after: mark)
    mark = changing.output.count
    // Down to `sort`, then its next value.
    changing.type("j")
    try await changing.read(until: "‹ created ›", after: mark)
    let watched = watching.output.count
    changing.type("l")
    try await changing.read(until: "‹ title ›", after: mark)
    // The other program's list follows.
    try await watching.read(until: "by title", after: watched)

    // A change from outside shows on the settings screen too.
    mark = changing.output.count
    try await expectSuccess(todo.run("config", "colour", "never"), printing: "Set colour to never\n")
    try await changing.read(until: "  never  ", after: mark)

    mark = changing.output.count
    changing.type("\u{1B}")
    try await changing.read(until: "by title", after: mark)
    for (terminal, process) in [(changing, changer), (watching, watcher)] {
      #expect(try await terminal.quit(process) == 0)
    }
    try await expectSuccess(
      todo.run("config"), printing: "filter     all\nsort       title\ndone-last  no\ncolour     never\n")
  }
}
