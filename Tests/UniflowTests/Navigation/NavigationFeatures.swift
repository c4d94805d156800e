import Uniflow
import UniflowTesting

/// A screen of one todo: a note saved a second after the last keystroke, a timer, and ways to
/// end itself.
struct Detail: Reducer {
  struct State: Equatable, Codable, Sendable {
    var id: Int
    var note = ""
    var saved: [String] = []
    var ticks = 0
    var editor: PopupEditor.State?
  }
  enum Action: Equatable, Codable, Sendable {
    case noteChanged(String)
    case saved(String)
    case startTimer
    case tick
    case close
    case closeTwice
    case closeLater
    case closeEvenIfPopped
    case edit
    case editor(PresentationAction<PopupEditor.Action>)
  }
  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce(step)
      .ifLet(\.editor, action: Action.editorCase) { PopupEditor() }
  }

  func step(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .noteChanged(let note):
      state.note = note
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.saved(note))
      }
      .cancellable(id: "save", cancelInFlight: true)
    case .saved(let note):
      state.saved.append(note)
      return .none
    case .startTimer:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .close:
      return .dismiss
    case .closeTwice:
      return .merge(.dismiss, .dismiss)
    case .closeLater:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send.dismiss()
      }
    case .closeEvenIfPopped:
      // Asks to be dismissed when its wait ends, cancelled or not: a late dismissal.
      return .run { [clock] send in
        try? await clock.sleep(for: .seconds(1))
        await send.dismiss()
      }
    case .edit:
      state.editor = PopupEditor.State(text: state.note)
      return .none
    case .editor(.presented(.done)):
      state.note = state.editor?.text ?? state.note
      return .none
    case .editor:
      return .none
    }
  }
}

/// A small editor presented over a screen, which closes itself.
struct PopupEditor: Reducer {
  struct State: Equatable, Codable, Sendable { var text = "" }
  enum Action: Equatable, Codable, Sendable {
    case typed(String)
    case done
    case doneTwice
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .typed(let text):
      state.text = text
      return .none
    case .done:
      return .dismiss
    case .doneTwice:
      return .merge(.dismiss, .dismiss)
    }
  }
}

/// The history of one todo, loaded by an effect.
struct History: Reducer {
  struct State: Equatable, Codable, Sendable {
    var id: Int
    var entries: [String] = []
  }
  enum Action: Equatable, Codable, Sendable {
    case load
    case loaded([String])
  }
  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      return .run { [clock, id = state.id] send in
        try await clock.sleep(for: .seconds(1))
        await send(.loaded(["created #\(id)"]))
      }
    case .loaded(let entries):
      state.entries = entries
      return .none
    }
  }
}

/// The screens a stack can show.
struct Path: Reducer {
  enum State: Equatable, Codable, Sendable {
    case detail(Detail.State)
    case history(History.State)
  }
  enum Action: Equatable, Codable, Sendable {
    case detail(Detail.Action)
    case history(History.Action)
  }
  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch (state, action) {
    case (.detail(var detail), .detail(let action)):
      defer { state = .detail(detail) }
      return Detail(clock: clock).reduce(into: &detail, action: action).map(Action.detail)
    case (.history(var history), .history(let action)):
      defer { state = .history(history) }
      return History(clock: clock).reduce(into: &history, action: action).map(Action.history)
    default:
      return .none
    }
  }
}

extension Detail.Action {
  static let editorCase = ActionCase<Detail.Action, PresentationAction<PopupEditor.Action>>(
    embed: Detail.Action.editor
  ) {
    if case .editor(let action) = $0 { action } else { nil }
  }
}

/// A root screen with a navigation stack of ``Path`` screens; it logs what it sees of the
/// stack, to check the order in which it and the elements run.
struct Navigator: Reducer {
  struct State: Equatable, Codable, Sendable {
    var path = StackState<Path.State>()
    var log: [String] = []
  }
  enum Action: Equatable, Sendable {
    case path(StackAction<Path.State, Path.Action>)
    case showDetail(Int)
    case showHistory(Int)
    case popToRoot
    case replaceStack([Path.State])
    case removeMiddle(StackElementID)

    static let pathCase = ActionCase<Action, StackAction<Path.State, Path.Action>>(
      embed: Action.path
    ) {
      if case .path(let action) = $0 { action } else { nil }
    }
  }
  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .showDetail(let id):
        state.path.append(.detail(Detail.State(id: id)))
      case .showHistory(let id):
        state.path.append(.history(History.State(id: id)))
      case .popToRoot:
        state.path.removeAll()
      case .replaceStack(let screens):
        state.path = StackState(screens)
      case .removeMiddle(let id):
        state.path[id: id] = nil
      case .path(.element(let id, .detail(.noteChanged))):
        let note = state.path[id: id].flatMap { screen -> String? in
          if case .detail(let detail) = screen { detail.note } else { nil }
        }
        state.log.append("parent saw note \(note ?? "nil") in \(id)")
      case .path(.push):
        state.log.append("parent saw push onto \(state.path.count)")
      case .path(.popFrom(let id)):
        state.log.append("parent saw pop from \(id) of \(state.path.count)")
      case .path:
        break
      }
      return .none
    }
    .forEach(\.path, action: Action.pathCase) {
      Path(clock: clock)
    }
  }
}

/// A parent that presents an ``PopupEditor`` with a ``PresentationAction`` case and logs what it
/// sees of it.
struct Sheet: Reducer {
  struct State: Equatable {
    var editor: PopupEditor.State?
    var log: [String] = []
  }
  enum Action: Equatable {
    case edit
    case editor(PresentationAction<PopupEditor.Action>)

    static let editorCase = ActionCase<Action, PresentationAction<PopupEditor.Action>>(
      embed: Action.editor
    ) {
      if case .editor(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .edit: state.editor = PopupEditor.State()
      case .editor(.dismiss): state.log.append("dismissing \(state.editor?.text ?? "nothing")")
      case .editor: break
      }
      return .none
    }
    .ifLet(\.editor, action: Action.editorCase) { PopupEditor() }
  }
}

/// Tabs, each with its own navigation stack: several instances of one stack feature.
struct TabbedNavigator: Reducer {
  struct Tab: Equatable, Identifiable {
    var id: String
    var navigator = Navigator.State()
  }
  struct State: Equatable { var tabs: IdentifiedArray<Tab> = [Tab(id: "a"), Tab(id: "b")] }
  enum Action: Equatable {
    case tabs(IdentifiedAction<String, Navigator.Action>)

    static let tabsCase = ActionCase<Action, IdentifiedAction<String, Navigator.Action>>(
      embed: Action.tabs
    ) {
      if case .tabs(let action) = $0 { action } else { nil }
    }
  }
  let clock: TestClock

  var body: some Reducer<State, Action> {
    EmptyReducer()
      .forEach(\.tabs, action: Action.tabsCase) {
        Scope(state: \Tab.navigator, action: tabNavigatorCase) { Navigator(clock: clock) }
      }
  }
}

/// A tab's actions are its navigator's.
let tabNavigatorCase = ActionCase<Navigator.Action, Navigator.Action>(embed: { $0 }, extract: { $0 })
