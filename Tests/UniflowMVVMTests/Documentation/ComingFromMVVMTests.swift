import Testing
import UniflowMVVM

// The samples of the article "Coming from MVVM" that are not already in
// Examples/ContentListExampleTests.swift (the feature, `Content`, and its view model,
// `ContentViewModel`, are shown there as the article shows them).

// MARK: Step 3: events on a child store (the feature, `Shop`, is in Support/Shop.swift)

final class BasketViewModel: StoreViewModel<Shop.Basket.State, Shop.Basket.Action> {
  let checkOut: InputAction<Void>
  let alert: OutputEvent<String>

  override init(store: Store<Shop.Basket.State, Shop.Basket.Action>) {
    checkOut = InputAction(store: store, action: .checkOut)
    alert = OutputEvent.extracting(in: store) { action, state in
      if case .checkOutFailed = action { state.error } else { nil }
    }
    super.init(store: store)
  }
}

// MARK: Step 4: the view

/// A view as a terminal or a test sees it: what a table and an alert would show.
@MainActor
final class ContentView {
  private(set) var rows: [String] = []
  private(set) var presented: [String] = []
  private let viewModel: ContentViewModel

  init(viewModel: ContentViewModel) {
    self.viewModel = viewModel
    viewModel.output.content.observe(owner: self, sendingCurrentValue: true) { view, content in
      view.rows = content
    }
    viewModel.output.showDetail.observe(owner: self) { view, content in
      view.presented.append(content)
    }
  }

  func pullToRefresh() async {
    await viewModel.input.reload().finish()
  }

  func tapRow(_ offset: Int) {
    viewModel.input.selectContent(rows[offset])
  }
}

// MARK: Step 5: every input through one funnel

@MainActor
func makeContentStore(
  service: any ContentService, track: @escaping (String) -> Void
) -> StoreOf<Content> {
  let analytics = Middleware<Content.State, Content.Action> { action, _, _ in
    if case .select(let content) = action { track("content_selected:\(content)") }
  }
  return Store(
    initialState: Content.State(), reducer: Content(service: service), middleware: [analytics])
}

// MARK: Step 7: a list of rows

struct Playlist: Reducer {
  struct Song: Identifiable, Equatable, Sendable {
    let id: Int
    var title: String
    var isFavorite = false
  }

  struct SongRow: Reducer {
    enum Action: Equatable { case favoriteTapped }

    func reduce(into song: inout Song, action: Action) -> Effect<Action> {
      song.isFavorite.toggle()
      return .none
    }
  }

  struct State: Equatable {
    var songs: IdentifiedArray<Song> = []
  }

  enum Action: Equatable {
    case songs(IdentifiedAction<Int, SongRow.Action>)
    case shuffle

    static let songsCase = ActionCase(Action.songs)
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .shuffle = action { state.songs.sort { $0.title > $1.title } }
      return .none
    }
    .forEach(\.songs, action: Action.songsCase) {
      SongRow()
    }
  }
}

final class SongRowViewModel: StoreViewModel<Playlist.Song, Playlist.SongRow.Action> {
  let title: OutputValue<String>
  let isFavorite: OutputValue<Bool>
  let favoriteTapped: InputAction<Void>

  override init(store: Store<Playlist.Song, Playlist.SongRow.Action>) {
    title = OutputValue.selecting(\.title, in: store)
    isFavorite = OutputValue.selecting(\.isFavorite, in: store)
    favoriteTapped = InputAction(store: store, action: .favoriteTapped)
    super.init(store: store)
  }
}

@MainActor
@Suite struct ComingFromMVVMTests {
  private struct Service: ContentService {
    func fetchContent() async throws -> [String] { ["hello", "world"] }
  }

  @Test func theViewShowsOutputsAndSendsInputs() async {
    var tracked: [String] = []
    let store = makeContentStore(service: Service()) { tracked.append($0) }
    let view = ContentView(viewModel: ContentViewModel(store: store))
    #expect(view.rows.isEmpty)
    await view.pullToRefresh()
    #expect(view.rows == ["hello", "world"])
    view.tapRow(0)
    view.tapRow(0)
    #expect(view.presented == ["hello", "hello"])
    #expect(tracked == ["content_selected:hello", "content_selected:hello"])
  }

  @Test func aChildsViewModelHearsItsFeaturesEffectFromItsScopedStore() async {
    let store = Store(initialState: Shop.State(), reducer: Shop())
    let basket = BasketViewModel(store: store.scope(state: \.basket, action: Shop.Action.basketCase))
    var alerts: [String] = []
    let token = basket.alert.observe { alerts.append($0) }
    await basket.checkOut().finish()
    #expect(alerts == ["offline"])
    withExtendedLifetime(token) {}
  }

  @Test func theListReportsRowChangesAndRowsSendThroughTheRoot() {
    let store = Store(
      initialState: Playlist.State(songs: [
        Playlist.Song(id: 1, title: "A"), Playlist.Song(id: 2, title: "B"),
        Playlist.Song(id: 3, title: "C"),
      ]),
      reducer: Playlist())
    let songs = ListViewModel(rows: store.scope(state: \.songs, action: Playlist.Action.songsCase)) {
      SongRowViewModel(store: $0)
    }
    var batches: [RowChanges<Int>] = []
    let token = songs.changes.observe { batches.append($0) }

    songs.row(at: 1).favoriteTapped()
    store.send(.shuffle)

    #expect(batches.count == 2)
    #expect(batches[0].updates.map(\.id) == [2])
    #expect(batches[1].moves.count == 2)
    #expect(songs.ids == [3, 2, 1])
    #expect(songs.row(id: 2)?.isFavorite.value == true)
    withExtendedLifetime(token) {}
  }
}
