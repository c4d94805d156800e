import UniflowMVVM

/// A small feature whose parts change independently, for testing outputs.
struct Profile: Reducer {
  struct State: Equatable {
    var name = "Ada"
    var age = 36
    var visits = 0
  }

  enum Action: Equatable {
    case rename(String)
    case birthday
    case visit
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rename(let name): state.name = name
    case .birthday: state.age += 1
    case .visit: state.visits += 1
    }
    return .none
  }
}

/// An object to tie observers to.
final class Owner {}
