/// The core of a store scoped to a part of its parent's state that is always there while the
/// parent is: `scope(state: \.settings, action: …)`.
@usableFromInline
final class PlainScopedCore<ParentState, ParentAction, State, Action>: ScopedCore<State, Action> {
  @usableFromInline let parent: StoreCore<ParentState, ParentAction>
  @usableFromInline let toState: KeyPath<ParentState, State>
  /// Where the state sits in the root state, if at a fixed place.
  @usableFromInline let offsetInRoot: Int?

  @inlinable
  init(
    parent: StoreCore<ParentState, ParentAction>, state: KeyPath<ParentState, State>,
    embed: @escaping (consuming Action) -> ParentAction
  ) {
    self.parent = parent
    self.toState = state
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
  override var runningEffectCount: Int { parent.runningEffectCount }

  @usableFromInline
  override var registry: any SelectionRegistry { parent.registry }

  @usableFromInline
  override var rootOffset: Int? { offsetInRoot }
}
