import Testing
import Uniflow
import UniflowTesting

/// A feature that counts the changes of its title, whatever made them: its own actions, its
/// presented editor, undo, or a value brought in from outside into a shared value.
private struct Titled: Reducer {
  struct State: Equatable {
    var title = ""
    var other = 0
    var editor: String?
    var settings = Shared(Settings())
    var history = UndoHistory()
    var changes: [String] = []
  }
  enum Action: Equatable {
    case setTitle(String)
    case setOther(Int)
    case edit
    case editor(PresentationAction<String>)
    case settingsArrived(Settings)
    case undo(UndoAction)

    static let editorCase = ActionCase(embed: Action.editor) {
      if case .editor(let action) = $0 { action } else { nil }
    }
    static let undoCase = ActionCase(embed: Action.undo) {
      if case .undo(let action) = $0 { action } else { nil }
    }
  }
  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .setTitle(let title): state.title = title
      case .setOther(let value): state.other = value
      case .edit: state.editor = state.title
      case .editor(.presented(let text)): state.title = text
      case .editor(.dismiss): break
      case .settingsArrived(let settings): state.settings.withLock { $0 = settings }
      case .undo: break
      }
      return .none
    }
    .ifLet(\.editor, action: Action.editorCase) {
      Reduce { text, typed in
        text = typed
        return .none
      }
    }
    .undoable(history: \.history, action: Action.undoCase, tracking: [.value(\.title)], clock: clock) {
      if case .undo = $0 { .ignored } else { .step("Edit") }
    }
    .onChange(of: \.title) { old, new, state in
      state.changes.append("title: \(old) → \(new)")
      return .none
    }
    .onChange(of: \.settings.fontSize) { old, new, state in
      state.changes.append("font: \(old) → \(new)")
      return .send(.setOther(new))
    }
  }
}

/// A feature that follows its settings' font size, which another process may change: the
/// value it writes arrives as a load, an action, so the reaction runs as for any other.
private struct FontFollower: Reducer {
  struct State: Equatable {
    var settings: Shared<Settings>
    var sizesSeen: [Int] = []
  }
  enum Action: Equatable {
    case appeared
    case settingsLoaded(SharedLoad<Settings>)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .appeared:
        return .loads(of: state.settings, send: Action.settingsLoaded)
      case .settingsLoaded(let load):
        state.settings.apply(load)
        return .none
      }
    }
    .onChange(of: \.settings.fontSize) { _, size, state in
      state.sizesSeen.append(size)
      return .none
    }
  }
}

/// A feature that reacts to its whole shared settings, not a member of them: every change of
/// what they hold runs the reaction, from its own reducer or loaded from another process.
private struct SettingsFollower: Reducer {
  struct State: Equatable {
    var settings: Shared<Settings>
    var seen: [String] = []
  }
  enum Action: Equatable {
    case appeared
    case themePicked(Settings.Theme)
    case settingsLoaded(SharedLoad<Settings>)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .appeared:
        return .loads(of: state.settings, send: Action.settingsLoaded)
      case .themePicked(let theme):
        state.settings.withLock { $0.theme = theme }
        return .none
      case .settingsLoaded(let load):
        state.settings.apply(load)
        return .none
      }
    }
    .onChange(of: \.settings) { old, new, state in
      state.seen.append("\(old.theme.rawValue) → \(new.theme.rawValue)")
      return .none
    }
  }
}

@MainActor
@Suite struct OnChangeTests {
  @Test func aChangeRunsTheReactionOnceAndAnEqualValueDoesNot() {
    let store = Store(initialState: Titled.State(), reducer: Titled(clock: TestClock()))
    store.send(.setTitle("Milk"))
    store.send(.setTitle("Milk"))
    store.send(.setOther(3))
    #expect(store.changes == ["title:  → Milk"])
  }

  @Test func aChangeMadeByAPresentedChildIsSeen() {
    let store = Store(initialState: Titled.State(title: "Milk"), reducer: Titled(clock: TestClock()))
    store.send(.edit)
    store.send(.editor(.presented("Oat milk")))
    #expect(store.title == "Oat milk")
    #expect(store.changes == ["title: Milk → Oat milk"])
  }

