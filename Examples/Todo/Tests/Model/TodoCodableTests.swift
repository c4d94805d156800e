import Foundation
import Testing
import TodoCore
import Uniflow

/// A recorded session is only as good as its encoding: every action, outcome and error the
/// feature has must come back from JSON as it went in.
@Suite struct TodoCodableTests {
  static let todo = Todo(
    id: 3, title: "Buy milk", isDone: true, createdAt: Date(timeIntervalSince1970: 1_000),
    completedAt: Date(timeIntervalSince1970: 2_000))

  static let outcomes: [TodoOutcome] = [
    .added(todo), .addedAll([todo]), .renamed(todo), .completed(todo), .reopened(todo),
    .alreadyDone(todo), .alreadyOpen(todo), .alreadyTitled(todo), .noted(todo), .alreadyNoted(todo),
    .deleted(todo),
    .clearedDone([todo]), .undid("add \"X\""), .redid("add \"X\""), .configured(.doneLast, "yes"),
  ]

  static let errors: [TodoStoreError] = [
    .emptyTitle, .titleTooLong(length: 2_000, maximum: 1_000), .noteTooLong(length: 1, maximum: 0),
    .todoNotFound(7), .nothingToUndo,
    .olderChangesNotKept(kept: 100),
    .nothingToRedo, .notADatabase(path: "/a"), .corrupted(path: "/a"),
    .foreignDatabase(path: "/a"), .newerSchema(path: "/a", version: 9, supported: 3),
    .invalidSchema(path: "/a", version: -1), .cannotCreateDirectory(path: "/a", reason: "r"),
    .cannotOpen(path: "/a", reason: "r"), .readOnly(path: "/a"),
    .folderNotWritable(path: "/a/b", folder: "/a"), .journalNotWritable(path: "/a"),
    .cannotUpgrade(path: "/a", version: 3, current: 4),
    .cannotCreate(path: "/a/b", folder: "/a", reason: "r"), .busy(path: "/a"),
    .sqlite(path: "/a", code: 11, message: "m"), .badSetting(.unknownKey("color")),
    .badSetting(.badValue("purple", key: .colour)), .settingNotKept(reason: "r"),
  ]

  static let actions: [TodoFeature.Action] =
    [
      .startObserving, .stopObserving, .load, .add(title: "X"), .addAll(titles: ["a", "b"]),
      .rename(id: 1, title: "Y"), .setNote(id: 1, note: "a\nb"), .toggle(id: 1),
      .setDone(id: 1, isDone: true), .delete(id: 1),
      .clearDone, .undo, .redo, .list(.setFilter(.done)), .list(.setSearch("milk")), .list(.cycleFilter),
      .list(.moveSelection(by: -2)), .list(.select(id: 4)), .list(.select(id: nil)), .back,
      .list(.startSearch), .list(.editSearch(.insert("m"))), .list(.editSearch(.deleteToEnd)),
      .list(.delegate(.rename(todo))), .list(.delegate(.toggle(id: 3))), .editor(.edit(.moveLeft)),
      .editor(.save), .editor(.delegate(.save(id: nil, title: "Buy milk"))), .editor(.delegate(.cancel)),
      .snapshotLoaded(TodoSnapshot(todos: [todo], undoHistory: ["add"])), .list(.openSelected),
      .list(.delegate(.open(todo))), .path(.push(.detail(TodoDetailFeature.State(todo: todo)))),
      .path(.element(id: 2, action: .detail(.edit(.insert("a"))))),
      .path(.element(id: 2, action: .detail(.close))),
      .path(.element(id: 2, action: .detail(.saved(todo, contents: TodoSnapshot(todos: [todo]))))),
      .path(.element(id: 2, action: .detail(.saveFailed(.busy(path: "/a"))))), .path(.popFrom(id: 2)),
      .path(.element(id: 2, action: .detail(.showHistory))), .path(.element(id: 3, action: .history(.load))),
      .path(.element(id: 3, action: .history(.loaded([TodoHistoryEntry("add", date: nil, note: nil)])))),
      .path(.element(id: 3, action: .history(.close))),
      .path(.element(id: 3, action: .history(.loadFailed(.busy(path: "/a"))))),
      .configure(key: .sort, value: "title"), .list(.settingsChanged), .list(.openSettings),
      .list(.delegate(.openSettings)), .path(.element(id: 4, action: .settings(.moveSelection(by: 1)))),
      .path(.element(id: 4, action: .settings(.changeSelected(by: -1)))),
      .path(.element(id: 4, action: .settings(.close))), .list(.settingsChangedElsewhere),
      .path(.element(id: 4, action: .settings(.changeNotKept(restoring: TodoSettings(), reason: "r")))),
      .list(.settingNotKept(restoring: TodoSettings(sortOrder: .title), reason: "r")),
    ] + outcomes.map { .finished($0, contents: TodoSnapshot(todos: [todo])) } + errors.map { .failed($0) }

  @Test(arguments: actions)
  func everyActionSurvivesEncoding(_ action: TodoFeature.Action) throws {
    let data = try JSONEncoder().encode(action)
    #expect(try JSONDecoder().decode(TodoFeature.Action.self, from: data) == action)
  }

  @Test func theStateSurvivesEncodingWithItsSearchAndDrafts() throws {
    var state = TodoFeature.State(
      list: .init(
        todos: [Self.todo], settings: Shared(TodoSettings(filter: .done, sortOrder: .title)), pageSize: 5,
        isLoaded: true))
    state.list.search = "milk"
    state.list.searchDraft = TextDraft("milk")
    state.editor = TitleEditorFeature.State(renaming: Self.todo)
    state.outcome = .added(Self.todo)
    var detail = TodoDetailFeature.State(todo: Self.todo)
    detail.note = TextDraft("Oat", cursor: 1)
    detail.saveStatus = .failed(.busy(path: "/a"))
    var history = TodoHistoryFeature.State(todo: Self.todo)
    history.changes = [TodoHistoryEntry("add", date: Date(timeIntervalSince1970: 1_800_000_000), note: "Oat")]
    var settingsScreen = TodoSettingsFeature.State(settings: state.list.settings)
    settingsScreen.selection = .colour
    state.path = [
      .detail(TodoDetailFeature.State(todo: Self.todo)), .detail(detail), .history(history),
      .settings(settingsScreen),
    ]
    let decoded = try JSONDecoder().decode(
      TodoFeature.State.self, from: JSONEncoder().encode(state))
    #expect(decoded == state)
    // The settings come back as they were, shown and held, in a value of their own.
    #expect(decoded.list.settings.value == TodoSettings(filter: .done, sortOrder: .title))
    #expect(decoded.list.visibleTodos.ids == state.list.visibleTodos.ids)
  }

  @Test func aDraftWithItsCursorOutsideTheTextIsRefused() throws {
    let json = Data(#"{"text":"ab","cursor":3}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(TextDraft.self, from: json) }
    let draft = TextDraft("ab", cursor: 1)
    #expect(try JSONDecoder().decode(TextDraft.self, from: JSONEncoder().encode(draft)) == draft)
  }
}
