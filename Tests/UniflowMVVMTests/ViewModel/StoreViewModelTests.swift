import Testing
import UniflowMVVM
import UniflowTestSupport

/// A view model over ``Profile``: two outputs, two inputs.
final class ProfileViewModel: StoreViewModel<Profile.State, Profile.Action> {
  struct Input {
    let rename: InputAction<String>
    let birthday: InputAction<Void>
  }

  struct Output {
    let name: OutputValue<String>
    let summary: OutputValue<String>
  }

  let input: Input
  let output: Output

  override init(store: Store<Profile.State, Profile.Action>) {
    input = Input(
      rename: InputAction(store: store, action: Profile.Action.rename),
      birthday: InputAction(store: store, action: .birthday))
    output = Output(
      name: OutputValue.selecting(\.name, in: store),
      summary: OutputValue.selecting({ "\($0.name), \($0.age)" }, in: store))
    super.init(store: store)
  }
}

/// A feature with long-lived work: it binds a stream of numbers into its state.
struct Ticker: Reducer {
  struct State: Equatable {
    var latest: Int?
    var received = 0
  }

  enum Action: Equatable {
    case bind
    case received(Int)
  }

  let numbers: @Sendable () -> AsyncStream<Int>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .bind:
      return .run { [numbers] send in
        for await number in numbers() { await send(.received(number)) }
      }
    case .received(let number):
      state.latest = number
      state.received += 1
      return .none
    }
  }
}

/// A view model that binds the ticker's stream for as long as it lives.
final class TickerViewModel: StoreViewModel<Ticker.State, Ticker.Action> {
  let latest: OutputValue<Int?>

  override init(store: Store<Ticker.State, Ticker.Action>) {
    latest = OutputValue.selecting(\.latest, in: store)
    super.init(store: store)
    startUp(.bind)
  }
}

/// A stream of numbers driven by the test, which reports when its consumer stopped.
final class NumberSource: Sendable {
  let numbers: AsyncStream<Int>
  let continuation: AsyncStream<Int>.Continuation
  /// Yields once when the consumer stops iterating (the effect was cancelled).
  let terminated: AsyncStream<Void>

