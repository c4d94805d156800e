extension Reducer {
  /// Starts work when this feature's state appears, bound to the feature's presence: the work
  /// is cancelled when the state goes.
  ///
  /// ```swift
  /// struct Detail: Reducer {
  ///   var body: some Reducer<State, Action> {
  ///     Reduce(step)
  ///       .onAppear { state in
  ///         state.isLoading = true
  ///         return .run { [repository, id = state.id] send in
  ///           for await todo in repository.changes(of: id) { await send(.changed(todo)) }
  ///         }
  ///       }
  ///   }
  /// }
  /// ```
  ///
  /// The state appears when the store of the feature is made (the root feature, and every
  /// feature present in the initial state), when a parent presents it with
  /// ``Reducer/ifLet(_:action:then:)-9navc`` (or replaces it with another one: another case of
  /// an enum, another `id`), inserts it as a row of ``Reducer/forEach(_:action:element:)``, or
  /// pushes it on a stack of ``Reducer/forEach(_:action:destination:)``. No view needs to call
  /// anything. A feature that appears with children present (a deep link) starts their work
  /// too. The work starts in the order the reducers are composed: a hook runs after those of
  /// the reducers it wraps, so an `onAppear` written after an `ifLet` or a `forEach` runs after
  /// the work of the children those present.
  ///
  /// The work runs as the feature's own effects: its actions reach the feature, its
  /// cancellation identifiers are the feature's, and dismissing, removing or popping the
  /// feature — or anything above it — cancels it.
  ///
  /// - Parameter work: Called with the state that appeared, which it may change; returns the
  ///   work to start.
  /// - Returns: This reducer, with the work.
  @inlinable
  public func onAppear(
    _ work: @escaping (_ state: inout State) -> Effect<Action>
  ) -> PresenceReducer<Self> {
    PresenceReducer(base: self, appearance: work)
  }

  /// Runs work when this feature's state goes: dismissed, removed, popped, replaced by another
  /// feature, or gone with anything above it, at any depth, or when its store is released.
  ///
  /// ```swift
  /// Reduce(step)
  ///   .onDisappear { [player] state in await player.stop(state.trackID) }
  /// ```
  ///
  /// The work is given the state as it was when the feature appeared (its identifier, what it
  /// was opened for): the feature is gone by the time the work runs, so the work sends no
  /// action. It runs in the task of an effect the feature starts when it appears (see
  /// ``onAppear(_:)``), which waits for the feature's effects to be cancelled: that task is
  /// cancelled, so work that checks for cancellation (`Task.sleep`,
  /// `Task.checkCancellation()`) stops at once. While the feature is present, that effect
  /// runs: a `TestStore` expects the feature to be gone by the end of the test.
  ///
  /// - Parameter work: The clean-up, after the feature went, given the state it appeared with.
  /// - Returns: This reducer, with the work.
  @inlinable
  public func onDisappear(
    _ work: @escaping @Sendable (_ state: State) async -> Void
  ) -> PresenceReducer<Self> where State: Sendable {
    PresenceReducer(base: self) { [work] state in
      .run { [state] _ in
        await waitForCancellation()
        await work(state)
      }
    }
  }
}

/// A reducer with work bound to its feature's presence; see ``Reducer/onAppear(_:)``.
public struct PresenceReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let appearance: (inout Base.State) -> Effect<Base.Action>

  @inlinable
  init(base: Base, appearance: @escaping (inout Base.State) -> Effect<Base.Action>) {
    self.base = base
    self.appearance = appearance
  }

  /// Runs the base reducer.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    base.reduce(into: &state, action: action)
  }

  /// The base reducer's work on appearance, then this one's.
  public func _appearance() -> Appearance<Base.State, Base.Action>? {
    let appearance = self.appearance
    guard let before = base._appearance() else { return appearance }
    return { state in before(&state).merge(with: appearance(&state)) }
  }
}

/// What a feature does when its state appears: changes it, and returns the work to start.
public typealias Appearance<State, Action> = (inout State) -> Effect<Action>

/// Both appearances, one after the other; `nil` when neither is there.
func merged<State, Action>(
  _ first: Appearance<State, Action>?, _ second: Appearance<State, Action>?
) -> Appearance<State, Action>? {
  guard let first else { return second }
  guard let second else { return first }
  return { state in first(&state).merge(with: second(&state)) }
}

/// Waits until the current task is cancelled.
@usableFromInline
func waitForCancellation() async {
  let (stream, continuation) = AsyncStream<Never>.makeStream()
  // The stream ends when the task is cancelled; the continuation is kept until then, so that it
  // does not end the stream by going away.
  for await _ in stream {}
  continuation.finish()
}
