/// Builds one reducer from a list of reducers over the same state and action.
///
/// The builder is generic over `State` and `Action`, so every line type-checks on its own
/// against a known state and action, and it combines reducers pairwise
/// (`buildPartialBlock`): the work the compiler does grows linearly with the number of
/// reducers, and a block of dozens of reducers type-checks as quickly as a block of two.
///
/// `if`, `if`/`else`, `switch` and `for` work inside the block.
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// Accepts a reducer of the builder's state and action.
  @inlinable
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  /// Starts a block with its first reducer.
  @inlinable
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  /// Appends the next reducer to the ones before it.
  @inlinable
  public static func buildPartialBlock<R0: Reducer, R1: Reducer>(
    accumulated: R0, next: R1
  ) -> ReducerSequence<R0, R1>
  where R0.State == State, R0.Action == Action, R1.State == State, R1.Action == Action {
    ReducerSequence(accumulated, next)
  }

  /// An empty block does nothing.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  /// A reducer under an `if` without `else` runs only when the condition held at build time.
  @inlinable
  public static func buildOptional<R: Reducer>(_ reducer: R?) -> OptionalReducer<R>
  where R.State == State, R.Action == Action {
    OptionalReducer(reducer)
  }

  /// The first branch of an `if`/`else` or `switch`.
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(
    first: First
  ) -> EitherReducer<First, Second>
  where
    First.State == State, First.Action == Action, Second.State == State,
    Second.Action == Action
  {
    .first(first)
  }

  /// The second branch of an `if`/`else` or `switch`.
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(
    second: Second
  ) -> EitherReducer<First, Second>
  where
    First.State == State, First.Action == Action, Second.State == State,
    Second.Action == Action
  {
    .second(second)
  }

  /// The reducers produced by a `for` loop, run in order.
  @inlinable
  public static func buildArray<R: Reducer>(_ reducers: [R]) -> ReducerArray<R>
  where R.State == State, R.Action == Action {
    ReducerArray(reducers)
  }

  /// Keeps the type of an availability-limited block.
  @inlinable
  public static func buildLimitedAvailability<R: Reducer>(_ reducer: R) -> Reduce<State, Action>
  where R.State == State, R.Action == Action {
    Reduce(reducer)
  }
}

/// Two reducers run one after the other; the building block of ``ReducerBuilder``.
public struct ReducerSequence<R0: Reducer, R1: Reducer>: Reducer
where R0.State == R1.State, R0.Action == R1.Action {
  @usableFromInline let r0: R0
  @usableFromInline let r1: R1

  @inlinable
  init(_ r0: R0, _ r1: R1) {
    self.r0 = r0
    self.r1 = r1
  }

  /// Runs the first reducer, then the second, and merges their effects.
  @inlinable
  public func reduce(into state: inout R0.State, action: R0.Action) -> Effect<R0.Action> {
    r0.reduce(into: &state, action: action).merge(with: r1.reduce(into: &state, action: action))
  }

  /// Both reducers' appearances, in order.
  public func _appearance() -> Appearance<R0.State, R0.Action>? {
    merged(r0._appearance(), r1._appearance())
  }
}

/// A reducer that may be absent; produced by `if` without `else` in a ``ReducerBuilder``.
public struct OptionalReducer<Wrapped: Reducer>: Reducer {
  @usableFromInline let wrapped: Wrapped?

  @inlinable
  init(_ wrapped: Wrapped?) {
    self.wrapped = wrapped
  }

  /// Runs the wrapped reducer if there is one.
  @inlinable
  public func reduce(
    into state: inout Wrapped.State, action: Wrapped.Action
  ) -> Effect<
    Wrapped.Action
  > {
    wrapped?.reduce(into: &state, action: action) ?? .none
  }

  /// The wrapped reducer's appearance, if there is one.
  public func _appearance() -> Appearance<Wrapped.State, Wrapped.Action>? {
    wrapped?._appearance()
  }
}

/// One of two reducers; produced by `if`/`else` and `switch` in a ``ReducerBuilder``.
public enum EitherReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  /// The first branch was taken.
  case first(First)
  /// The second branch was taken.
  case second(Second)

  /// Runs the reducer of the branch that was taken.
  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch self {
    case .first(let reducer): reducer.reduce(into: &state, action: action)
    case .second(let reducer): reducer.reduce(into: &state, action: action)
    }
  }

  /// The chosen reducer's appearance.
  public func _appearance() -> Appearance<First.State, First.Action>? {
    switch self {
    case .first(let reducer): reducer._appearance()
    case .second(let reducer): reducer._appearance()
    }
  }
}

/// Reducers produced by a `for` loop in a ``ReducerBuilder``, run in order.
public struct ReducerArray<Element: Reducer>: Reducer {
  @usableFromInline let reducers: [Element]

  @inlinable
  init(_ reducers: [Element]) {
    self.reducers = reducers
  }

  /// Runs every reducer in order and merges their effects.
  @inlinable
  public func reduce(
    into state: inout Element.State, action: Element.Action
  ) -> Effect<
    Element.Action
  > {
    // Gathered and merged once: merging one by one would copy the effects so far each time.
    var effects: [Effect<Element.Action>] = []
    effects.reserveCapacity(reducers.count)
    for reducer in reducers {
      effects.append(reducer.reduce(into: &state, action: action))
    }
    return .merge(effects)
  }

  /// Every reducer's appearance, in order.
  public func _appearance() -> Appearance<Element.State, Element.Action>? {
    reducers.reduce(nil) { merged($0, $1._appearance()) }
  }
}

extension Never: Reducer {
  /// `Never` reduces nothing.
  public typealias State = Never
  /// `Never` handles no action.
  public typealias Action = Never
  /// `Never` has no body.
  public typealias Body = Never

  /// Unreachable: there is no value of `Never`.
  public func reduce(into state: inout Never, action: Never) -> Effect<Never> {}
}
