import Testing
import UniflowMVVM

/// A board inside an app, whose cards' case has a labelled payload, and a second case with a
/// payload of the same type: a row's store must hear its own case only.
private struct Wall: Reducer {
  struct Card: Identifiable, Equatable {
    let id: Int
    var title: String
  }
  enum CardAction: Equatable { case rename(String) }

  struct Board: Equatable {
    var cards: IdentifiedArray<Card> = [Card(id: 1, title: "One"), Card(id: 2, title: "Two")]
  }
  enum BoardAction: Equatable {
    case cards(rows: IdentifiedAction<Int, CardAction>)
    case archive(IdentifiedAction<Int, CardAction>)
  }

  struct State: Equatable { var board = Board() }
  enum Action: Equatable { case board(BoardAction) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .board(.cards(rows: .element(let id, .rename(let title)))):
      state.board.cards[id: id]?.title = title
    case .board(.archive):
      break
    }
    return .none
  }
}

/// A card's view model with an event: each title its card is given.
@MainActor
private final class CardViewModel: StoreViewModel<Wall.Card, Wall.CardAction> {
  let renamed: OutputEvent<String>

  override init(store: Store<Wall.Card, Wall.CardAction>) {
    renamed = OutputEvent.extracting(in: store) { action, _ in
      if case .rename(let title) = action { title } else { nil }
    }
    super.init(store: store)
  }
}

@MainActor
@Suite struct ListViewModelReflectedCaseTests {
  @Test func aRowHearsItsCaseThroughANestedEmbeddingAndNotAnotherCaseOfTheSamePayload() throws {
    let store = Store(initialState: Wall.State(), reducer: Wall())
    let list = ListViewModel(store: store, rows: \.board.cards, action: { .board(.cards(rows: $0)) }) {
      CardViewModel(store: $0)
    }
    var heard: [String] = []
    let token = try #require(list.row(id: 2)).renamed.observe { heard.append($0) }
    store.send(.board(.cards(rows: .element(id: 2, action: .rename("Deux")))))
    store.send(.board(.archive(.element(id: 2, action: .rename("Archived")))))
    store.send(.board(.cards(rows: .element(id: 1, action: .rename("Un")))))
    #expect(heard == ["Deux"])
    #expect(list.row(id: 2)?.store.state.title == "Deux")
    withExtendedLifetime(token) {}
  }
}
