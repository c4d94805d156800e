import Foundation
import TodoCore
import TodoTerminal
import Uniflow

/// Runs one command through the todo feature's store, prints what it did, and returns the exit
/// status.
///
/// The terminal program is a view like any other: it sends the command as an action, waits
/// for the action's effects, and renders the state they left (the outcome, or the error).
@MainActor
struct OneShot {
  let store: StoreOf<TodoFeature>

  ///
  /// - Throws: ``StandardOutput/Failure`` when the output cannot be written.
  func run(_ command: Invocation.Command) async throws(StandardOutput.Failure) -> Int32 {
    switch command {
    case .standard: return try await list(.all, search: nil, json: false)
    case .list(let filter, let search, let json): return try await list(filter, search: search, json: json)
    case .add(let title): return try await perform(.add(title: title))
    case .addFromStandardInput: return try await addFromStandardInput()
    case .done(let id): return try await perform(.setDone(id: id, isDone: true))
    case .reopen(let id): return try await perform(.setDone(id: id, isDone: false))
    case .rename(let id, let title): return try await perform(.rename(id: id, title: title))
    case .remove(let id): return try await perform(.delete(id: id))
    case .show(let id): return try await show(id)
    case .note(let id, let text): return try await perform(.setNote(id: id, note: text))
    case .noteFromStandardInput(let id):
      var lines: [String] = []
      while let line = readLine() { lines.append(line) }
      return try await perform(.setNote(id: id, note: lines.joined(separator: "\n")))
    case .clearDone(let confirmed):
      // A script (standard input not a terminal) is never asked; --yes skips the question.
      guard !confirmed, isatty(STDIN_FILENO) == 1 else { return try await perform(.clearDone) }
      return try await clearDoneAsking()
    case .undo: return try await perform(.undo)
    case .redo: return try await perform(.redo)
    case .config(let key, let value): return try await config(key, value: value)
    case .help, .version: return 0
    }
  }

  /// Sends an action, waits for its effects, and prints the outcome or the error.
  private func perform(_ action: TodoFeature.Action) async throws(StandardOutput.Failure) -> Int32 {
    await store.send(action).finish()
    if let error = store.error {
      printError(error.oneShotDescription)
      return error.isBadInput ? 2 : 1
    }
    guard let outcome = store.outcome else { return 0 }
    return try report(outcome.description, changedTheList: outcome.changedTheList)
  }

  /// Clears the done todos, asking first (on standard error, reading the answer from
  /// standard input) when more than one is done, as the interactive list does.
  private func clearDoneAsking() async throws(StandardOutput.Failure) -> Int32 {
    await store.send(.load).finish()
    if let error = store.error {
      printError(error.oneShotDescription)
      return 1
    }
    // One done todo or none: deleted without a question, as the list does.
    guard TodoFeature.clearDonePrompt(doneCount: store.list.doneCount) != nil else {
      return try await perform(.clearDone)
    }
    store.send(.clearDoneTapped)
    guard let prompt = store.prompt else { return 1 }
    let confirm = prompt.buttons.first { $0.action != nil }
    FileHandle.standardError.write(Data("\(prompt.title) \(prompt.message ?? "") [y/N] ".utf8))
    let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased()
    guard let confirm, answer == "y" || answer == "yes" else {
      store.send(.prompt(prompt.cancelButton?.choice ?? .dismiss))
      printError("nothing was deleted")
      return 1
    }
    return try await perform(.prompt(confirm.choice))
  }

  /// Prints what a command did. When the output cannot be written (a full disk) after the list
  /// changed, the exit status is 3, not 1: the change was made, and a script that took the
  /// failure for a failed change and ran the command again would make it twice.
  private func report(_ text: String, changedTheList: Bool) throws(StandardOutput.Failure) -> Int32 {
    do throws(StandardOutput.Failure) {
      try StandardOutput.writeLine(text)
      return 0
    } catch .failed(let code) where changedTheList {
      printError(
        "\(StandardOutput.Failure.failed(code).description); the change was made (running the "
          + "command again would make it twice)")
      return 3
    }
  }

