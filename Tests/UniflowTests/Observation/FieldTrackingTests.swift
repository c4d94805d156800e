import Observation
import Testing
@_spi(Testing) import Uniflow

/// A board of cards: `Equatable` fields, a part that is not `Equatable`, a list, an optional
/// selected card and a stack of cards, each reduced in place so that every kind of child store
/// can be scoped from it.
private struct Board: Reducer {
  struct Card: Identifiable, Equatable {
    let id: Int
    var title: String
    var votes = 0
  }

  /// A part with no `Equatable` conformance: the store cannot tell whether it changed.
  struct Loose {
    var note = ""
  }

  struct Lists: Equatable {
    var cards: IdentifiedArray<Card> = []
    var filter = ""
  }

  struct State {
    var title = "Board"
    var count = 0
    var loose = Loose()
    var lists = Lists()
    var selected: Card?
    var path = StackState<Card>()
  }

  enum CardAction {
    case rename(String)
    case vote
  }

  enum Action {
    case rename(String)
    case increment
    case touchLoose
    case filter(String)
    case add(Card)
    case remove(Int)
    case clear
    case select(Card?)
    case push(Card)
    case card(IdentifiedAction<Int, CardAction>)
    case selected(CardAction)
    case path(StackAction<Card, CardAction>)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rename(let title): state.title = title
    case .increment: state.count += 1
    case .touchLoose: state.loose.note += "."
    case .filter(let filter): state.lists.filter = filter
    case .add(let card): state.lists.cards.append(card)
    case .remove(let id): state.lists.cards.remove(id: id)
    case .clear: state.lists.cards = []
    case .select(let card): state.selected = card
    case .push(let card): _ = state.path.append(card)
    case .card(.element(let id, let action)):
      if var card = state.lists.cards[id: id] {
        Self.apply(action, to: &card)
        state.lists.cards[id: id] = card
      }
    case .selected(let action):
      if var card = state.selected {
        Self.apply(action, to: &card)
        state.selected = card
      }
    case .path(.element(let id, let action)):
      _ = state.path.modify(id: id) { Self.apply(action, to: &$0) }
    case .path(.push(let card)):
      _ = state.path.append(card)
    case .path(.popFrom(let id)):
      _ = state.path.pop(from: id)
    }
    return .none
  }

  static func apply(_ action: CardAction, to card: inout Card) {
    switch action {
    case .rename(let title): card.title = title
    case .vote: card.votes += 1
    }
  }

  static func withCards(_ count: Int) -> State {
    var state = State()
    state.lists.cards = IdentifiedArray(
      uniqueElements: (0..<count).map { Card(id: $0, title: "card \($0)") })
    return state
  }
}

