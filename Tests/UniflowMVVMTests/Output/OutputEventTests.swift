import Testing
import UniflowMVVM

/// A feature whose actions make events: selecting an item, and a load that fails.
struct Catalog: Reducer {
  struct State: Equatable {
    var selected: String?
    var error: String?
  }

  enum Action: Equatable {
    case select(String)
    case loadFailed(String)
    case retry
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .select(let item): state.selected = item
    case .loadFailed(let message): state.error = message
    case .retry: return .send(.loadFailed("offline"))
    }
    return .none
  }
}

@MainActor
@Suite struct OutputEventTests {
  private func makeStore() -> (
    Store<Catalog.State, Catalog.Action>, ActionEvents<Catalog.State, Catalog.Action>
  ) {
    let events = ActionEvents<Catalog.State, Catalog.Action>()
    let store = Store(initialState: Catalog.State(), reducer: Catalog(), middleware: [events.middleware])
    return (store, events)
  }

  @Test func theSameValueTwiceFiresTwice() {
    let (store, events) = makeStore()
    let showDetail = events.event { action in
      if case .select(let item) = action { item } else { nil }
    }
    var shown: [String] = []
    let token = showDetail.observe { shown.append($0) }
    store.send(.select("hello"))
    store.send(.select("hello"))
    store.send(.loadFailed("x"))
    store.send(.select("world"))
    #expect(shown == ["hello", "hello", "world"])
    withExtendedLifetime(token) {}
  }

  @Test func anEventFiresAfterTheReducerWithTheNewState() {
    let (store, events) = makeStore()
    let failed = events.event { action, state in
      if case .loadFailed = action { state.error } else { nil }
    }
    var messages: [String?] = []
    let token = failed.observe { message in
      messages.append(message)
      #expect(store.state.error == message)
    }
    store.send(.retry)
    #expect(messages == ["offline"])
    withExtendedLifetime(token) {}
  }

  @Test func eventsFromChainedActionsFireInOrder() {
    let (store, events) = makeStore()
    let all: OutputEvent<Catalog.Action> = events.event { $0 }
    var seen: [Catalog.Action] = []
    let token = all.observe { seen.append($0) }
    store.send(.retry)
    #expect(seen == [.retry, .loadFailed("offline")])
    withExtendedLifetime(token) {}
  }

  @Test func anOwnedObserverLivesAsLongAsItsOwner() {
    let (store, events) = makeStore()
    let showDetail = events.event { action in
      if case .select(let item) = action { item } else { nil }
    }
    var owner: Owner? = Owner()
    var shown: [String] = []
    showDetail.observe(owner: owner!) { _, item in shown.append(item) }
    store.send(.select("a"))
    owner = nil
    store.send(.select("b"))
    #expect(shown == ["a"])
    #expect(!showDetail.hasObservers)
  }

  @Test func cancelledObserversAreNotCalled() {
    let (store, events) = makeStore()
    let showDetail = events.event { action in
      if case .select(let item) = action { item } else { nil }
    }
    var shown: [String] = []
    let token = showDetail.observe { shown.append($0) }
    token.cancel()
    store.send(.select("a"))
    #expect(shown.isEmpty)
  }

  @Test func releasedEventsStopReceivingActions() {
    let (store, events) = makeStore()
    var showDetail: OutputEvent<String>? = events.event { action in
      if case .select(let item) = action { item } else { nil }
    }
    weak let weakEvent = showDetail
    #expect(events.eventCount == 1)
    showDetail = nil
    #expect(weakEvent == nil)
    store.send(.select("a"))
    #expect(events.eventCount == 0)
  }

  @Test func mapTransformsEveryEvent() {
    let (store, events) = makeStore()
    let lengths = events.event { action in
      if case .select(let item) = action { item } else { nil }
    }
    .map(\.count)
    var seen: [Int] = []
    let token = lengths.observe { seen.append($0) }
    store.send(.select("abc"))
    store.send(.select("abc"))
    #expect(seen == [3, 3])
    withExtendedLifetime(token) {}
  }

  @Test func neverNeverFires() {
    let (store, _) = makeStore()
    let never = OutputEvent<String>.never()
    var fired = false
    let token = never.observe { _ in fired = true }
    store.send(.select("a"))
    #expect(!fired)
    withExtendedLifetime(token) {}
  }

  @Test func valuesStreamEveryEvent() async {
    let (store, events) = makeStore()
    let showDetail = events.event { action in
      if case .select(let item) = action { item } else { nil }
    }
    var values = showDetail.values().makeAsyncIterator()
    store.send(.select("a"))
    store.send(.select("a"))
    #expect(await values.next() == "a")
    #expect(await values.next() == "a")
  }
}

/// Events of a child feature, typed as the child's store, for a view model on a scoped store.
@MainActor
@Suite struct ScopedActionEventsTests {
  struct App: Reducer {
    struct State: Equatable {
      var profile = Profile.State()
      var title = ""
    }
    enum Action: Equatable {
      case profile(Profile.Action)
      case setTitle(String)
      static let profileCase = ActionCase(embed: Action.profile) {
        if case .profile(let action) = $0 { action } else { nil }
      }
    }
    var body: some Reducer<State, Action> {
      Scope(state: \.profile, action: Action.profileCase) { Profile() }
      Reduce { state, action in
        if case .setTitle(let title) = action { state.title = title }
        return .none
      }
    }
  }

  @Test func aChildsEventsFireForItsActionsWithItsStateAndLiveAsLongAsTheirEvents() {
    let events = ActionEvents<App.State, App.Action>()
    let store = Store(initialState: App.State(), reducer: App(), middleware: [events.middleware])

    let profileEvents = events.scope(state: \.profile, action: App.Action.profileCase)
    let renamed: OutputEvent<String> = profileEvents.event { action in
      if case .rename(let name) = action { name } else { nil }
    }
    let aged: OutputEvent<Int> = profileEvents.event { action, state in
      if case .birthday = action { state.age } else { nil }
    }
    var seen: [String] = []
    let tokens = [
      renamed.observe { seen.append("renamed \($0)") }, aged.observe { seen.append("aged \($0)") },
    ]
    let profileStore = store.scope(state: \.profile, action: App.Action.profileCase)
    // The events live as long as what holds them: a view model, here this scope.
    withExtendedLifetime((renamed, aged, tokens)) {
      profileStore.send(.rename("Grace"))
      store.send(.setTitle("Home"))
      store.send(.profile(.birthday))
      #expect(seen == ["renamed Grace", "aged 37"])
      #expect(events.eventCount == 1)
    }
  }

  @Test func releasingAChildsEventsReleasesItsScope() {
    let events = ActionEvents<App.State, App.Action>()
    var renamed: OutputEvent<String>? = events.scope(state: \.profile, action: App.Action.profileCase)
      .event { action in if case .rename(let name) = action { name } else { nil } }
    #expect(events.eventCount == 1)
    #expect(renamed != nil)
    renamed = nil
    #expect(events.eventCount == 0)
  }
}