  private func list(
    _ filter: TodoFilter, search: String?, json: Bool
  ) async throws(StandardOutput.Failure) -> Int32 {
    store.send(.list(.setFilter(filter)))
    if let search { store.send(.list(.setSearch(search))) }
    await store.send(.load).finish()
    if let error = store.error {
      printError(error.oneShotDescription)
      return 1
    }
    if json {
      try StandardOutput.writeLine(jsonList(store.list.visibleTodos))
    } else if let text = plainList(
      store.list.visibleTodos, filter: filter, search: search,
      style: OutputStyle.current.colouring(store.list.shownSettings.colour))
    {
      try StandardOutput.writeLine(text)
    }
    return 0
  }

  /// Lists the display settings, prints one, or sets one and writes it to the database
  /// before the program exits.
  private func config(_ key: TodoSettings.Key?, value: String?) async throws(StandardOutput.Failure) -> Int32
  {
    let settings = store.list.settings
    guard let key else {
      let width = TodoSettings.Key.allCases.map(\.rawValue.count).max() ?? 0
      try StandardOutput.writeLine(
        TodoSettings.Key.allCases.map { key in
          key.rawValue + String(repeating: " ", count: width - key.rawValue.count + 2)
            + key.value(in: settings.value)
        }.joined(separator: "\n"))
      return 0
    }
    guard let value else {
      try StandardOutput.writeLine(key.value(in: settings.value))
      return 0
    }
    // Written before the outcome is printed: a setting the database refused was not set.
    await store.send(.configure(key: key, value: value)).finish()
    if let error = store.error {
      printError(error.oneShotDescription)
      return error.isBadInput ? 2 : 1
    }
    do throws(SharedStorageError) {
      try await settings.save()
    } catch {
      printError("the setting was not kept: \(error.detail.isEmpty ? error.description : error.detail)")
      return 1
    }
    guard let outcome = store.outcome else { return 0 }
    return try report(outcome.description, changedTheList: outcome.changedTheList)
  }

  /// Prints one todo: its title, whether it is done, its dates and its note.
  private func show(_ id: Todo.ID) async throws(StandardOutput.Failure) -> Int32 {
    await store.send(.load).finish()
    if let error = store.error {
      printError(error.oneShotDescription)
      return 1
    }
    guard let todo = store.todos[id: id] else {
      printError(TodoStoreError.todoNotFound(id).description)
      return 1
    }
    try StandardOutput.writeLine(todoDetails(todo))
    return 0
  }

  /// Adds one todo per non-blank line of standard input, all in one transaction that one
  /// `todo undo` reverts, and prints a line for each.
  private func addFromStandardInput() async throws(StandardOutput.Failure) -> Int32 {
    let titles: [String]
    do {
      // Read a piece at a time: a line too long is refused before the rest of it is read.
      var reader = TitleImport.Reader()
      while let piece = try FileHandle.standardInput.read(upToCount: 65_536), !piece.isEmpty {
        try reader.read(piece)
      }
      titles = try reader.finish().titles
    } catch let error as TitleImport.Error {
      printError(error.description)
      return 2
    } catch {
      printError("cannot read standard input: \(error.localizedDescription)")
      return 1
    }
    await store.send(.addAll(titles: titles)).finish()
    if let error = store.error {
      printError(error.oneShotDescription)
      return error.isBadInput ? 2 : 1
    }
    guard case .addedAll(let todos) = store.outcome else { return 0 }
    return try report(
      todos.map { TodoOutcome.added($0).description }.joined(separator: "\n"), changedTheList: true)
  }
}

extension TodoStoreError {
  /// The error as a command that runs once says it: it does not stay to reconnect, so a lost
  /// server is one it gave up on.
  fileprivate var oneShotDescription: String {
    guard case .offline(let server) = self else { return description }
    return "cannot reach the todo server \(server): gave up, nothing was changed; try again when "
      + "it is back"
  }

  /// Whether the error is about what the user typed (exit status 2) rather than the list or
  /// the database (exit status 1).
  fileprivate var isBadInput: Bool {
    switch self {
    case .emptyTitle, .titleTooLong, .noteTooLong, .badSetting: true
    default: false
    }
  }
}
