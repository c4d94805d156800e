import TodoCore

/// What the user asked for on the command line.
///
/// ```swift
/// let invocation = try Invocation(arguments: ["add", "Buy", "milk", "--db", "todos.db"])
/// // invocation.command == .add(title: "Buy milk"), invocation.databasePath == "todos.db"
/// ```
///
/// Any list of arguments gives an invocation or a ``UsageError`` with its message, never a
/// trap.
public struct Invocation: Equatable, Sendable {
  /// A command of the program.
  public enum Command: Equatable, Sendable {
    /// No command: the interactive list on a terminal, the plain list otherwise.
    case standard
    /// `help`, `-h` or `--help`: the usage text.
    case help
    /// `--version`: the program's version.
    case version
    /// `add TITLE...`: one todo, the words making its title.
    case add(title: String)
    /// `add -`: one title per line of standard input.
    case addFromStandardInput
    /// `list`: the todos the filter and the search (`--grep`) let through, as text or JSON.
    case list(TodoFilter, search: String?, json: Bool)
    /// `done ID`: marks a todo done.
    case done(Todo.ID)
    /// `reopen ID`: marks a todo not done.
    case reopen(Todo.ID)
    /// `rename ID TITLE...`: gives a todo a new title.
    case rename(Todo.ID, title: String)
    /// `rm ID` or `remove ID`: deletes a todo.
    case remove(Todo.ID)
    /// `show ID`: one todo with its note and its dates.
    case show(Todo.ID)
    /// `note ID TEXT...`: sets a todo's note; an empty text clears it.
    case note(Todo.ID, text: String)
    /// `note ID -`: sets a todo's note to the whole of standard input.
    case noteFromStandardInput(Todo.ID)
    /// `clear-done [--yes]`: deletes the done todos; asks first, on a terminal, when more than
    /// one is done, unless `confirmed` (`--yes`).
    case clearDone(confirmed: Bool)
    /// `undo`: reverts the last change.
    case undo
    /// `redo`: makes the last undone change again.
    case redo
    /// `config [KEY [VALUE]]`: lists the display settings, prints one, or sets one (the value
    /// is one of the key's allowed values).
    case config(TodoSettings.Key?, value: String?)

    /// Whether it is `config`, which reads and changes the settings kept in the database.
    public var isConfig: Bool {
      if case .config = self { true } else { false }
    }

    /// Whether it creates the database when there is none yet: it adds todos, or sets a
    /// setting. The others only read, or change todos that a database without todos does not
    /// have: where there is no database they answer as from an empty one, and create nothing.
    /// (Without a command, the interactive list creates it: the program decides, as only it
    /// knows whether it runs on a terminal.)
    public var createsTheDatabase: Bool {
      switch self {
      case .add, .addFromStandardInput, .config(_, value: _?): true
      case .standard, .help, .version, .list, .done, .reopen, .rename, .remove, .show, .note,
        .noteFromStandardInput, .clearDone, .undo, .redo, .config(_, value: nil):
        false
      }
    }
  }

  /// The command asked for.
  public var command: Command
  /// The database path given with `--db`.
  public var databasePath: String?
  /// The todo server given with `--server`: a libpq connection string or URI.
  public var server: String?

