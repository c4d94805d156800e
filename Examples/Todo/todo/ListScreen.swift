import TodoCore
import TodoTerminal
import Uniflow

/// The list screen: the header with the counts, and the rows of the visible todos.
///
/// It draws from the list's own store, scoped from the app's, into the lines above the
/// status line. Each part observes only the slice of state it shows, through `Store.observe`:
/// an action that changes one todo redraws that row (and the counts in the header), moving
/// the selection redraws the two rows involved. Scrolling is state too
/// (``TodoCore/TodoListFeature/State/firstVisibleIndex``): each row shows the todo at its
/// place from the first visible one, so the rows are right whatever order they are told in.
///
/// ```
///  Uniflow Todo · ~/todos.sqlite                 2 open · 1 done · all
///  ─────────────────────────────────────────────────────────────────────
///  ▸   1  [ ] Buy milk
///      2  [x] Call mom
/// ```
@MainActor
final class ListScreen {
  /// What one row of the list shows.
  private struct Row: Equatable {
    var todo: Todo?
    var isSelected = false
    var idWidth = 0
    /// The message shown in the first row of an empty list.
    var placeholder: String?
    /// The colour setting: done todos are dimmed when it colours.
    var colour = TodoColour.auto
  }

  private struct Header: Equatable {
    var openCount: Int
    var doneCount: Int
    var filter: TodoFilter
    var search: String
    var sortOrder: TodoSortOrder
    var showsDoneLast: Bool
  }

  private let store: StoreOf<TodoListFeature>
  private let canvas: Canvas
  /// Whether the environment lets the `auto` colour setting colour.
  private let allowsColour: Bool
  private var tokens: [ObservationToken] = []

  /// The lines of the header, the rule and the first row, from 1 at the top.
  private let headerLine = 1
  private let firstRowLine = 3

  /// Where the todos are, named in the header: a file's path, or a server and its database.
  private let backend: String

  init(store: StoreOf<TodoListFeature>, canvas: Canvas, allowsColour: Bool, backend: String) {
    self.store = store
    self.backend = backend
    self.canvas = canvas
    self.allowsColour = allowsColour
  }

  /// The number of rows that fit above the status line.
  static func rowCount(lines: Int) -> Int { max(1, lines - 5) }

  /// Sizes the list to the screen, subscribes every part to its slice of state, and paints
  /// everything once.
  func layOut() {
    let rowCount = Self.rowCount(lines: canvas.lines)
    store.send(.setPageSize(rowCount))
    let state = store.state
    paint(Self.header(state))
    canvas.paint(Canvas.Part(self, slot: 1)) { [weak self] in
      guard let self else { return }
      canvas.put("\u{1B}[2m" + String(repeating: "─", count: canvas.width), line: headerLine + 1)
    }
    tokens = [store.observe(Self.header) { [unowned self] in paint($0) }]
    for slot in 0..<rowCount {
      let select = { (state: TodoListFeature.State) in Self.row(slot: slot, in: state) }
      paint(select(state), slot: slot)
      tokens.append(store.observe(select) { [unowned self] in paint($0, slot: slot) })
    }
  }

  /// Has the header, or a row, painted in the next frame.
  private func paint(_ header: Header) {
    canvas.paint(Canvas.Part(self, slot: 0)) { [weak self] in self?.draw(header) }
  }

  private func paint(_ row: Row, slot: Int) {
    canvas.paint(Canvas.Part(self, slot: 2 + slot)) { [weak self] in self?.draw(row, slot: slot) }
  }

  private static func row(slot: Int, in state: TodoListFeature.State) -> Row {
    let index = state.firstVisibleIndex + slot
    guard let todo = state.visibleTodo(at: index) else {
      guard index == 0, state.isLoaded else { return Row() }
      if !state.search.isEmpty, !state.todos.isEmpty {
        return Row(placeholder: "No todos match “\(state.search)”. Press / to change the search.")
      }
      let placeholder =
        switch state.filter {
        case .all: "No todos yet. Press a to add one."
        case .open: "No open todos. Press f to see the others."
        case .done: "No done todos. Press f to see the others."
        }
      return Row(placeholder: placeholder)
    }
    let idWidth = max(2, String(state.todos.last?.id ?? 0).count)
    return Row(
      todo: todo, isSelected: todo.id == state.selection, idWidth: idWidth, colour: state.shownSettings.colour
    )
  }

  private static func header(_ state: TodoListFeature.State) -> Header {
    Header(
      openCount: state.openCount, doneCount: state.doneCount, filter: state.filter, search: state.search,
      sortOrder: state.shownSettings.sortOrder, showsDoneLast: state.shownSettings.showsDoneLast)
  }

  private func draw(_ header: Header) {
    var title = " Uniflow Todo"
    let matching = header.search.isEmpty ? "" : " matching “\(header.search)”"
    let order =
      (header.sortOrder == .created ? "" : " by \(header.sortOrder)")
      + (header.showsDoneLast ? ", done last" : "")
    let summary =
      "\(header.openCount) open · \(header.doneCount) done · showing \(header.filter)\(matching)\(order) "
    let width = canvas.width
    // Where the todos are, in the room the counts leave (cut short with … when it is narrow).
    let room = width - TextWidth.columns(of: title) - TextWidth.columns(of: summary) - 4
    if room >= 8 { title += " · " + TextWidth.fitted(backend, width: room) }
    let gap = max(1, width - TextWidth.columns(of: title) - TextWidth.columns(of: summary))
    canvas.put(
      "\u{1B}[1m" + TextWidth.fitted(title + String(repeating: " ", count: gap) + summary, width: width),
      line: headerLine)
  }

  private func draw(_ row: Row, slot: Int) {
    let line = firstRowLine + slot
    let width = canvas.width
    guard let todo = row.todo else {
      canvas.put(
        row.placeholder.map { "\u{1B}[2m   " + TextWidth.fitted($0, width: width - 3) } ?? "", line: line)
      return
    }
    let marker = row.isSelected ? "▸" : " "
    let id = String(todo.id)
    let idText = String(repeating: " ", count: max(0, row.idWidth - id.count)) + id
    let text = " \(marker) \(idText)  [\(todo.isDone ? "x" : " ")] \(todo.title)"
    let dims = todo.isDone && row.colour.isOn(whereAllowed: allowsColour)
    let style = (row.isSelected ? "\u{1B}[7m" : "") + (dims ? "\u{1B}[2m" : "")
    canvas.put(style + TextWidth.fitted(text, width: width), line: line)
  }
}
