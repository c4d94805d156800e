import Foundation
import Observation
import Testing
import Uniflow
import UniflowTesting

/// A shared value is one value in every state that holds it, changed through a store's funnel.
@MainActor
@Suite struct SharedValueTests {
  @Test func theSameKeyGivesTheSameValue() throws {
    let values = SharedValues()
    var first = try values.shared("settings", default: Settings())
    let second = try values.shared("settings", default: Settings(theme: .dark))
    #expect(second.value == Settings())
    first.withLock { $0.fontSize = 20 }
    #expect(second.fontSize == 20)
  }

  @Test func aKeyOfAnotherTypeIsATypedError() throws {
    let values = SharedValues()
    _ = try values.shared("settings", default: Settings())
    #expect(
      throws: SharedStorageError(
        .typeMismatch(stored: "Settings", requested: "Int"), location: "memory:settings")
    ) {
      _ = try values.shared("settings", default: 0)
    }
  }

  @Test func aChangeInOneStoreReachesTheObserversOfAnother() throws {
    let settings = try SharedValues().shared("settings", default: Settings())
    let list = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    let editor = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    var listSaw: [Settings.Theme] = []
    var editorSaw: [Settings.Theme] = []
    let listToken = list.observe(\.settings) { listSaw.append($0.theme) }
    let editorToken = editor.observe(\.settings) { editorSaw.append($0.theme) }

    editor.send(.themePicked(.dark))

    #expect(listSaw == [.dark])
    #expect(editorSaw == [.dark])
    #expect(list.state.settings.theme == .dark)
    withExtendedLifetime((listToken, editorToken)) {}
  }

  @Test func anObserverFollowsAnotherSharedValuePutAtItsKeyPath() throws {
    struct Switching: Reducer {
      struct State {
        var current: Shared<Int>
        let spare: Shared<Int>
      }
      enum Action { case switchToSpare, increment }

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .switchToSpare: state.current = state.spare
        case .increment: state.current.withLock { $0 += 1 }
        }
        return .none
      }
    }
    let values = SharedValues()
    var first = try values.shared("first", default: 1)
    var spare = try values.shared("spare", default: 10)
    let store = Store(initialState: Switching.State(current: first, spare: spare), reducer: Switching())
    var seen: [Int] = []
    let token = store.observe(\.current) { seen.append($0) }

    store.send(.increment)
    store.send(.switchToSpare)
    // The value left behind changes without the observer; the one followed now tells it.
    first.withLock { $0 = 100 }
    spare.withLock { $0 = 20 }
    store.send(.increment)

    #expect(seen == [2, 10, 20, 21])
    token.cancel()
    spare.withLock { $0 = 30 }
    #expect(seen == [2, 10, 20, 21])
  }

  @Test func aSelectionOfAMemberSeesTheChangeToo() throws {
    let settings = try SharedValues().shared("settings", default: Settings())
    let list = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    let editor = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    var sizes: [Int] = []
    let token = list.observe({ $0.settings.fontSize }) { sizes.append($0) }

    editor.send(.themePicked(.dark))
    editor.send(.fontSizeChanged(14))
    editor.send(.fontSizeChanged(14))

    #expect(sizes == [14])
    withExtendedLifetime(token) {}
  }

  @Test func observersAreToldOnceTheChangingStoreHasFinished() throws {
    let settings = try SharedValues().shared("settings", default: Settings())
    let list = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    let editor = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    var seen: [(Settings.Theme, Int)] = []
    // Reading the changing store from an observer of another is safe: it has finished.
    let token = list.observe(\.settings) { settings in
      seen.append((settings.theme, editor.state.count))
      editor.send(.incremented)
    }

    editor.send(.themePicked(.dark))

    #expect(seen.map(\.0) == [.dark])
    #expect(seen.map(\.1) == [0])
    #expect(editor.state.count == 1)
    withExtendedLifetime(token) {}
  }

  @Test func observationOfEveryHolderIsTold() throws {
    let settings = try SharedValues().shared("settings", default: Settings())
    let list = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    let editor = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = list.state.settings.theme
    } onChange: {
      changed.withLock { $0 = true }
    }

    editor.send(.incremented)
    #expect(changed.withLock { $0 } == false)
    editor.send(.themePicked(.dark))
    #expect(changed.withLock { $0 })
  }

  @Test func middlewareSeesTheActionThatChangedIt() throws {
    let settings = try SharedValues().shared("settings", default: Settings())
    var log: [(Preferences.Action, Settings.Theme)] = []
    let store = Store(
      initialState: Preferences.State(settings: settings), reducer: Preferences(),
      middleware: [Middleware { action, state, _ in log.append((action, state.settings.theme)) }])

    store.send(.incremented)
    store.send(.themePicked(.dark))

    #expect(log.map(\.0) == [.incremented, .themePicked(.dark)])
    #expect(log.map(\.1) == [.light, .dark])
  }

  @Test func aStoreWithoutObserversStillSharesTheValue() throws {
    let settings = try SharedValues().shared("settings", default: Settings())
    let first = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    let second = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())

    first.send(.fontSizeChanged(30))

    #expect(second.state.settings.fontSize == 30)
    #expect(second.state == first.state)
  }

  @Test func effectsReadItOffTheMainActor() async throws {
    let settings = try SharedValues().shared("settings", default: Settings())
    let store = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    var read: [Settings] = []
    let token = store.observe(\.count) { _ in }
    let reads = (0..<20).map { _ in store.send(.readSettingsInAnEffect) }
    for size in 1...20 { store.send(.fontSizeChanged(size)) }
    for task in reads { await task.finish() }
    read.append(store.state.settings.value)
    #expect(read == [Settings(theme: .light, fontSize: 20)])
    withExtendedLifetime(token) {}
  }

  @Test func aStreamGivesTheCurrentValueThenEachChange() async throws {
    let settings = try SharedValues().shared("settings", default: Settings())
    let store = Store(initialState: Preferences.State(settings: settings), reducer: Preferences())
    let stream = settings.values()

    store.send(.fontSizeChanged(13))
    store.send(.fontSizeChanged(14))

    var sizes: [Int] = []
    for await value in stream {
      sizes.append(value.fontSize)
      if sizes.count == 3 { break }
    }
    #expect(sizes == [12, 13, 14])
  }
}
