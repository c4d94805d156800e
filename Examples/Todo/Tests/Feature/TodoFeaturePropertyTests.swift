import Foundation
import Testing
import TodoCore
import Uniflow
import UniflowTesting

/// Properties of the todo feature on random sequences of actions, with the in-memory repository:
/// what must hold whatever the user does, in whatever order.
@MainActor
@Suite struct TodoFeaturePropertyTests {
  typealias State = TodoFeature.State
  typealias Action = TodoFeature.Action

  /// A fresh feature for each sequence: an empty repository, a fixed date.
  static func makeFeature(_ clock: TestClock) -> TodoFeature {
    TodoFeature(repository: InMemoryTodoRepository(), now: { Date(timeIntervalSince1970: 1_700_000_000) })
  }

  /// Every intent of the user, with titles from a small alphabet (so that equal and blank titles
  /// come up) and mostly ids of existing todos (sometimes one that does not exist); the list
  /// selects only rows it shows. Observing the repository is left out: it runs until it is
  /// stopped.
  static func actions(_ state: State) -> Generator<Action> {
    let title = Generator.string(of: "ab ", length: 0...3)
    let id = Generator.one(weighted: [
      (9, Generator.element(of: state.todos.ids)),
      (1, Generator.int(in: 90...99).map { Todo.ID($0) }),
    ])
    return .one(weighted: [
      (4, title.map { Action.add(title: $0) }),
      (2, id.flatMap { id in title.map { Action.rename(id: id, title: $0) } }),
      (3, id.map { Action.toggle(id: $0) }),
      (1, id.flatMap { id in Generator.bool.map { Action.setDone(id: id, isDone: $0) } }),
      (2, id.map { Action.delete(id: $0) }),
      (1, .constant(.clearDone)),
      (2, .constant(.undo)),
      (1, Generator.element(of: TodoFilter.allCases).map { Action.list(.setFilter($0)) }),
      (1, .constant(.list(.cycleFilter))),
      (1, Generator.int(in: -3...3).map { Action.list(.moveSelection(by: $0)) }),
      (
        1,
        Generator.optional(Generator.element(of: state.list.visibleTodos.ids)).map {
          Action.list(.select(id: $0))
        }
      ),
      (1, .constant(.back)),
      (1, .constant(.load)),
    ])
  }

  /// What the user does through the screens: the intents of the list, typing and saving a
  /// title, typing a search, and the screen getting taller or shorter; mixed with the commands.
  static func screenActions(_ state: State) -> Generator<Action> {
    let text = Generator.string(of: "ab ", length: 0...2)
    let edit = Generator.one(of: [
      text.map { TextDraft.Edit.insert($0) }, .constant(.deleteBackward), .constant(.moveLeft),
      .constant(.moveToStart), .constant(.deleteToEnd),
    ])
    return .one(weighted: [
      (6, actions(state)),
      (2, .constant(.list(.toggleSelected))),
      (1, .constant(.list(.deleteSelected))),
      (1, .constant(.list(.addTodo))),
      (1, .constant(.list(.editSelected))),
      (3, edit.map { Action.editor(.edit($0)) }),
      (1, .constant(.editor(.save))),
      (1, .constant(.editor(.cancel))),
      (1, .constant(.list(.startSearch))),
      (2, edit.map { Action.list(.editSearch($0)) }),
      (1, .constant(.list(.clearSearch))),
      (1, Generator.int(in: -1...1).map { Action.list(.movePage(by: $0)) }),
      (1, Generator.int(in: 1...4).map { Action.list(.setPageSize($0)) }),
    ])
  }

  /// What the state promises at every moment, whatever is on its way.
  static let invariants: [FeatureProperty<State, Action>] = [
    .invariant("ids are unique") { state in Set(state.todos.ids).count == state.todos.count },
    .invariant("the open and done counts match the list") { state in
      state.list.doneCount == state.todos.elements.count(where: \.isDone)
        && state.list.openCount == state.todos.count - state.list.doneCount
    },
    .invariant("the visible todos are those the filter and the search include") { state in
      let (filter, search) = (state.list.filter, state.list.search)
      return state.list.visibleTodos.elements
        == state.todos.elements.filter { todo in
          filter.includes(todo)
            && (search.isEmpty
              || todo.title.range(of: search, options: [.caseInsensitive, .diacriticInsensitive]) != nil)
        }
    },
    .invariant("a selection is a visible todo, at its index") { state in
      guard let selection = state.list.selection else { return state.list.selectedIndex == nil }
      return state.list.selectedIndex != nil
        && state.list.selectedIndex == state.list.visibleTodos.index(id: selection)
    },
  ]

  /// The list as the user sees it, undo included: what the feature must show once its changes
  /// are done.
  static var model: ReferenceModel<State, Action> {
    ReferenceModel(
      initial: TodoModel(),
      update: { model, action in model.apply(action) },
      observeModel: \.items,
      observeFeature: { state in state.todos.map(TodoModel.Item.init) })
  }

  @Test func idsStayUniqueAndCountsMatchTheList() async {
    await checkProperties(
      of: Self.makeFeature, initialState: State(), actions: Self.actions,
      properties: Self.invariants + [
        .transition("an id that does not exist is an error, and changes nothing") { before, action, after in
          let id: Todo.ID? =
            switch action {
            case .rename(let id, _), .toggle(let id), .setDone(let id, _), .delete(let id): id
            default: nil
            }
          guard let id, !before.todos.contains(id: id) else { return true }
          if case .rename(_, let title) = action, Todo.normalizedTitle(title) == nil {
            return after.error == .emptyTitle && after.todos == before.todos
          }
          return after.error == .todoNotFound(id) && after.todos == before.todos
        }
      ],
      sequences: 1_000, length: 100, seed: 2026)
  }

