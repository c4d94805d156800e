import Testing
import UniflowMVVM

// The MVVM article's view model — a list of content the user can reload and select from — on a
// store: reload becomes an action whose effect asks the service, the content is state, and
// "show detail" is an event derived from the select action.

protocol ContentService: Sendable {
  func fetchContent() async throws -> [String]
}

struct Content: Reducer {
  struct State: Equatable {
    var content: [String] = []
    var isLoading = false
  }

  enum Action: Equatable {
    case reload
    case loaded([String])
    case select(String)
  }

  let service: any ContentService

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .reload:
      state.isLoading = true
      return .run { [service] send in
        await send(.loaded(try await service.fetchContent()))
      }
    case .loaded(let content):
      state.isLoading = false
      state.content = content
      return .none
    case .select:
      return .none
    }
  }
}

final class ContentViewModel: StoreViewModel<Content.State, Content.Action> {
  struct Input {
    let reload: InputAction<Void>
    let selectContent: InputAction<String>
  }

  struct Output {
    let content: OutputValue<[String]>
    let isLoading: OutputValue<Bool>
    let showDetail: OutputEvent<String>
  }

  let input: Input
  let output: Output

  override init(store: StoreOf<Content>) {
    input = Input(
      reload: InputAction(store: store, action: .reload),
      selectContent: InputAction(store: store, action: Content.Action.select))
    output = Output(
      content: OutputValue.selecting(\.content, in: store),
      isLoading: OutputValue.selecting(\.isLoading, in: store),
      showDetail: OutputEvent.extracting(in: store) { action in
        if case .select(let content) = action { content } else { nil }
      })
    super.init(store: store)
  }
}

private struct FixedContent: ContentService {
  func fetchContent() async throws -> [String] { ["hello", "world"] }
}

@MainActor
@Suite struct ContentListExampleTests {
  @Test func reloadShowsTheContentAndSelectShowsTheDetail() async {
    let store = Store(initialState: Content.State(), reducer: Content(service: FixedContent()))
    let viewModel = ContentViewModel(store: store)
    let observer = Owner()

    var log: [String] = []
    viewModel.output.content.observe(owner: observer) { _, content in
      log.append("content \(content)")
    }
    viewModel.output.showDetail.observe(owner: observer) { _, content in
      log.append("show detail for \(content)")
    }

    let reload = viewModel.input.reload()
    #expect(viewModel.output.isLoading.value)
    await reload.finish()
    viewModel.input.selectContent("hello")
    viewModel.input.selectContent("hello")

    #expect(
      log == [
        "content [\"hello\", \"world\"]", "show detail for hello", "show detail for hello",
      ])
    #expect(!viewModel.output.isLoading.value)
  }
}
