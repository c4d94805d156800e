import Testing
import UniflowMVVM

/// The shop's screen: its banner comes from an effect of the root feature.
final class ShopViewModel: StoreViewModel<Shop.State, Shop.Action> {
  let refresh: InputAction<Void>
  let banner: OutputEvent<String>

  override init(store: Store<Shop.State, Shop.Action>) {
    refresh = InputAction(store: store, action: .refresh)
    banner = OutputEvent.extracting(in: store) { action in
      if case .showBanner(let text) = action { text } else { nil }
    }
    super.init(store: store)
  }
}

/// The basket's screen, on the basket's store: its alert comes from the basket's own effect.
final class BasketScreenViewModel: StoreViewModel<Shop.Basket.State, Shop.Basket.Action> {
  let add: InputAction<String>
  let checkOut: InputAction<Void>
  let count: OutputValue<Int>
  let added: OutputEvent<String>
  let alert: OutputEvent<String>

  override init(store: Store<Shop.Basket.State, Shop.Basket.Action>) {
    add = InputAction(store: store, action: Shop.Basket.Action.add)
    checkOut = InputAction(store: store, action: .checkOut)
    count = OutputValue.selecting({ $0.items.count }, in: store)
    added = OutputEvent.extracting(in: store) { action in
      if case .add(let item) = action { item } else { nil }
    }
    alert = OutputEvent.extracting(in: store) { action, state in
      if case .checkOutFailed = action { state.error } else { nil }
    }
    super.init(store: store)
  }
}

/// An item's row, on the row's store.
final class ItemViewModel: StoreViewModel<Shop.Item.State, Shop.Item.Action> {
  let toggleFavourite: InputAction<Void>
  let favourited: OutputEvent<Int>

  override init(store: Store<Shop.Item.State, Shop.Item.Action>) {
    toggleFavourite = InputAction(store: store, action: .toggleFavourite)
    favourited = OutputEvent.extracting(in: store) { action, state in
      action == .favourited ? state.id : nil
    }
    super.init(store: store)
  }
}

@MainActor
@Suite struct StoreViewModelEventTests {
  @Test func aViewModelOnTheRootStoreHearsAnActionSentByAnEffect() async {
    let store = Store(initialState: Shop.State(), reducer: Shop())
    let viewModel = ShopViewModel(store: store)
    var banners: [String] = []
    let token = viewModel.banner.observe { banners.append($0) }

    await viewModel.refresh().finish()

    #expect(banners == ["Prices updated"])
    withExtendedLifetime(token) {}
  }

  @Test func aViewModelOnAScopedStoreHearsItsInputsAndItsFeaturesEffectsAndNothingElse() async {
    let store = Store(initialState: Shop.State(), reducer: Shop())
    let viewModel = BasketScreenViewModel(
      store: store.scope(state: \.basket, action: Shop.Action.basketCase))
    var seen: [String] = []
    let tokens = [
      viewModel.added.observe { [count = viewModel.count] in
        seen.append("added \($0), \(count.value) in basket")
      },
      viewModel.alert.observe { seen.append("alert \($0)") },
    ]

    viewModel.add("Tea")  // an input
    store.send(.basket(.add("Milk")))  // the basket's action, sent through the root
    store.send(.showBanner("Sale"))  // not the basket's
    await viewModel.checkOut().finish()  // the basket's effect sends its failure back

    #expect(seen == ["added Tea, 1 in basket", "added Milk, 2 in basket", "alert offline"])
    withExtendedLifetime(tokens) {}
  }

  @Test func aRowsViewModelHearsItsOwnRowOnlyFollowUpsIncluded() throws {
    let store = Store(initialState: Shop.State(), reducer: Shop())
    let rows = store.scope(forEach: \.items, action: Shop.Action.itemsCase).map(ItemViewModel.init)
    var favourites: [Int] = []
    let tokens = rows.map { row in row.favourited.observe { favourites.append($0) } }

    rows[1].toggleFavourite()
    rows[1].toggleFavourite()  // unfavourited: no follow-up
    store.send(.items(.element(id: 1, action: .toggleFavourite)))

    #expect(favourites == [2, 1])
    let row = try #require(store.scope(id: 2, in: \.items, action: Shop.Action.itemsCase))
    let again = ItemViewModel(store: row)
    var fromAgain: [Int] = []
    let token = again.favourited.observe { fromAgain.append($0) }
    rows[0].toggleFavourite()
    rows[1].toggleFavourite()
    #expect(fromAgain == [2])
    withExtendedLifetime((tokens, token)) {}
  }

  @Test func theRowViewModelsOfAListHearTheirOwnRowsActions() throws {
    let store = Store(initialState: Shop.State(), reducer: Shop())
    let list = ListViewModel(rows: store.scope(state: \.items, action: Shop.Action.itemsCase)) {
      ItemViewModel(store: $0)
    }
    var favourites: [String] = []
    let tokens = [
      list.row(at: 0).favourited.observe { favourites.append("row 0: \($0)") },
      list.row(at: 1).favourited.observe { favourites.append("row 1: \($0)") },
    ]

    list.row(at: 1).toggleFavourite()
    store.send(.items(.element(id: 1, action: .toggleFavourite)))

    #expect(favourites == ["row 1: 2", "row 0: 1"])
    withExtendedLifetime(tokens) {}
  }

  @Test func releasingAViewModelReleasesItsEventsAndTheStoreKeepsNoneOfItsClosures() {
    let store = Store(initialState: Shop.State(), reducer: Shop())
    let basket = store.scope(state: \.basket, action: Shop.Action.basketCase)
    weak var released: BasketScreenViewModel?
    weak var alert: OutputEvent<String>?
    do {
      let viewModel = BasketScreenViewModel(store: basket)
      released = viewModel
      alert = viewModel.alert
      #expect(store.actionListenerCount == 2)
      viewModel.add("Tea")
    }
    #expect(released == nil)
    #expect(alert == nil)
    store.send(.basket(.add("Milk")))
    #expect(store.actionListenerCount == 0)
    #expect(store.state.basket.items == ["Tea", "Milk"])
  }
}