  /// Whatever the keys do, in whatever mode, the state keeps its promises, and the rows on
  /// screen hold the selection.
  @Test func theScreensKeepTheStatesPromisesAndTheSelectionOnScreen() async {
    await checkProperties(
      of: Self.makeFeature, initialState: State(list: .init(pageSize: 3)), actions: Self.screenActions,
      properties: Self.invariants + [
        .invariant("the rows on screen hold the selection") { state in
          let list = state.list
          guard let index = list.selectedIndex else { return true }
          return (list.firstVisibleIndex..<(list.firstVisibleIndex + list.pageSize)).contains(index)
        },
        .invariant("the search shown is the one being typed") { state in
          state.list.searchDraft.map { $0.text == state.list.search } ?? true
        },
      ],
      sequences: 300, length: 60, seed: 31)
  }

  /// Selecting a todo the filter hides must not move the selection off the list: the state
  /// promises to keep it on a visible todo. This check found the feature breaking that promise
  /// in four actions (`add("a")`, `cycleFilter`, `cycleFilter`, `select(id: 1)`); it now holds.
  @Test func selectingNeverLeavesTheSelectionOffTheList() async {
    await checkProperties(
      of: Self.makeFeature, initialState: State(),
      actions: { state in
        .one(of: [
          .constant(.list(.cycleFilter)),
          Generator.string(of: "ab", length: 1...2).map { Action.add(title: $0) },
          Generator.element(of: state.todos.ids).map { Action.list(.select(id: $0)) },
        ])
      },
      properties: [
        .invariant("a selection is a visible todo") { state in
          state.list.selection.map(state.list.visibleTodos.contains(id:)) ?? true
        }
      ],
      sequences: 100, length: 20, seed: 1)
  }

  @Test func undoAfterAnyActionRestoresTheListBeforeIt() async {
    await checkProperties(
      of: Self.makeFeature, initialState: State(), actions: Self.actions,
      model: Self.model, sequences: 200, length: 100, seed: 7)
  }

  /// A user faster than the repository: actions come while the changes before them are on
  /// their way (each request takes 100 ms on the clock, and 0 to 300 ms pass between actions).
  /// Observing the repository comes and goes too, stopped after the last action. The state
  /// keeps its promises at every moment, and once the changes are done the list is the one the
  /// actions asked for, in the order they were sent: two quick toggles undo each other, a late
  /// snapshot (from a command or from the binding) does not overwrite a newer one.
  @Test func theListIsRightWhateverComesWhileChangesAreOnTheirWay() async {
    await checkProperties(
      of: { clock in
        TodoFeature(
          repository: LaggingRepository(clock: clock),
          now: { Date(timeIntervalSince1970: 1_700_000_000) })
      },
      initialState: State(),
      actions: { state in
        .one(weighted: [
          (20, Self.actions(state)), (1, .constant(.startObserving)), (1, .constant(.stopObserving)),
        ])
      },
      properties: Self.invariants, model: Self.model,
      timeBetweenActions: Generator.int(in: 0...300).map { .milliseconds($0) },
      finalActions: [.stopObserving], sequences: 300, length: 30, seed: 11)
  }
}

/// The todo list as the user sees it, with the undo history as a stack of earlier lists: the
/// reference the feature must match after every action.
struct TodoModel {
  struct Item: Equatable {
    var id: Todo.ID
    var title: String
    var isDone: Bool

    init(id: Todo.ID, title: String, isDone: Bool) {
      self.id = id
      self.title = title
      self.isDone = isDone
    }

    init(_ todo: Todo) {
      self.init(id: todo.id, title: todo.title, isDone: todo.isDone)
    }
  }

  var items: [Item] = []
  var nextID: Todo.ID = 1
  var undoStack: [[Item]] = []

  mutating func apply(_ action: TodoFeature.Action) {
    switch action {
    case .add(let title):
      guard let title = Todo.normalizedTitle(title) else { return }
      let item = Item(id: nextID, title: title, isDone: false)
      change { $0.append(item) }
      nextID += 1
    case .rename(let id, let title):
      guard let title = Todo.normalizedTitle(title), let index = index(id), items[index].title != title
      else { return }
      change { $0[index].title = title }
    case .toggle(let id):
      guard let index = index(id) else { return }
      change { $0[index].isDone.toggle() }
    case .setDone(let id, let isDone):
      guard let index = index(id), items[index].isDone != isDone else { return }
      change { $0[index].isDone = isDone }
    case .delete(let id):
      guard let index = index(id) else { return }
      change { $0.remove(at: index) }
    case .clearDone:
      guard items.contains(where: \.isDone) else { return }
      change { $0.removeAll(where: \.isDone) }
    case .undo:
      guard let previous = undoStack.popLast() else { return }
      items = previous
    default:
      return
    }
  }

  private func index(_ id: Todo.ID) -> Int? {
    items.firstIndex { $0.id == id }
  }

  /// Applies a change that can be undone: the list before it goes on the undo stack.
  private mutating func change(_ body: (inout [Item]) -> Void) {
    undoStack.append(items)
    body(&items)
  }
}