  init() {
    (numbers, continuation) = AsyncStream.makeStream(of: Int.self)
    let (terminated, terminatedContinuation) = AsyncStream.makeStream(of: Void.self)
    self.terminated = terminated
    continuation.onTermination = { _ in
      terminatedContinuation.yield()
      terminatedContinuation.finish()
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct StoreViewModelTests {
  @Test func inputsSendActionsAndOutputsFollowTheState() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let viewModel = ProfileViewModel(store: store)
    var summaries: [String] = []
    let token = viewModel.output.summary.observe { summaries.append($0) }
    viewModel.input.rename("Grace")
    viewModel.input.birthday()
    #expect(viewModel.output.name.value == "Grace")
    #expect(summaries == ["Grace, 36", "Grace, 37"])
    withExtendedLifetime(token) {}
  }

  @Test func inputsAndOutputsHaveOneSpellingThatWorksBeforeSuperInit() async throws {
    let source = """
      import UniflowMVVM

      struct Profile: Reducer {
        struct State: Equatable { var name = "Ada" }
        enum Action { case rename(String), clear }
        func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
      }

      final class ProfileViewModel: StoreViewModel<Profile.State, Profile.Action> {
        let name: OutputValue<String>
        let rename: InputAction<String>
        let clear: InputAction<Void>
        override init(store: Store<Profile.State, Profile.Action>) {
          name = OutputValue.selecting(\\.name, in: store)
          rename = InputAction(store: store, action: Profile.Action.rename)
          clear = InputAction(store: store, action: .clear)
          super.init(store: store)
        }
      }

      @MainActor func secondSpelling(_ viewModel: ProfileViewModel) {
        _ = viewModel.output(\\.name)
      }
      """
    // The documented spelling compiles; the second one, `viewModel.output(\.name)`, is gone.
    let diagnostics = try await compilerDiagnostics(for: source)
    #expect(diagnostics.first == "22:17: error: value of type 'ProfileViewModel' has no member 'output'")
    #expect(diagnostics.allSatisfy { $0.hasPrefix("22:") })
  }

  @Test func releasingTheViewModelEndsItsSubscriptionsAndLeaksNothing() {
    var store: Store<Profile.State, Profile.Action>? = Store(
      initialState: Profile.State(), reducer: Profile())
    weak let weakStore = store
    var viewModel: ProfileViewModel? = ProfileViewModel(store: store!)
    weak let weakViewModel = viewModel
    weak let weakOutput = viewModel?.output.name
    let token = viewModel!.output.name.observe { _ in }
    #expect(store!.observedSelectionCount == 2)

    viewModel = nil
    #expect(weakViewModel == nil)
    #expect(weakOutput == nil)
    store!.send(.visit)
    #expect(store!.observedSelectionCount == 0)

    store = nil
    #expect(weakStore == nil)
    withExtendedLifetime(token) {}
  }

  @Test func aViewModelOwningItsStoreReleasesIt() {
    var viewModel: ProfileViewModel? = ProfileViewModel(
      store: Store(initialState: Profile.State(), reducer: Profile()))
    weak let weakStore = viewModel?.store
    weak let weakViewModel = viewModel
    viewModel?.input.birthday()
    viewModel = nil
    #expect(weakViewModel == nil)
    #expect(weakStore == nil)
  }

  @Test func aViewModelOnAChildStoreSendsThroughTheRoot() {
    struct Parent: Reducer {
      struct State: Equatable { var profile = Profile.State() }
      enum Action: Equatable { case profile(Profile.Action) }
      var body: some Reducer<State, Action> {
        Scope(
          state: \.profile,
          action: ActionCase(embed: Action.profile) {
            if case .profile(let action) = $0 { action } else { nil }
          }
        ) {
          Profile()
        }
      }
    }
    var seen: [Parent.Action] = []
    let root = Store(
      initialState: Parent.State(), reducer: Parent(),
      middleware: [Middleware { action, _, _ in seen.append(action) }])
    var viewModel: ProfileViewModel? = ProfileViewModel(
      store: root.scope(state: \.profile, action: ActionCase(Parent.Action.profile)))
    weak let weakViewModel = viewModel
    viewModel?.input.rename("Grace")
    #expect(viewModel?.output.name.value == "Grace")
    #expect(seen == [.profile(.rename("Grace"))])
    viewModel = nil
    #expect(weakViewModel == nil)
    root.send(.profile(.visit))
    #expect(root.observedSelectionCount == 0)
  }

  @Test func startUpWorkRunsWhileTheViewModelLives() async {
    let source = NumberSource()
    let store = Store(initialState: Ticker.State(), reducer: Ticker { source.numbers })
    let viewModel = TickerViewModel(store: store)
    var received: [Int?] = []
    let token = viewModel.latest.observe { received.append($0) }
    let gate = AsyncStream.makeStream(of: Void.self)
    let gateToken = viewModel.latest.observe { _ in gate.continuation.yield() }
    var arrivals = gate.stream.makeAsyncIterator()

    source.continuation.yield(1)
    _ = await arrivals.next()
    source.continuation.yield(2)
    _ = await arrivals.next()
    #expect(received == [1, 2])
    #expect(store.runningEffectCount == 1)
    withExtendedLifetime((token, gateToken)) {}
  }

  @Test func releasingTheViewModelStopsItsStartUpWork() async {
    let source = NumberSource()
    // The root store outlives the view model: only the view model's release can stop the work.
    let store = Store(initialState: Ticker.State(), reducer: Ticker { source.numbers })
    var viewModel: TickerViewModel? = TickerViewModel(store: store)
    weak let weakViewModel = viewModel
    let gate = AsyncStream.makeStream(of: Void.self)
    let gateToken = viewModel!.latest.observe { _ in gate.continuation.yield() }
    var arrivals = gate.stream.makeAsyncIterator()
    source.continuation.yield(1)
    _ = await arrivals.next()
    #expect(store.state.received == 1)

    viewModel = nil
    #expect(weakViewModel == nil)
    var terminations = source.terminated.makeAsyncIterator()
    _ = await terminations.next()  // the bound stream's consumer stopped
    // Nobody reads the source any more: a later number can reach nothing.
    guard case .terminated = source.continuation.yield(2) else {
      Issue.record("the source still takes numbers after the view model was released")
      return
    }
    #expect(store.state.received == 1)
    withExtendedLifetime(gateToken) {}
  }

  @Test func startUpWorkCanBeAwaitedAndCancelledEarly() async {
    let source = NumberSource()
    let store = Store(initialState: Ticker.State(), reducer: Ticker { source.numbers })
    let viewModel = StoreViewModel(store: store)
    let task = viewModel.startUp(.bind)
    #expect(!task.isFinished)
    task.cancel()
    await task.finish()
    #expect(task.isFinished)
    #expect(store.runningEffectCount == 0)
  }

  @Test func anInputReturnsTheTaskOfTheEffectsItStarted() async {
    let source = NumberSource()
    let store = Store(initialState: Ticker.State(), reducer: Ticker { source.numbers })
    let bind = InputAction(store: store, action: Ticker.Action.bind)
    let task = bind()
    source.continuation.yield(7)
    source.continuation.finish()
    await task.finish()
    #expect(store.state.latest == 7)
  }
}

/// A view model's two-way bindings, on a root store and on a scoped one.
@MainActor
@Suite struct StoreViewModelBindingTests {
  @Test func aViewModelsBindingReadsItsStoreAndSetsThroughAnAction() {
    let store = Store(initialState: Profile.State(), reducer: Profile())
    let viewModel = ProfileViewModel(store: store)

    let name = viewModel.binding(\.name, send: Profile.Action.rename)
    name.value = "Grace"

    #expect(name.value == "Grace")
    #expect(store.state.name == "Grace")
  }

  @Test func aViewModelOnAScopedStoreBindsThroughTheRoot() {
    struct Root: Reducer {
      struct State: Equatable { var profile = Profile.State() }
      enum Action: Equatable { case profile(Profile.Action) }
      var body: some Reducer<State, Action> {
        Scope(
          state: \.profile,
          action: ActionCase(embed: Action.profile) { if case .profile(let a) = $0 { a } else { nil } }
        ) { Profile() }
      }
    }
    let seen = LockIsolated<[Root.Action]>([])
    let root = Store(
      initialState: Root.State(), reducer: Root(),
      middleware: [Middleware { action, _, _ in seen.withLock { $0.append(action) } }])
    let viewModel = ProfileViewModel(store: root.scope(state: \.profile, action: ActionCase(Root.Action.profile)))
    let name = viewModel.binding(\.name, send: Profile.Action.rename)
    name.value = "Grace"
    #expect(seen.current == [.profile(.rename("Grace"))])
    #expect(root.state.profile.name == "Grace")
  }
}
