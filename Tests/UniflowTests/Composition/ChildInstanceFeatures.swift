import Uniflow
import UniflowTesting

/// A child feature with one long request, cancellable by the same identifier in every
/// instance: `"request"`.
struct Request: Reducer {
  struct State: Equatable, Identifiable {
    var id = 0
    var isDone = false
  }
  enum Action: Equatable {
    case start, cancel, finished
    /// Takes a new number, then starts the request.
    case restart(id: Int)
  }
  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .restart(let id):
      state.id = id
      return reduce(into: &state, action: .start)
    case .start:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.finished)
      }
      .cancellable(id: "request")
    case .cancel:
      return .cancel(id: "request")
    case .finished:
      state.isDone = true
      return .none
    }
  }
}

/// A tab with an optional sheet running a ``Request``.
struct Tab: Reducer {
  struct State: Equatable { var sheet: Request.State? }
  enum Action: Equatable {
    case present(id: Int)
    case dismiss
    case sheet(Request.Action)
    static let sheetCase = ActionCase<Action, Request.Action>(embed: Action.sheet) {
      if case .sheet(let action) = $0 { action } else { nil }
    }
  }
  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .present(let id): state.sheet = Request.State(id: id)
      case .dismiss: state.sheet = nil
      case .sheet: break
      }
      return .none
    }
    .ifLet(\.sheet, action: Action.sheetCase) { Request(clock: clock) }
  }
}

/// Two instances of ``Tab``, side by side.
struct Tabs: Reducer {
  struct State: Equatable {
    var first = Tab.State()
    var second = Tab.State()
  }
  enum Action: Equatable {
    case first(Tab.Action)
    case second(Tab.Action)
    static let firstCase = ActionCase<Action, Tab.Action>(embed: Action.first) {
      if case .first(let action) = $0 { action } else { nil }
    }
    static let secondCase = ActionCase<Action, Tab.Action>(embed: Action.second) {
      if case .second(let action) = $0 { action } else { nil }
    }
  }
  let clock: TestClock

  var body: some Reducer<State, Action> {
    Scope(state: \.first, action: Action.firstCase) { Tab(clock: clock) }
    Scope(state: \.second, action: Action.secondCase) { Tab(clock: clock) }
  }
}

/// A parent generic over its child, as a reusable container feature is: in generic code each
/// evaluation of `body` makes its key paths anew.
struct Host<Content: Reducer & Sendable>: Reducer where Content.State: Equatable {
  struct State: Equatable { var content: Content.State? }
  enum Action {
    case present(Content.State)
    case dismiss
    case content(Content.Action)
    static var contentCase: ActionCase<Action, Content.Action> {
      ActionCase(embed: Action.content) {
        if case .content(let action) = $0 { action } else { nil }
      }
    }
  }
  let content: Content

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .present(let content): state.content = content
      case .dismiss: state.content = nil
      case .content: break
      }
      return .none
    }
    .ifLet(\.content, action: Action.contentCase) { content }
  }
}

/// A presented destination that is one of two cases, each running a ``Request``.
struct Destination: Reducer {
  enum State: Equatable {
    case first(Request.State)
    case second(Request.State)
  }
  enum Action: Equatable {
    case first(Request.Action)
    case second(Request.Action)
  }
  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let request = Request(clock: clock)
    switch (state, action) {
    case (.first(var child), .first(let action)):
      defer { state = .first(child) }
      return request.reduce(into: &child, action: action).map(Action.first)
    case (.second(var child), .second(let action)):
      defer { state = .second(child) }
      return request.reduce(into: &child, action: action).map(Action.second)
    default:
      return .none
    }
  }
}

/// A list of ``Request`` rows.
struct Requests: Reducer {
  struct State: Equatable { var rows: IdentifiedArray<Request.State> = [] }
  enum Action: Equatable {
    case rows(IdentifiedAction<Int, Request.Action>)
    case remove(Int)
    static let rowsCase = ActionCase<Action, IdentifiedAction<Int, Request.Action>>(
      embed: Action.rows
    ) {
      if case .rows(let action) = $0 { action } else { nil }
    }
  }
  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .remove(let id) = action { state.rows.remove(id: id) }
      return .none
    }
    .forEach(\.rows, action: Action.rowsCase) { Request(clock: clock) }
  }
}

/// A document held by reference, as some apps keep a child's model.
final class SharedDocument: Identifiable, @unchecked Sendable {
  var id: Int
  init(id: Int) { self.id = id }
}

/// A parent of a child held by reference, which it renumbers in place.
struct DocumentHost: Reducer {
  struct State { var document: SharedDocument? }
  enum Action {
    case renumber(Int)
    case document(Request.Action)
    static let documentCase = ActionCase(embed: Action.document) {
      if case .document(let action) = $0 { action } else { nil }
    }
  }
  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      if case .renumber(let id) = action { state.document?.id = id }
      return .none
    }
    .ifLet(\.document, action: Action.documentCase) {
      Reduce { (document: inout SharedDocument, action: Request.Action) in
        var request = Request.State(id: document.id)
        return Request(clock: clock).reduce(into: &request, action: action)
      }
    }
  }
}
