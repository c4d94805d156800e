import Testing
import Uniflow
import UniflowTesting

/// Random sequences of presenting, switching and dismissing the cases of an enum of
/// destinations, each of which loads once when it appears, with the user faster than the loads.
@MainActor
@Suite struct DestinationPropertyTests {
  /// A screen that loads its contents when it appears, a second later.
  struct Loader: Reducer {
    struct State: Equatable {
      var name: String
      var loads = 0
      var loaded: String?
    }
    enum Action: Equatable {
      case loaded(String)
      case close
    }
    let clock: TestClock

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .loaded(let name):
          state.loads += 1
          state.loaded = name
          return .none
        case .close:
          return .dismiss
        }
      }
      .onAppear { [clock] state in
        .run { [name = state.name] send in
          try await clock.sleep(for: .seconds(1))
          await send(.loaded(name))
        }
      }
    }
  }

  struct Screens: Reducer {
    enum State: Equatable {
      case first(Loader.State)
      case second(Loader.State)

      static let firstCase = StateCase(embed: State.first) {
        if case .first(let state) = $0 { state } else { nil }
      }
      static let secondCase = StateCase(embed: State.second) {
        if case .second(let state) = $0 { state } else { nil }
      }

      var screen: Loader.State {
        switch self {
        case .first(let state), .second(let state): state
        }
      }
    }
    enum Action: Equatable {
      case first(Loader.Action)
      case second(Loader.Action)

      static let firstCase = ActionCase(embed: Action.first) {
        if case .first(let action) = $0 { action } else { nil }
      }
      static let secondCase = ActionCase(embed: Action.second) {
        if case .second(let action) = $0 { action } else { nil }
      }
    }
    let clock: TestClock

    var body: some Reducer<State, Action> {
      Scope(state: State.firstCase, action: Action.firstCase) { Loader(clock: clock) }
      Scope(state: State.secondCase, action: Action.secondCase) { Loader(clock: clock) }
    }
  }

  struct Host: Reducer {
    struct State: Equatable {
      var destination: Screens.State?
    }
    enum Action: Equatable {
      case show(Screens.State)
      case close
      case destination(PresentationAction<Screens.Action>)

      static let destinationCase = ActionCase(embed: Action.destination) {
        if case .destination(let action) = $0 { action } else { nil }
      }
    }
    let clock: TestClock

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .show(let screen): state.destination = screen
        case .close: state.destination = nil
        case .destination: break
        }
        return .none
      }
      .ifLet(\.destination, action: Action.destinationCase) { Screens(clock: clock) }
    }
  }

  /// Switching cases while a load is on its way cancels it: a screen never receives another
  /// screen's load, nor two loads.
  @Test func eachShownScreenLoadsOnceAndOnlyWhatItAskedFor() async {
    let failure = await checkProperties(
      of: { clock in Host(clock: clock) },
      initialState: Host.State(),
      actions: { state in
        let show: [Generator<Host.Action>] = [
          .constant(.show(.first(Loader.State(name: "a")))),
          .constant(.show(.second(Loader.State(name: "b")))),
        ]
        // Dismissals only while something is shown: a dismissal of nothing is a diagnostic.
        guard state.destination != nil else { return .one(of: show) }
        return .one(
          of: show + [
            .constant(.close),
            .constant(.destination(.dismiss)),
            .constant(.destination(.presented(.first(.close)))),
            .constant(.destination(.presented(.second(.close)))),
          ])
      },
      properties: [
        .invariant("a screen loads at most once") { ($0.destination?.screen.loads ?? 0) <= 1 },
        .invariant("a screen shows only what it loaded") { state in
          guard let screen = state.destination?.screen, let loaded = screen.loaded else { return true }
          return loaded == screen.name
        },
      ],
      timeBetweenActions: Generator.int(in: 0...1_500).map { .milliseconds($0) },
      sequences: 60, length: 30, seed: 39)
    #expect(failure == nil)
  }
}
