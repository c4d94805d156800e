import Uniflow
import UniflowTesting

/// A screen with a timer under one cancellation identifier, which it starts when it appears
/// if asked to, and which can close itself.
struct Ticker: Reducer {
  struct State: Equatable, Sendable, Codable {
    var name: String
    var ticks = 0
    var startsOnAppear = false
    var appearances = 0
  }
  enum Action: Equatable, Sendable, Codable {
    case startTimer
    case tick
    case close
  }
  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .startTimer:
        return timer
      case .tick:
        state.ticks += 1
        return .none
      case .close:
        return .dismiss
      }
    }
    .onAppear { state in
      state.appearances += 1
      return state.startsOnAppear ? timer : .none
    }
  }

  var timer: Effect<Action> {
    .run { [clock] send in
      while true {
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    }
    .cancellable(id: "timer", cancelInFlight: true)
  }
}

/// The answers of the destinations' confirmation.
enum Answer: Equatable, Sendable, Codable {
  case yes
  case no
}

/// Where ``Launcher`` can go: two screens of one kind, and a confirmation.
struct Route: Reducer {
  enum State: Equatable, Sendable, Codable {
    case first(Ticker.State)
    case second(Ticker.State)
    case confirm(PromptState<Answer>)

    static let firstCase = StateCase(embed: State.first) {
      if case .first(let state) = $0 { state } else { nil }
    }
    static let secondCase = StateCase(embed: State.second) {
      if case .second(let state) = $0 { state } else { nil }
    }
    static let confirmCase = StateCase(embed: State.confirm) {
      if case .confirm(let state) = $0 { state } else { nil }
    }
  }
  enum Action: Equatable, Sendable, Codable {
    case first(Ticker.Action)
    case second(Ticker.Action)
    case confirm(Answer)

    static let firstCase = ActionCase(embed: Action.first) {
      if case .first(let action) = $0 { action } else { nil }
    }
    static let secondCase = ActionCase(embed: Action.second) {
      if case .second(let action) = $0 { action } else { nil }
    }
    static let confirmCase = ActionCase(embed: Action.confirm) {
      if case .confirm(let action) = $0 { action } else { nil }
    }
  }
  let clock: TestClock

  var body: some Reducer<State, Action> {
    Scope(state: State.firstCase, action: Action.firstCase) { Ticker(clock: clock) }
    Scope(state: State.secondCase, action: Action.secondCase) { Ticker(clock: clock) }
    Scope(state: State.confirmCase, action: Action.confirmCase) { PromptReducer() }
  }
}

/// A feature with one optional destination of several kinds.
struct Launcher: Reducer {
  struct State: Equatable, Sendable, Codable {
    var destination: Route.State?
    var answers: [Answer] = []
  }
  enum Action: Equatable, Sendable, Codable {
    case show(Route.State)
    case destination(PresentationAction<Route.Action>)

    static let destinationCase = ActionCase(embed: Action.destination) {
      if case .destination(let action) = $0 { action } else { nil }
    }
  }
  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .show(let destination):
        state.destination = destination
        return .none
      case .destination(.presented(.confirm(let answer))):
        state.answers.append(answer)
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.destination, action: Action.destinationCase) { Route(clock: clock) }
  }
}

extension Ticker.State {
  /// A ticker that starts its timer when it appears.
  static func running(_ name: String) -> Self {
    Self(name: name, startsOnAppear: true)
  }
}
