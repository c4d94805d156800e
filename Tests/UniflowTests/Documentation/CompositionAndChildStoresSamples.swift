import Foundation
import Testing
import Uniflow
import UniflowTesting

extension DocumentationSampleTests {
  /// The samples of the *Composition and Child Stores* article.
  @MainActor
  @Suite struct CompositionAndChildStores {
    // MARK: A row, and a list of rows

    struct Download: Reducer {
      struct State: Equatable, Identifiable {
        let id: Int
        var progress = 0
      }

      enum Action: Equatable { case start, stop, progressed }

      let clock: any Clock<Duration>

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          return .run { [clock] send in
            while true {
              try await clock.sleep(for: .seconds(1))
              await send(.progressed)
            }
          }
          .cancellable(id: "request", cancelInFlight: true)
        case .stop:
          return .cancel(id: "request")
        case .progressed:
          state.progress += 1
          return .none
        }
      }
    }

    struct Downloads: Reducer {
      struct State: Equatable {
        var rows: IdentifiedArray<Download.State> = []
      }

      enum Action: Equatable {
        case add(id: Int)
        case remove(id: Int)
        case rows(IdentifiedAction<Int, Download.Action>)

        static let rowsCase = ActionCase(Action.rows)
      }

      let clock: any Clock<Duration>

      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .add(let id): state.rows.append(Download.State(id: id))
          case .remove(let id): state.rows.remove(id: id)
          case .rows: break
          }
          return .none
        }
        .forEach(\.rows, action: Action.rowsCase) {
          Download(clock: clock)
        }
      }
    }

    @Test func eachRowCancelsOnlyItsOwnWork() async {
      let clock = TestClock()
      let store = TestStore(initialState: Downloads.State()) {
        Downloads(clock: clock)
      }
      await store.send(.add(id: 1)) { $0.rows.append(Download.State(id: 1)) }
      await store.send(.add(id: 2)) { $0.rows.append(Download.State(id: 2)) }
      await store.send(.rows(.element(id: 1, action: .start)))
      await store.send(.rows(.element(id: 2, action: .start)))

      // Row 1's "request" is not row 2's.
      await store.send(.rows(.element(id: 1, action: .stop)))
      await clock.advance(by: .seconds(1))
      await store.receive(.rows(.element(id: 2, action: .progressed))) {
        $0.rows[id: 2]?.progress = 1
      }

      // Removing a row cancels its work.
      await store.send(.remove(id: 2)) { $0.rows.remove(id: 2) }
    }

    // MARK: A presented child

    struct Editor: Reducer {
      struct State: Equatable, Identifiable {
        let id: Int
        var draft = ""
        var savedDraft: String?
      }

      enum Action: Equatable { case typed(String), autosaved(String) }

      let clock: any Clock<Duration>

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .typed(let text):
          state.draft = text
          return .run { send in await send(.autosaved(text)) }
            .debounce(id: "autosave", for: .seconds(2), clock: clock)
        case .autosaved(let text):
          state.savedDraft = text
          return .none
        }
      }
    }

    struct Notes: Reducer {
      struct State: Equatable {
        var editor: Editor.State?
      }

      enum Action: Equatable {
        case open(id: Int)
        case close
        case editor(Editor.Action)

        static let editorCase = ActionCase(Action.editor)
      }

      let clock: any Clock<Duration>

      var body: some Reducer<State, Action> {
        Reduce { state, action in
          switch action {
          case .open(let id): state.editor = Editor.State(id: id)
          case .close: state.editor = nil
          case .editor: break
          }
          return .none
        }
        .ifLet(\.editor, action: Action.editorCase) {
          Editor(clock: clock)
        }
      }
    }

    @Test func replacingAPresentedChildCancelsItsWork() async {
      let clock = TestClock()
      let store = TestStore(initialState: Notes.State()) {
        Notes(clock: clock)
      }
      await store.send(.open(id: 1)) { $0.editor = Editor.State(id: 1) }
      await store.send(.editor(.typed("Milk"))) { $0.editor?.draft = "Milk" }

      // Another note in the same place: note 1's autosave is cancelled, not saved into note 2.
      await store.send(.open(id: 2)) { $0.editor = Editor.State(id: 2) }
      await clock.advance(by: .seconds(2))
      await store.send(.close) { $0.editor = nil }
    }

    // MARK: Child stores

    @Test func aRemovedRowsStoreAnswersWithTheLastStateItRead() {
      let store = Store(
        initialState: Downloads.State(), reducer: Downloads(clock: ContinuousClock()))
      store.send(.add(id: 1))
      let row = store.scope(id: 1, in: \.rows, action: Downloads.Action.rowsCase)!
      row.send(.progressed)
      let shown = row.progress  // 1

      store.send(.remove(id: 1))
      row.send(.progressed)  // does nothing: the row is gone
      // row.progress == 1, the last state it read

      #expect(shown == 1)
      #expect(row.progress == 1)
      #expect(store.rows.isEmpty)
    }

    @Test func aTokenOutlivesTheChildStoreItCameFrom() {
      let store = Store(
        initialState: Downloads.State(), reducer: Downloads(clock: ContinuousClock()))
      store.send(.add(id: 1))
      var progress: [Int] = []
      let token = store.scope(id: 1, in: \.rows, action: Downloads.Action.rowsCase)!
        .observe(\.progress) { progress.append($0) }
      // The row's store is released here; its observer is not.
      store.send(.rows(.element(id: 1, action: .progressed)))
      // progress == [1]

      #expect(progress == [1])
      withExtendedLifetime(token) {}
    }

    @Test func aRowsStoreHearsItsOwnRowsActions() {
      let store = Store(
        initialState: Downloads.State(), reducer: Downloads(clock: ContinuousClock()))
      store.send(.add(id: 1))
      store.send(.add(id: 2))
      var heard: [Download.Action] = []
      let row = store.scope(id: 1, in: \.rows, action: Downloads.Action.rowsCase)!
      let token = row.observeActions { action, _ in heard.append(action) }
      store.send(.rows(.element(id: 1, action: .progressed)))
      store.send(.rows(.element(id: 2, action: .progressed)))
      // heard == [.progressed]: row 1's action, not row 2's

      #expect(heard == [.progressed])
      withExtendedLifetime(token) {}
    }
  }
}
