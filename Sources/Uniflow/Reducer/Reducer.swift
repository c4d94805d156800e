/// A unit of feature logic: it evolves a state in response to an action and describes the work
/// that should happen next as an ``Effect``.
///
/// Conform either by implementing ``reduce(into:action:)`` directly, or by composing other
/// reducers in ``body``:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case increment, decrement }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .increment: state.count += 1
///     case .decrement: state.count -= 1
///     }
///     return .none
///   }
/// }
/// ```
///
/// A reducer is pure apart from the effect it returns. Its dependencies (a repository, a clock,
/// an identifier generator) are stored properties injected at `init`, so a test passes fakes
/// and no global singleton is needed.
public protocol Reducer<State, Action> {
  /// The state this reducer evolves.
  associatedtype State
  /// The actions this reducer handles.
  associatedtype Action
  /// The type of ``body``, inferred from it; `Never` when the reducer implements
  /// ``reduce(into:action:)`` directly.
  associatedtype Body

  /// Evolves `state` for `action` and returns the work to do next.
  ///
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to handle.
  /// - Returns: The effect to run after this reduction, or ``Effect/none``.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this reducer is made of, run in order for every action.
  ///
  /// A store evaluates the body of its own reducer once, when it is created, and runs what it
  /// built for every action: a body describes the feature from the reducer's properties (its
  /// injected dependencies), and building one (its `Scope`s, `ifLet`s and `forEach`es, with
  /// their key paths) costs more than most actions. A feature inside another (the child of a
  /// `Scope`, `ifLet` or `forEach`) is a value its parent holds; its body is evaluated each
  /// time the parent runs it. Either way, decisions that depend on the state belong in a
  /// reducer's ``reduce(into:action:)``, such as a `Reduce` in the body, never in `body`.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// What a store runs for every action; the library provides it, a reducer does not
  /// implement it.
  ///
  /// A reducer with a ``body`` evaluates the body here, once; any other reducer runs its own
  /// ``reduce(into:action:)``.
  func _storeReduction() -> (inout State, Action) -> Effect<Action>

  /// What this feature, and the children present in its state, do when the state appears;
  /// `nil` when none of them asks for anything. The library provides it (see
  /// ``onAppear(_:)``), a reducer does not implement it.
  func _appearance() -> Appearance<State, Action>?

  /// What a store runs for every action and when it is made, from one evaluation of the body;
  /// the library provides it, a reducer does not implement it.
  func _storeParts() -> (
    reduction: (inout State, Action) -> Effect<Action>, appearance: Appearance<State, Action>?
  )
}

extension Reducer {
  /// Nothing: a reducer that implements ``reduce(into:action:)`` starts no work on
  /// appearance unless it is wrapped in ``onAppear(_:)``.
  public func _appearance() -> Appearance<State, Action>? { nil }

  /// This reducer's reduction and appearance.
  public func _storeParts() -> (
    reduction: (inout State, Action) -> Effect<Action>, appearance: Appearance<State, Action>?
  ) {
    (_storeReduction(), _appearance())
  }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  public var body: Body {
    fatalError("'\(typeName(Self.self))' has no body: it implements reduce(into:action:) directly.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body`` on the action.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }

  /// Evaluates ``body`` once, and runs what it built.
  @inlinable
  public func _storeReduction() -> (inout State, Action) -> Effect<Action> {
    body._storeReduction()
  }

  /// The appearance of ``body``.
  public func _appearance() -> Appearance<State, Action>? {
    body._appearance()
  }

  /// Evaluates ``body`` once, for both its reduction and its appearance.
  public func _storeParts() -> (
    reduction: (inout State, Action) -> Effect<Action>, appearance: Appearance<State, Action>?
  ) {
    body._storeParts()
  }
}

/// A reducer of `State` and `Action`, spelled from the reducer type itself: `ReducerOf<Counter>`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
