/// The kind of scoped core of a store scoped to a part of its parent's state that can go away:
/// an optional part (``OptionalScopedCore``, a presented child) or an element of a collection
/// (``ElementScopedCore``, a row or a screen of a stack), found by its ``VanishingPart``.
///
/// It keeps the last state it read, so that once its part is gone the store (and every store
/// scoped from it) answers with that state; it sends only while its part is there, and its
/// observers are not called while it is gone. The store is bound to the place of the part, not
/// to one value of it: an optional child presented there again is followed (an element's
/// identifier is never reused, so an element store never follows another element).
@usableFromInline
final class VanishingScopedCore<Part: VanishingPart, ParentAction, Action>: ScopedCoreKind {
  @usableFromInline typealias ParentState = Part.ParentState
  @usableFromInline typealias State = Part.State

  @usableFromInline let parent: StoreCore<ParentState, ParentAction>
  /// Finds the part in a state of the parent.
  @usableFromInline let part: Part
  /// Finds the part in the parent's state now, untracked; `nil` when it is gone. Made where
  /// the types are known, so that a send's check and a read run specialised code.
  @usableFromInline let find: @MainActor () -> State?
  /// Extracts this core's action from its parent's; `nil` if scoped with an embedding alone.
  @usableFromInline let extract: ((ParentAction) -> Action?)?
  /// The last state read: a copy, which makes the root copy the part's storage on its next
  /// mutation of it.
  @usableFromInline var lastKnown: State

  /// Use ``core(parent:part:initialState:embed:extract:)``, which makes `find`.
  @inlinable
  init(
    parent: StoreCore<ParentState, ParentAction>, part: Part, initialState: State,
    find: @escaping @MainActor () -> State?, extract: ((ParentAction) -> Action?)?
  ) {
    self.parent = parent
    self.part = part
    self.find = find
    self.lastKnown = initialState
    self.extract = extract
  }

  /// The core of a store scoped to `part` of `parent`'s state, which is there now.
  ///
  /// - Parameters:
  ///   - parent: The core of the store scoped from.
  ///   - part: Finds the part in the parent's state.
  ///   - initialState: The part now.
  ///   - embed: Embeds the scoped store's action into the parent's.
  ///   - extract: Extracts the scoped store's action from the parent's, if it can be told.
  @inlinable
  static func core(
    parent: StoreCore<ParentState, ParentAction>, part: Part, initialState: State,
    embed: @escaping (consuming Action) -> ParentAction,
    extract: ((ParentAction) -> Action?)?
  ) -> ScopedCore<State, Action> {
    // Made here, not in the initialiser: a closure made in the class's main-actor
    // initialiser checks the executor on every call.
    let find = { @MainActor () -> State? in
      guard let parentState = parent.current(tracked: false) else { return nil }
      return part.locate(in: parentState)
    }
    let kind = VanishingScopedCore(
      parent: parent, part: part, initialState: initialState, find: find, extract: extract)
    let forward = ScopedCore<State, Action>.forwarding(to: parent, embed: embed)
    return ScopedCore(
      kind: kind,
      forward: { (action: consuming Action) in
        // A send while the part is gone does nothing. (No copy of the parent's state is bound
        // here: kept until the send, it would make the reducer copy the part's storage.)
        guard find() != nil else { return StoreTask(group: nil) }
        return forward(action)
      })
  }

  @usableFromInline
  func present() -> State? { find() }

  @usableFromInline
  var latestState: State {
    guard let state = present() else { return lastKnown }
    lastKnown = state
    return state
  }

  @usableFromInline
  func observe<Value>(
    _ selection: Selection<State, Value>, key: ObservationKey?, initial: Value,
    isDuplicate: @escaping (Value, Value) -> Bool, onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let part = self.part
    return parent.observe(
      selection.lifted(through: { part.locate(in: $0.value) }),
      key: key?.lifted(through: part.key), initial: initial, isDuplicate: isDuplicate,
      onChange: onChange)
  }

  /// A listener hears the actions extracted while the part is there after them: an action
  /// after which the part is gone (a row that deleted itself) is not heard, as the observers
  /// of a part that is gone are not called.
  @usableFromInline
  func listen(_ hear: @escaping @MainActor (Action, State) -> Void) -> ObservationToken {
    guard let extract else { reportActionsCannotBeTold() }
    let part = self.part
    return parent.listen { parentAction, parentState in
      guard let action = extract(parentAction), let state = part.locate(in: parentState) else {
        return
      }
      hear(action, state)
    }
  }

  @usableFromInline
  var runningEffectCount: Int { parent.runningEffectCount }

  @usableFromInline
  var actionListenerCount: Int { parent.actionListenerCount }

  @usableFromInline
  var registry: any SelectionRegistry { parent.registry }

  /// None: the part can go away, so it has no fixed place.
  @usableFromInline
  var rootOffset: Int? { nil }
}

/// How a ``VanishingScopedCore`` finds its part in its parent's state: an optional part
/// (``OptionalPart``) or an element by its identifier (``ElementPart``).
@usableFromInline
protocol VanishingPart {
  /// The state of the parent store.
  associatedtype ParentState
  /// The part.
  associatedtype State

  /// The part in `parent`, or `nil` if it is gone.
  func locate(in parent: ParentState) -> State?

  /// Identifies the part among its parent's in an observation key, so that observers of the
  /// same selection of the same part share it.
  var key: AnyHashable { get }
}