  /// Parses the arguments (without the program name).
  ///
  /// Options may come before or after the command; `--` ends the options, so that a title
  /// may start with a dash.
  ///
  /// - Parameter arguments: The command line's arguments, without the program's name.
  /// - Throws: ``UsageError`` when the arguments are not a command of the program.
  public init(arguments: [String]) throws(UsageError) {
    var databasePath: String?
    var server: String?
    var words: [String] = []
    var filters: [(option: String, filter: TodoFilter)] = []
    var wantsHelp = false
    var wantsVersion = false
    var listOptions: [String] = []
    var search: String?
    var json = false
    var confirmed = false
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      // A negative number is an operand (a wrong id, or the start of a title), not an option.
      let isNegativeNumber = argument.count > 1 && argument.dropFirst().allSatisfy(\.isASCIIDigit)
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") || isNegativeNumber {
        words.append(argument)
        continue
      }
      switch argument {
      case "--":
        optionsEnded = true
      case "--db":
        guard index < arguments.count else { throw UsageError("option --db needs a path") }
        databasePath = arguments[index]
        index += 1
      case _ where argument.hasPrefix("--db="):
        databasePath = String(argument.dropFirst("--db=".count))
      case "--server":
        guard index < arguments.count else { throw UsageError("option --server needs a connection string") }
        server = arguments[index]
        index += 1
      case _ where argument.hasPrefix("--server="):
        server = String(argument.dropFirst("--server=".count))
      case "-h", "--help":
        wantsHelp = true
      case "--version":
        wantsVersion = true
      case "--json":
        json = true
        listOptions.append(argument)
      case "--grep":
        guard index < arguments.count else { throw UsageError("option --grep needs a text to search for") }
        search = arguments[index]
        index += 1
        listOptions.append(argument)
      case _ where argument.hasPrefix("--grep="):
        search = String(argument.dropFirst("--grep=".count))
        listOptions.append("--grep")
      case "-y", "--yes": confirmed = true
      case "--all": filters.append((argument, .all))
      case "--open": filters.append((argument, .open))
      case "--done": filters.append((argument, .done))
      default:
        if let command = words.first, ["add", "rename", "note"].contains(command) {
          throw UsageError(
            "unknown option '\(argument)'; for a title that starts with '-', put -- before it: "
              + "todo \(command) -- \(command == "add" ? "" : "ID ")\(argument)")
        }
        throw UsageError("unknown option '\(argument)'")
      }
    }
    if databasePath?.isEmpty == true { throw UsageError("option --db needs a path") }
    if server?.isEmpty == true { throw UsageError("option --server needs a connection string") }
    self.databasePath = databasePath
    self.server = server
    if wantsHelp {
      command = .help
      return
    }
    if wantsVersion {
      command = .version
      return
    }
    let listOnly = filters.map(\.option) + listOptions
    guard let name = words.first else {
      if let first = listOnly.first {
        throw UsageError("option \(first) goes with a command: todo list \(first)")
      }
      command = .standard
      return
    }
    let operands = Array(words.dropFirst())
    if name != "list", name != "ls", let first = listOnly.first {
      throw UsageError("option \(first) only applies to 'todo list'")
    }
    if confirmed, name != "clear-done" { throw UsageError("option --yes only applies to 'todo clear-done'") }
    switch name {
    case "add":
      if operands == ["-"] {
        command = .addFromStandardInput
      } else {
        guard !operands.isEmpty else { throw UsageError("'todo add' needs a title") }
        command = .add(title: try Self.title(operands))
      }
    case "list", "ls":
      try Self.expectNoOperands(operands, name)
      guard filters.count <= 1 else {
        throw UsageError("use only one of --all, --open and --done")
      }
      command = .list(filters.first?.filter ?? .all, search: search, json: json)
    case "done":
      command = .done(try Self.id(operands, name))
    case "reopen":
      command = .reopen(try Self.id(operands, name))
    case "rm", "remove":
      command = .remove(try Self.id(operands, name))
    case "rename":
      guard let first = operands.first else { throw UsageError("'todo rename' needs an id and a title") }
      guard operands.count > 1 else { throw UsageError("'todo rename' needs a title after the id") }
      command = .rename(try Self.id([first], name), title: try Self.title(Array(operands.dropFirst())))
    case "show":
      command = .show(try Self.id(operands, name))
    case "note":
      guard let first = operands.first else {
        throw UsageError("'todo note' needs an id and a text ('-' reads it from standard input)")
      }
      guard operands.count > 1 else {
        throw UsageError(
          "'todo note' needs a text after the id (\"\" clears the note, '-' reads standard input)")
      }
      let id = try Self.id([first], name)
      if operands.dropFirst() == ["-"] {
        command = .noteFromStandardInput(id)
      } else {
        command = .note(id, text: operands.dropFirst().joined(separator: " "))
      }
    case "clear-done":
      try Self.expectNoOperands(operands, name)
      command = .clearDone(confirmed: confirmed)
    case "undo":
      try Self.expectNoOperands(operands, name)
      command = .undo
    case "redo":
      try Self.expectNoOperands(operands, name)
      command = .redo
    case "config":
      command = try Self.config(operands)
    case "help":
      command = .help
    default:
      throw UsageError("unknown command '\(name)'")
    }
  }

  private static func title(_ words: [String]) throws(UsageError) -> String {
    do throws(TodoStoreError) {
      return try Todo.validatedTitle(words.joined(separator: " "))
    } catch {
      throw UsageError(error.description)
    }
  }

  private static func id(_ operands: [String], _ command: String) throws(UsageError) -> Todo.ID {
    guard let operand = operands.first else { throw UsageError("'todo \(command)' needs a todo id") }
    guard operands.count == 1 else {
      throw UsageError("'todo \(command)' takes one id, not \(operands.count) arguments")
    }
    guard let id = Todo.ID(operand), id > 0 else {
      throw UsageError("'\(operand)' is not a todo id (ids are positive numbers, as 'todo list' shows)")
    }
    return id
  }

  /// `config`, `config KEY` or `config KEY VALUE`, with the key and the value checked.
  private static func config(_ operands: [String]) throws(UsageError) -> Command {
    guard operands.count <= 2 else {
      throw UsageError("'todo config' takes a setting and a value, not \(operands.count) arguments")
    }
    guard let name = operands.first else { return .config(nil, value: nil) }
    do throws(TodoSettingsError) {
      let key = try TodoSettings.Key(named: name)
      guard operands.count == 2 else { return .config(key, value: nil) }
      var probe = TodoSettings()
      try key.set(operands[1], in: &probe)
      return .config(key, value: operands[1])
    } catch {
      throw UsageError(error.description)
    }
  }

  private static func expectNoOperands(_ operands: [String], _ command: String) throws(UsageError) {
    if let first = operands.first { throw UsageError("unexpected argument '\(first)' for 'todo \(command)'") }
  }
}

extension Character {
  /// Whether the character is one of the ASCII digits 0 to 9.
  fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
