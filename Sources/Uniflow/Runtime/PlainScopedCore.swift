/// The core of a store scoped to a part of its parent's state that is always there while the
/// parent is: `scope(state: \.settings, action: …)`.
@usableFromInline
final class PlainScopedCore<ParentState, ParentAction, State, Action>: ScopedCore<State, Action> {
  @usableFromInline let parent: StoreCore<ParentState, ParentAction>
  @usableFromInline let toState: KeyPath<ParentState, State>
  /// Where the state sits in the root state, if at a fixed place.
  @usableFromInline let offsetInRoot: Int?
  /// Extracts this core's action from its parent's; `nil` if scoped with an embedding alone.
  @usableFromInline let extract: ((ParentAction) -> Action?)?

  @inlinable
  init(
    parent: StoreCore<ParentState, ParentAction>, state: KeyPath<ParentState, State>,
    embed: @escaping (consuming Action) -> ParentAction,
    extract: ((ParentAction) -> Action?)?
  ) {
    self.parent = parent
    self.toState = state
    self.extract = extract
    self.offsetInRoot = parent.rootOffset.flatMap { base in
      MemoryLayout<State>.size > 0 ? MemoryLayout<ParentState>.offset(of: state).map { base + $0 } : nil
    }
    super.init(forward: Self.forwarding(to: parent, embed: embed))
  }

  @usableFromInline
  override var latestState: State { parent.latestState[keyPath: toState] }

  @usableFromInline
  override func present() -> State? {
    parent.current(tracked: false)?[keyPath: toState]
  }

  @usableFromInline
  override func observe<Value>(
    _ selection: Selection<State, Value>, key: ObservationKey?, initial: Value,
    isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    parent.observe(
      selection.lifted(through: toState), key: key?.lifted(through: toState), initial: initial,
      isDuplicate: isDuplicate, onChange: onChange)
  }

  @usableFromInline
  override func listen(_ hear: @escaping @MainActor (Action, State) -> Void) -> ObservationToken {
    guard let extract else { reportActionsCannotBeTold() }
    let toState = self.toState
    return parent.listen { parentAction, parentState in
      guard let action = extract(parentAction) else { return }
      hear(action, parentState[keyPath: toState])
    }
  }

  @usableFromInline
  override var runningEffectCount: Int { parent.runningEffectCount }

  @usableFromInline
  override var actionListenerCount: Int { parent.actionListenerCount }

  @usableFromInline
  override var registry: any SelectionRegistry { parent.registry }

  @usableFromInline
  override var rootOffset: Int? { offsetInRoot }
}
