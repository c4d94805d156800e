import Uniflow

/// One line of a ``Document``: its own feature, run by the document's `forEach`.
struct TextLine: Identifiable, Equatable, Sendable {
  let id: Int
  var text: String
}

struct LineFeature: Reducer {
  enum Action: Equatable, Sendable {
    case edit(String)
    /// Asks the document to remove this line.
    case delete
    /// Asks the document to remove every other line.
    case keepOnlyThis
  }

  func reduce(into line: inout TextLine, action: Action) -> Effect<Action> {
    if case .edit(let text) = action { line.text = text }
    return .none
  }
}

/// A document with a title and lines, undoable: the title and the lines are tracked, the
/// selection is not.
struct Document: Reducer {
  struct State: Equatable {
    var title = ""
    var lines: IdentifiedArray<TextLine> = []
    var selection: Int?
    var history = UndoHistory()

    init(title: String = "", lines: [TextLine] = []) {
      self.title = title
      self.lines = IdentifiedArray(uniqueElements: lines)
    }
  }

  enum Action: Equatable, Sendable {
    case rename(String)
    case type(String)
    case lines(IdentifiedAction<Int, LineFeature.Action>)
    case addLine(TextLine)
    case removeLine(Int)
    case sortLines
    case select(Int?)
    case undo(UndoAction)

    static let linesCase = ActionCase(embed: Action.lines) {
      if case .lines(let action) = $0 { action } else { nil }
    }
    static let undoCase = ActionCase(embed: Action.undo) {
      if case .undo(let action) = $0 { action } else { nil }
    }
  }

  var clock: any Clock<Duration>
  var limit = UndoLimit()
  /// Counts the effects the actions run.
  var effects = LockIsolated(0)

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .rename(let title):
        state.title = title
        return .run { [effects] _ in effects.withLock { $0 += 1 } }
      case .type(let text):
        state.title += text
      case .lines(.element(let id, .delete)):
        state.lines.remove(id: id)
      case .lines(.element(let id, .keepOnlyThis)):
        state.lines.removeAll { $0.id != id }
      case .lines:
        break
      case .addLine(let line):
        state.lines.append(line)
      case .removeLine(let id):
        state.lines.remove(id: id)
      case .sortLines:
        state.lines.sort { $0.text < $1.text }
      case .select(let id):
        state.selection = id
      case .undo:
        break
      }
      return .none
    }
    .forEach(\.lines, action: Action.linesCase) {
      LineFeature()
    }
    .undoable(
      history: \.history, action: Action.undoCase,
      tracking: [.value(\.title), .rows(\.lines, action: Action.linesCase)],
      clock: clock, limit: limit, policy: Self.policy)
  }

  @Sendable static func policy(_ action: Action) -> UndoPolicy {
    switch action {
    case .rename: .step("Rename")
    case .type: .coalescing("Typing", key: "title")
    case .lines(.element(_, .edit)): .step("Edit TextLine")
    case .lines(.element(_, .delete)), .removeLine: .step("Delete TextLine")
    case .lines(.element(_, .keepOnlyThis)): .step("Keep Only")
    case .addLine: .step("Add TextLine")
    case .sortLines: .step("Sort")
    case .select, .undo: .ignored
    }
  }
}

extension Document.State {
  /// The state without its history: what undo restores.
  var content: Document.State {
    var content = self
    content.history = UndoHistory()
    return content
  }
}
