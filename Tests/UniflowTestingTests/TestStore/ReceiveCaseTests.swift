import Testing
import UniflowTesting

/// A feature whose actions are not `Equatable` and carry labeled payloads, the common style.
private struct Library: Reducer {
  struct Book: Equatable, Sendable {
    var title: String
  }

  struct State: Equatable {
    var books: [Book] = []
    var moved: [Int] = []
    var failure: String?
  }

  enum Action {
    case load
    case loaded(books: [Book])
    case move
    case moved(from: Int, to: Int)
    case resized(width: Int, height: Int)
    case fail
    case failed(reason: String, code: Int)
    case cached([Book])
    case note(any Sendable)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      return .send(.loaded(books: [Book(title: "Emma")]))
    case .loaded(let books):
      state.books = books
      return .none
    case .move:
      return .send(.moved(from: 2, to: 5))
    case .moved(let from, let to), .resized(let from, let to):
      state.moved = [from, to]
      return .none
    case .fail:
      return .send(.failed(reason: "offline", code: 7))
    case .failed(let reason, _):
      state.failure = reason
      return .none
    case .cached(let books):
      state.books = books
      return .none
    case .note:
      return .none
    }
  }
}

@MainActor
@Suite struct ReceiveCaseTests {
  @Test func aCaseWithOneLabeledPayloadIsReceivedByCase() async {
    let store = TestStore(initialState: Library.State(), reducer: Library())
    await store.send(.load)
    await store.receive(Library.Action.loaded) { $0.books = [Library.Book(title: "Emma")] }
  }

  @Test func aCaseWithSeveralLabeledPayloadsIsReceivedByCase() async {
    let store = TestStore(initialState: Library.State(), reducer: Library())
    await store.send(.move)
    await store.receive(Library.Action.moved) { $0.moved = [2, 5] }
    await store.send(.fail)
    await store.receive(Library.Action.failed) { $0.failure = "offline" }
  }

  @Test func anUnlabeledPayloadIsStillReceivedByCase() async {
    let store = TestStore(initialState: Library.State(), reducer: Library())
    await store.send(.cached([Library.Book(title: "Persuasion")])) {
      $0.books = [Library.Book(title: "Persuasion")]
    }
    await store.send(.load)
    await store.receive(Library.Action.loaded) { $0.books = [Library.Book(title: "Emma")] }
  }

  @Test func anotherCaseWithTheSamePayloadTypeIsNotTheCase() async {
    let store = TestStore(initialState: Library.State(), reducer: Library())
    await store.send(.load)
    await expectFailure(
      "Received an unexpected action:",
      "expected: an action of case Library.Action.cached(_:)",
      "received: .loaded(books: [Library.Book(title: \"Emma\")])"
    ) {
      await store.receive(Library.Action.cached)
    }
  }

  @Test func aFailureNamesTheExpectedLabeledCase() async {
    let store = TestStore(initialState: Library.State(), reducer: Library())
    await store.send(.move)
    await expectFailure(
      "expected: an action of case Library.Action.loaded(books:)",
      "received: .moved(from: 2, to: 5)"
    ) {
      await store.receive(Library.Action.loaded)
    }
  }

  @Test func aFailureNamesTheExpectedCaseFromAReceivedPayloadOfItsType() async {
    let store = TestStore(initialState: Library.State(), reducer: Library())
    await store.send(.move)
    await expectFailure(
      "expected: an action of case Library.Action.resized(width:height:)",
      "received: .moved(from: 2, to: 5)"
    ) {
      await store.receive(Library.Action.resized)
    }
  }

  @Test func aFailureWithoutANameableCaseNamesThePayloadType() async {
    let store = TestStore(initialState: Library.State(), reducer: Library())
    await store.send(.fail)
    await expectFailure(
      "expected: an action of the given case of Library.Action, with a payload of type (Int, Int)",
      "received: .failed(reason: \"offline\", code: 7)"
    ) {
      await store.receive(Library.Action.moved)
    }
  }
}
