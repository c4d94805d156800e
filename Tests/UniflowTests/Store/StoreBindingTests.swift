import Observation
import Testing
import Uniflow

/// A form: a title the reducer trims, a done flag, and a child with its own field.
private struct Editor: Reducer {
  struct State: Equatable {
    var title = ""
    var isDone = false
    var settings = Settings.State()
  }

  enum Action: Equatable {
    case setTitle(String)
    case setDone(Bool)
    case settings(Settings.Action)

    static let settingsCase = ActionCase(embed: Action.settings) {
      if case .settings(let action) = $0 { action } else { nil }
    }
  }

  struct Settings: Reducer {
    struct State: Equatable { var name = "" }
    enum Action: Equatable { case rename(String) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      guard case .rename(let name) = action else { return .none }
      state.name = name
      return .none
    }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.settings, action: Action.settingsCase) { Settings() }
    Reduce { state, action in
      switch action {
      case .setTitle(let title): state.title = title.trimmingCharacters(in: .whitespaces)
      case .setDone(let isDone): state.isDone = isDone
      case .settings: break
      }
      return .none
    }
  }
}

/// An editor store whose middleware keeps every action it sees.
@MainActor
private func makeEditor() -> (Store<Editor.State, Editor.Action>, LockIsolated<[Editor.Action]>) {
  let seen = LockIsolated<[Editor.Action]>([])
  let store = Store(
    initialState: Editor.State(), reducer: Editor(),
    middleware: [Middleware { action, _, _ in seen.withLock { $0.append(action) } }])
  return (store, seen)
}

/// Two-way bindings; the first test holds the sample of the "Observing State" article and of
/// `StoreBinding`'s documentation, the end of the file their SwiftUI and UIKit lines.
@MainActor
@Suite struct StoreBindingTests {
  @Test func aBindingReadsItsPartAndSettingItSendsTheAction() {
    let (store, seen) = makeEditor()

    let title = store.binding(\.title, send: Editor.Action.setTitle)
    #expect(title.value == "")
    title.value = "  Milk "  // sends .setTitle("  Milk "); the reducer trims it
    #expect(seen.current == [.setTitle("  Milk ")])
    // The reducer decides what the title becomes; the binding reads it back.
    #expect(title.value == "Milk")
    #expect(store.state.title == "Milk")
  }

  @Test func settingTheCurrentValueAgainSendsNothing() {
    let (store, seen) = makeEditor()
    let isDone = store.binding(\.isDone, send: Editor.Action.setDone)
    isDone.value = false
    #expect(seen.current == [])
    isDone.value = true
    isDone.set(true)
    #expect(seen.current == [.setDone(true)])
  }

  @Test func aBindingOnAScopedStoreSendsThroughTheRoot() {
    let (store, seen) = makeEditor()
    let settings = store.scope(state: \.settings, action: Editor.Action.settingsCase)
    let name = settings.binding(\.name, send: Editor.Settings.Action.rename)
    name.value = "Ada"
    #expect(seen.current == [.settings(.rename("Ada"))])
    #expect(name.value == "Ada")
    #expect(store.state.settings.name == "Ada")
  }

  @Test func aBindingOnAComputedValueSendsTheActionItMakes() {
    let (store, seen) = makeEditor()
    let isOpen = store.binding({ !$0.isDone }, send: { Editor.Action.setDone(!$0) })
    #expect(isOpen.value == true)
    isOpen.value = false
    #expect(seen.current == [.setDone(true)])
    #expect(isOpen.value == false)
  }

  @Test func readingABindingIsTrackedByObservation() {
    let (store, _) = makeEditor()
    let title = store.binding(\.title, send: Editor.Action.setTitle)
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = title.value
    } onChange: {
      changed.withLock { $0 = true }
    }
    title.value = "Milk"
    #expect(changed.current)
  }

  @Test func aUIFrameworkAdaptsABindingWithAGetterAndASetter() {
    let (store, _) = makeEditor()
    let title = store.binding(\.title, send: Editor.Action.setTitle)
    // What SwiftUI's Binding(get:set:) and a UIKit control's action do with it.
    let get = { title.value }
    let set = { (text: String) in title.value = text }
    set("Bread")
    #expect(get() == "Bread")
  }
}

#if canImport(SwiftUI)
  import SwiftUI

  /// The SwiftUI one-liner of `StoreBinding`'s documentation, compiled where SwiftUI exists.
  @MainActor
  private func titleField(_ title: StoreBinding<String>) -> some View {
    TextField("Title", text: Binding(get: { title.value }, set: { title.value = $0 }))
  }
#endif

#if canImport(UIKit)
  import UIKit

  /// The UIKit one-liner of `StoreBinding`'s documentation, compiled where UIKit exists.
  @MainActor
  private func bind(_ field: UITextField, to title: StoreBinding<String>) {
    field.addAction(UIAction { _ in title.value = field.text ?? "" }, for: .editingChanged)
  }
#endif