/// Reading one field of a store inside `withObservationTracking` (as a SwiftUI view body does)
/// is told when that field changes, and only then.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct FieldTrackingTests {
  private func makeStore(cards: Int = 3) -> StoreOf<Board> {
    Store(initialState: Board.withCards(cards), reducer: Board())
  }

  @Test func aRootStoreFieldIsToldOfItsOwnChangesOnly() {
    let store = makeStore()
    let titleFired = track { _ = store.title }
    let countFired = track { _ = store.count }

    store.send(.increment)
    #expect(titleFired.value == 0)
    #expect(countFired.value == 1)
    // A send that changes nothing read tells nobody.
    store.send(.rename("Board"))
    #expect(titleFired.value == 0)
    store.send(.rename("Plans"))
    #expect(titleFired.value == 1)
  }

  @Test func readingTheWholeStateIsStillToldOfEveryAction() {
    let store = makeStore()
    let fired = track { _ = store.state.title }
    store.send(.increment)
    #expect(fired.value == 1)
  }

  @Test func trackingIsOneShotAndReArmedByTheNextRead() {
    let store = makeStore()
    let first = track { _ = store.count }
    store.send(.increment)
    store.send(.increment)
    #expect(first.value == 1)
    // Told once; nothing read the count since, so the action after dropped its entry.
    #expect(store.trackedPartCount == 0)
    let second = track { _ = store.count }
    #expect(store.trackedPartCount == 1)
    store.send(.increment)
    #expect(second.value == 1)
    #expect(first.value == 1)
  }

  @Test func aScopeThatReadsAgainRightAfterAChangeIsToldOfTheNextChangeOnly() {
    let store = makeStore()
    let first = track { _ = store.count }
    store.send(.increment)
    #expect(first.value == 1)
    // Read again before another action, as a view re-rendered at once does: the entry told
    // is armed again, with the count read now.
    let second = track { _ = store.count }
    store.send(.rename("Plans"))
    #expect(second.value == 0)
    store.send(.increment)
    #expect(second.value == 1)
    #expect(first.value == 1)
    #expect(store.count == 2)
  }

  @Test func aScopeThatStopsReadingAFieldIsNoLongerToldOfIt() {
    let store = makeStore()
    let fired = SharedCounter()
    var readsCount = true
    // A view that re-renders on each change, reading the count the first time only.
    func render() {
      withObservationTracking {
        if readsCount { _ = store.count } else { _ = store.title }
      } onChange: {
        fired.increment()
      }
    }
    render()
    store.send(.increment)
    #expect(fired.value == 1)
    readsCount = false
    render()
    store.send(.increment)
    #expect(fired.value == 1)
    store.send(.rename("Plans"))
    #expect(fired.value == 2)
  }

  @Test func aNestedReadTracksTheLeafOnly() {
    let store = makeStore()
    let titleFired = track { _ = store[\.lists.cards[id: 1]?.title] }
    let countFired = track { _ = store[\.lists.cards.count] }
    let listsFired = track { _ = store.lists }

    store.send(.card(.element(id: 1, action: .vote)))
    #expect(titleFired.value == 0)
    #expect(countFired.value == 0)
    #expect(listsFired.value == 1)

    store.send(.card(.element(id: 1, action: .rename("first"))))
    #expect(titleFired.value == 1)
    #expect(countFired.value == 0)
  }

  @Test func aCollectionsCountIsToldWhenTheCountChanges() {
    let store = makeStore()
    let countFired = track { _ = store[\.lists.cards.count] }
    store.send(.card(.element(id: 0, action: .rename("zero"))))
    store.send(.filter("z"))
    #expect(countFired.value == 0)
    store.send(.add(Board.Card(id: 9, title: "nine")))
    #expect(countFired.value == 1)
  }

  @Test func aPartThatIsNotEquatableIsToldOfEveryAction() {
    let store = makeStore()
    // Without `Equatable` the store cannot tell whether the part changed: it says it may have.
    let looseFired = track { _ = store.loose }
    // An `Equatable` part read through it is compared with `==`.
    let noteFired = track { _ = store[\.loose.note] }
    store.send(.increment)
    #expect(looseFired.value == 1)
    #expect(noteFired.value == 0)
    store.send(.touchLoose)
    #expect(noteFired.value == 1)
  }

  @Test func aScopeToldOfAChangeCanReadTheStoreAgainAtOnce() {
    let store = makeStore()
    let seen = LockIsolated<[Int]>([])
    let fired = SharedCounter()
    withObservationTracking {
      seen.withLock { $0.append(store.count) }
    } onChange: {
      fired.increment()
      // Read during the notification (which runs on the main actor, within the send): the
      // store answers, and the read counts for the next change.
      MainActor.assumeIsolated {
        withObservationTracking {
          seen.withLock { $0.append(store.count) }
        } onChange: {
          fired.increment()
        }
      }
    }
    store.send(.increment)
    #expect(fired.value == 1)
    #expect(store.trackedPartCount == 1)
    store.send(.rename("Plans"))
    #expect(fired.value == 1)
    store.send(.increment)
    #expect(fired.value == 2)
    #expect(seen.withLock { $0 } == [0, 1])
  }

  @Test func aSendFromANotificationIsProcessedAfterIt() {
    let store = makeStore()
    let fired = SharedCounter()
    withObservationTracking {
      _ = store.count
    } onChange: {
      fired.increment()
      MainActor.assumeIsolated { _ = store.send(.rename("after")) }
    }
    let titleFired = track { _ = store.title }
    store.send(.increment)
    #expect(fired.value == 1)
    #expect(titleFired.value == 1)
    #expect(store.title == "after")
  }

  @Test func aPlainChildStoreFieldIsToldOfItsOwnChangesOnly() {
    let store = makeStore()
    let lists = store.scope(state: \.lists, action: ActionCase({ (_: Never) -> Board.Action in }))
    let filterFired = track { _ = lists.filter }
    let countFired = track { _ = lists[\.cards.count] }
    store.send(.card(.element(id: 0, action: .vote)))
    store.send(.increment)
    #expect(filterFired.value == 0)
    #expect(countFired.value == 0)
    store.send(.filter("x"))
    #expect(filterFired.value == 1)
    #expect(countFired.value == 0)
    store.send(.remove(0))
    #expect(countFired.value == 1)
  }

  @Test func aChildOfAPartThatIsNotEquatableComparesItsFields() {
    let store = makeStore()
    let loose = store.scope(state: \.loose, action: ActionCase({ (_: Never) -> Board.Action in }))
    let wholeFired = track { _ = loose.state }
    let noteFired = track { _ = loose.note }
    store.send(.increment)
    #expect(wholeFired.value == 1)
    #expect(noteFired.value == 0)
    store.send(.touchLoose)
    #expect(noteFired.value == 1)
  }

  @Test func aChildStoreReaderToldOfAChangeCanReadAgainAtOnce() throws {
    let store = makeStore()
    let row = try #require(store.scope(id: 1, in: \.lists.cards, action: ActionCase(Board.Action.card)))
    let fired = SharedCounter()
    withObservationTracking {
      _ = row.votes
    } onChange: {
      fired.increment()
      // Read during the notification: it counts for the row's next change.
      MainActor.assumeIsolated {
        withObservationTracking {
          _ = row.votes
        } onChange: {
          fired.increment()
        }
      }
    }
    row.send(.vote)
    #expect(fired.value == 1)
    row.send(.rename("one"))
    #expect(fired.value == 1)
    row.send(.vote)
    #expect(fired.value == 2)
  }

  @Test func aRowStoreFieldIsToldOfItsOwnChangesOnly() throws {
    let store = makeStore()
    let row = try #require(store.scope(id: 1, in: \.lists.cards, action: ActionCase(Board.Action.card)))
    let titleFired = track { _ = row.title }
    let votesFired = track { _ = row.votes }
    row.send(.vote)
    store.send(.card(.element(id: 2, action: .rename("two"))))
    #expect(titleFired.value == 0)
    #expect(votesFired.value == 1)
    row.send(.rename("one"))
    #expect(titleFired.value == 1)
    // The row goes: its store answers with the last row, which did not change.
    let afterRemoval = track { _ = row.title }
    store.send(.remove(1))
    #expect(afterRemoval.value == 0)
    #expect(row.title == "one")
  }

  @Test func anOptionalChildStoreFieldIsToldOfItsOwnChangesOnly() throws {
    let store = makeStore()
    store.send(.select(Board.Card(id: 7, title: "seven")))
    let selected = try #require(store.scope(state: \.selected, action: ActionCase(Board.Action.selected)))
    let titleFired = track { _ = selected.title }
    let votesFired = track { _ = selected.votes }
    selected.send(.vote)
    store.send(.increment)
    #expect(titleFired.value == 0)
    #expect(votesFired.value == 1)
    selected.send(.rename("Seven"))
    #expect(titleFired.value == 1)
    let afterDismissal = track { _ = selected.title }
    store.send(.select(nil))
    #expect(afterDismissal.value == 0)
    #expect(selected.title == "Seven")
  }

  @Test func aStackElementStoreFieldIsToldOfItsOwnChangesOnly() throws {
    let store = makeStore()
    store.send(.push(Board.Card(id: 1, title: "bottom")))
    store.send(.push(Board.Card(id: 2, title: "top")))
    let ids = store[\.path.ids]
    let bottom = try #require(store.scope(id: ids[0], in: \.path, action: ActionCase(Board.Action.path)))
    let top = try #require(store.scope(id: ids[1], in: \.path, action: ActionCase(Board.Action.path)))
    let bottomFired = track { _ = bottom.title }
    let topTitleFired = track { _ = top.title }
    let topVotesFired = track { _ = top.votes }
    top.send(.vote)
    #expect(bottomFired.value == 0)
    #expect(topTitleFired.value == 0)
    #expect(topVotesFired.value == 1)
    bottom.send(.rename("Bottom"))
    #expect(bottomFired.value == 1)
    #expect(topTitleFired.value == 0)
  }

  @Test func scopingToAnOptionalChildTracksWhetherItIsThere() throws {
    let store = makeStore()
    store.send(.select(Board.Card(id: 7, title: "seven")))
    let fired = track {
      _ = store.scope(state: \.selected, action: ActionCase(Board.Action.selected))
    }
    store.send(.selected(.vote))
    store.send(.selected(.rename("Seven")))
    #expect(fired.value == 0)
    store.send(.select(nil))
    #expect(fired.value == 1)
  }

  @Test func theStoresOfEveryRowTrackTheIdentifiersOnly() {
    let store = makeStore()
    let fired = track {
      _ = store.scope(forEach: \.lists.cards, action: ActionCase(Board.Action.card))
    }
    store.send(.card(.element(id: 1, action: .rename("one"))))
    store.send(.increment)
    #expect(fired.value == 0)
    store.send(.add(Board.Card(id: 9, title: "nine")))
    #expect(fired.value == 1)
  }

  @Test func theStoresOfEveryScreenTrackTheIdentifiersOnly() {
    let store = makeStore()
    store.send(.push(Board.Card(id: 1, title: "bottom")))
    let fired = track {
      _ = store.scope(forEach: \.path, action: ActionCase(Board.Action.path))
    }
    let top = store[\.path.ids][0]
    store.send(.path(.element(id: top, action: .vote)))
    store.send(.increment)
    #expect(fired.value == 0)
    store.send(.push(Board.Card(id: 2, title: "top")))
    #expect(fired.value == 1)
  }

  @Test func releasedTrackedRowStoresLeaveNothingInTheRegistry() throws {
    let store = makeStore(cards: 10_000)
    let sizeBefore = store.observerRegistrySize
    var rows: [Store<Board.Card, Board.CardAction>] = []
    var fired: [SharedCounter] = []
    for id in 0..<10_000 {
      let row = try #require(store.scope(id: id, in: \.lists.cards, action: ActionCase(Board.Action.card)))
      fired.append(track { _ = row.title })
      rows.append(row)
    }
    #expect(store.observerRegistrySize == sizeBefore + 10_000)
    rows[5].send(.rename("five"))
    #expect(fired[5].value == 1)
    #expect(fired.reduce(0) { $0 + $1.value } == 1)

    rows = []
    // The store drops what released stores left at its next action.
    store.send(.increment)
    #expect(store.observerRegistrySize == sizeBefore)
    // What is left is each row's presence, which scoping to the row read: it goes once the
    // row does (its entry told at that pass, dropped at the next).
    #expect(store.trackedPartCount == 10_000)
    store.send(.clear)
    store.send(.increment)
    #expect(store.trackedPartCount == 0)
  }

  @Test func tenThousandScopesReadingOneFieldMakeOneEntryGoneAtItsChange() {
    let store = makeStore()
    let sizeBefore = store.trackedPartCount
    var fired: [SharedCounter] = []
    for _ in 0..<10_000 { fired.append(track { _ = store.count }) }
    #expect(store.trackedPartCount == sizeBefore + 1)
    store.send(.increment)
    #expect(fired.allSatisfy { $0.value == 1 })
    // The told entry is kept for a re-read until the next action, which drops it.
    store.send(.rename("Plans"))
    #expect(store.trackedPartCount == sizeBefore)
  }

  @Test func removedRowsTrackedThroughTheRootLeaveNothingInTheRegistry() {
    let store = makeStore(cards: 10_000)
    let sizeBefore = store.trackedPartCount
    for id in 0..<10_000 {
      _ = track { _ = store[\.lists.cards[id: id]?.title] }
    }
    #expect(store.trackedPartCount == sizeBefore + 10_000)
    store.send(.clear)
    store.send(.increment)
    #expect(store.trackedPartCount == sizeBefore)
  }
}