  @Test func undoAndRedoAreChangesToo() {
    let store = Store(initialState: Titled.State(), reducer: Titled(clock: TestClock()))
    store.send(.setTitle("Milk"))
    store.send(.undo(.undo))
    store.send(.undo(.redo))
    #expect(store.changes == ["title:  → Milk", "title: Milk → ", "title:  → Milk"])
  }

  @Test func aSharedValueBroughtInByAnActionIsSeenOnceAndItsEffectsAreTheFeatures() {
    let settings = Shared(Settings())
    let store = Store(
      initialState: Titled.State(settings: settings), reducer: Titled(clock: TestClock()))
    store.send(.settingsArrived(Settings(theme: .dark, fontSize: 14)))
    store.send(.settingsArrived(Settings(theme: .light, fontSize: 14)))
    #expect(store.changes == ["font: 12 → 14"])
    // The reaction's follow-up ran as the feature's own action.
    #expect(store.other == 14)
  }

  @Test func aSharedValueChangedByAnotherStoreIsSeenByTheStoreThatMadeTheChange() {
    let settings = Shared(Settings())
    let first = Store(initialState: Titled.State(settings: settings), reducer: Titled(clock: TestClock()))
    let second = Store(initialState: Titled.State(settings: settings), reducer: Titled(clock: TestClock()))
    second.send(.settingsArrived(Settings(fontSize: 20)))
    #expect(second.changes == ["font: 12 → 20"])
    #expect(first.settings.fontSize == 20)
  }

  @Test func theTestStoreShowsTheReaction() async {
    let store = TestStore(initialState: Titled.State(), reducer: Titled(clock: TestClock()))
    await store.send(.setTitle("Milk")) {
      $0.title = "Milk"
      $0.changes = ["title:  → Milk"]
      $0.history = store.state.history
    }
  }

  @Test func aValueAnotherProcessWroteIsSeenWhenItsLoadArrives() async throws {
    let storage = InMemoryStorage<Settings>(id: "settings")
    let settings = try await SharedValues(clock: TestClock()).shared(storage, default: Settings())
    let store = TestStore(
      initialState: FontFollower.State(settings: settings), reducer: FontFollower())
    await store.send(.appeared)

    storage.simulateOutsideChange(Settings(theme: .dark, fontSize: 20))
    await store.receive(.settingsLoaded(SharedLoad(Settings(theme: .dark, fontSize: 20)))) {
      $0.settings.withLock { $0 = Settings(theme: .dark, fontSize: 20) }
      $0.sizesSeen = [20]
    }
    // Another field changed outside: the load arrives, the font size is equal, no reaction.
    storage.simulateOutsideChange(Settings(theme: .light, fontSize: 20))
    await store.receive(.settingsLoaded(SharedLoad(Settings(theme: .light, fontSize: 20)))) {
      $0.settings.withLock { $0.theme = .light }
    }
    await store.skipInFlightEffects()
  }

  @Test func aWholeSharedValueChangedByTheReducerRunsTheReactionWithItsOldContents() {
    let store = Store(
      initialState: SettingsFollower.State(settings: Shared(Settings())),
      reducer: SettingsFollower())
    store.send(.themePicked(.dark))
    store.send(.themePicked(.dark))
    store.send(.themePicked(.light))
    #expect(store.seen == ["light → dark", "dark → light"])
  }

  @Test func aWholeSharedValueAnotherProcessWroteRunsTheReactionWhenItsLoadArrives() async throws {
    let storage = InMemoryStorage<Settings>(id: "settings")
    let settings = try await SharedValues(clock: TestClock()).shared(storage, default: Settings())
    let store = TestStore(
      initialState: SettingsFollower.State(settings: settings), reducer: SettingsFollower())
    await store.send(.appeared)

    storage.simulateOutsideChange(Settings(theme: .dark, fontSize: 20))
    await store.receive(.settingsLoaded(SharedLoad(Settings(theme: .dark, fontSize: 20)))) {
      $0.settings.withLock { $0 = Settings(theme: .dark, fontSize: 20) }
      $0.seen = ["light → dark"]
    }
    await store.skipInFlightEffects()
  }
}
