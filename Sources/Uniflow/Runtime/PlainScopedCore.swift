/// The kind of scoped core of a store scoped to a part of its parent's state that is always
/// there while the parent is: `scope(state: \.settings, action: …)` with a key path to a
/// non-optional part.
///
/// It keeps nothing of the state: every read goes through its parent, so that the store
/// follows its parent at once, and is gone when its parent's part is (a plain child of a
/// dismissed child answers with what its parent kept). When the part sits at a fixed place in
/// the root state, the store's key-path observers of stored properties join the root's batch
/// at that offset (``rootOffset``).
@usableFromInline
final class PlainScopedCore<ParentState, ParentAction, State, Action>: ScopedCoreKind {
  @usableFromInline let parent: StoreCore<ParentState, ParentAction>
  @usableFromInline let toState: KeyPath<ParentState, State>
  /// Where the state sits in the root state, if at a fixed place.
  @usableFromInline let offsetInRoot: Int?
  /// Extracts this core's action from its parent's; `nil` if scoped with an embedding alone.
  @usableFromInline let extract: ((ParentAction) -> Action?)?

  @inlinable
  init(
    parent: StoreCore<ParentState, ParentAction>, state: KeyPath<ParentState, State>,
    extract: ((ParentAction) -> Action?)?
  ) {
    self.parent = parent
    self.toState = state
    self.extract = extract
    self.offsetInRoot = parent.rootOffset.flatMap { base in
      MemoryLayout<State>.size > 0 ? MemoryLayout<ParentState>.offset(of: state).map { base + $0 } : nil
    }
  }

  /// The core of a store scoped to the part of `parent`'s state at `state`.
  ///
  /// - Parameters:
  ///   - parent: The core of the store scoped from.
  ///   - state: The part.
  ///   - embed: Embeds the scoped store's action into the parent's.
  ///   - extract: Extracts the scoped store's action from the parent's, if it can be told.
  @inlinable
  static func core(
    parent: StoreCore<ParentState, ParentAction>, state: KeyPath<ParentState, State>,
    embed: @escaping (consuming Action) -> ParentAction,
    extract: ((ParentAction) -> Action?)?
  ) -> ScopedCore<State, Action> {
    ScopedCore(
      kind: PlainScopedCore(parent: parent, state: state, extract: extract),
      forward: ScopedCore<State, Action>.forwarding(to: parent, embed: embed))
  }

  @usableFromInline
  var latestState: State { parent.latestState[keyPath: toState] }

  @usableFromInline
  func present() -> State? {
    parent.current(tracked: false)?[keyPath: toState]
  }

  @usableFromInline
  func observe<Value>(
    _ selection: Selection<State, Value>, key: ObservationKey?, initial: Value,
    isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    parent.observe(
      selection.lifted(through: toState), key: key?.lifted(through: toState), initial: initial,
      isDuplicate: isDuplicate, onChange: onChange)
  }

  @usableFromInline
  func listen(_ hear: @escaping @MainActor (Action, State) -> Void) -> ObservationToken {
    guard let extract else { reportActionsCannotBeTold() }
    let toState = self.toState
    return parent.listen { parentAction, parentState in
      guard let action = extract(parentAction) else { return }
      hear(action, parentState[keyPath: toState])
    }
  }

  @usableFromInline
  var runningEffectCount: Int { parent.runningEffectCount }

  @usableFromInline
  var actionListenerCount: Int { parent.actionListenerCount }

  @usableFromInline
  var registry: any SelectionRegistry { parent.registry }

  @usableFromInline
  var rootOffset: Int? { offsetInRoot }
}
