/// Something that must hold of a feature after every action of a property check.
///
/// An invariant looks at the state; a transition also sees the state before the action and the
/// action itself; a property of the idle store looks at the state only once the effects have
/// caught up:
///
/// ```swift
/// let properties: [FeatureProperty<Todos.State, Todos.Action>] = [
///   .invariant("ids are unique") { state in
///     Set(state.todos.map(\.id)).count == state.todos.count
///   },
///   .transition("a filter change keeps the todos") { before, action, after in
///     guard case .filterChanged = action else { return true }
///     return before.todos == after.todos
///   },
/// ]
/// ```
///
/// The name is the message of a failure, so phrase it as the statement that must hold. A
/// property is `Sendable` (its closures run on the main actor, where checks run), so a
/// feature's properties can be declared once as `static let`s.
public struct FeatureProperty<State, Action> {
  enum Check {
    case invariant(@MainActor (State) -> Bool)
    case transition(@MainActor (State, Action, State) -> Bool)
    case whenIdle(@MainActor (State) -> Bool)
  }

  /// The statement the property checks, as a failure names it.
  public let name: String
  let check: Check

  /// A property of the state, checked on the initial state and after every action.
  ///
  /// After an action, its effects have ended, unless the check lets actions come while effects
  /// still run (`timeBetweenActions`): then the property must hold at every step, whatever is
  /// in flight. A property that holds only once the effects have caught up is
  /// ``whenIdle(_:_:)``.
  ///
  /// - Parameters:
  ///   - name: The statement that must hold, as a failure names it.
  ///   - holds: Whether the statement holds of a state.
  /// - Returns: The property.
  public static func invariant(
    _ name: String, _ holds: @escaping @MainActor (_ state: State) -> Bool
  ) -> Self {
    Self(name: name, check: .invariant(holds))
  }

  /// A property of each step: the state before an action, the action, and the state after it
  /// and its effects.
  ///
  /// - Parameters:
  ///   - name: The statement that must hold, as a failure names it.
  ///   - holds: Whether the statement holds of a step.
  /// - Returns: The property.
  public static func transition(
    _ name: String,
    _ holds: @escaping @MainActor (_ before: State, _ action: Action, _ after: State) -> Bool
  ) -> Self {
    Self(name: name, check: .transition(holds))
  }

  /// A property of the state once the effects have caught up: checked on the initial state,
  /// after every action once no effect can go on before the next one (each has ended, or waits
  /// for something only a later action brings, such as a stream it listens to), and once the
  /// effects of the last action have ended.
  ///
  /// It says what the state comes to once the effects catch up, which may not hold while they
  /// run:
  ///
  /// ```swift
  /// .whenIdle("the results are those of the query") { state in
  ///   state.results == search(state.query)
  /// }
  /// ```
  ///
  /// When every action's effects end before the next action (the default), it is checked after
  /// every action, as an invariant is. When actions come while effects still run
  /// (`timeBetweenActions`), it is what finds an answer that arrives late and overwrites a
  /// newer one.
  ///
  /// - Parameters:
  ///   - name: The statement that must hold, as a failure names it.
  ///   - holds: Whether the statement holds of a state.
  /// - Returns: The property.
  public static func whenIdle(
    _ name: String, _ holds: @escaping @MainActor (_ state: State) -> Bool
  ) -> Self {
    Self(name: name, check: .whenIdle(holds))
  }

  /// Whether the property holds of a state where no effect is running: the initial state, or
  /// the state once every effect has ended; transitions hold of it trivially.
  @MainActor
  func holds(whenIdle state: State) -> Bool {
    switch check {
    case .invariant(let holds), .whenIdle(let holds): holds(state)
    case .transition: true
    }
  }

  /// Whether the property holds of a step; `isIdle` says whether the effects have caught up
  /// after it: none can go on before the next action.
  @MainActor
  func holds(before: State, action: Action, after: State, isIdle: Bool) -> Bool {
    switch check {
    case .invariant(let holds): holds(after)
    case .transition(let holds): holds(before, action, after)
    case .whenIdle(let holds): !isIdle || holds(after)
    }
  }
}

// A property is a name and a pure function of states and actions: it may be a `static let`.
extension FeatureProperty: Sendable {}
