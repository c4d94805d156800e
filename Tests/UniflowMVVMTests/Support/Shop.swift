import UniflowMVVM

/// A shop whose basket saves through an effect and whose items are rows: the basket's and the
/// rows' view models are given scoped stores, and their events come from them alone.
struct Shop: Reducer {
  struct Basket: Reducer {
    struct State: Equatable {
      var items: [String] = []
      var error: String?
    }

    enum Action: Equatable { case add(String), checkOut, checkOutFailed(String) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .add(let item): state.items.append(item)
      case .checkOut: return .run { send in await send(.checkOutFailed("offline")) }
      case .checkOutFailed(let message): state.error = message
      }
      return .none
    }
  }

  struct Item: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var isFavourite = false
    }

    enum Action: Equatable { case toggleFavourite, favourited }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .toggleFavourite:
        state.isFavourite.toggle()
        return state.isFavourite ? .send(.favourited) : .none
      case .favourited: return .none
      }
    }
  }

  struct State: Equatable {
    var basket = Basket.State()
    var items: IdentifiedArray<Item.State> = [Item.State(id: 1), Item.State(id: 2)]
    var banner: String?
  }

  enum Action: Equatable {
    case basket(Basket.Action)
    case items(IdentifiedAction<Int, Item.Action>)
    case refresh
    case showBanner(String)

    static let basketCase = ActionCase(embed: Action.basket) {
      if case .basket(let action) = $0 { action } else { nil }
    }
    static let itemsCase = ActionCase(embed: Action.items) {
      if case .items(let action) = $0 { action } else { nil }
    }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.basket, action: Action.basketCase) { Basket() }
    Reduce { state, action in
      switch action {
      case .refresh: return .run { send in await send(.showBanner("Prices updated")) }
      case .showBanner(let text): state.banner = text
      case .basket, .items: break
      }
      return .none
    }
    .forEach(\.items, action: Action.itemsCase) { Item() }
  }
}
