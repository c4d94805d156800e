/// How a scoped store reaches its root: reading its part of the state, forwarding its actions,
/// and hanging its observers off its parent's.
@usableFromInline
@MainActor
final class ScopeBridge<State, Action> {
  /// The store's part of the state, or `nil` if it is gone (a removed row, a dismissed child).
  @usableFromInline let read: @MainActor () -> State?
  /// Sends an action, embedded into the parent's action type, through the parent.
  @usableFromInline let forward: @MainActor (Action) -> StoreTask
  /// Connects the scoped store's observers to its parent's; done on first subscription.
  private let connect: @MainActor (Store<State, Action>) -> Void
  /// The root's running effects.
  let runningEffectCount: @MainActor () -> Int
  /// Whether the part of the state can disappear, in which case the last state read is kept.
  @usableFromInline let isOptional: Bool
  /// The last state read, kept only for an optional part (a copy of it: a held reference
  /// to a non-optional part would make the root copy it on its next mutation).
  @usableFromInline var lastKnown: State?
  private var isConnected = false

  @usableFromInline
  init(
    initialState: State?,
    read: @escaping @MainActor () -> State?,
    forward: @escaping @MainActor (Action) -> StoreTask,
    connect: @escaping @MainActor (Store<State, Action>) -> Void,
    runningEffectCount: @escaping @MainActor () -> Int
  ) {
    self.lastKnown = initialState
    self.isOptional = initialState != nil
    self.read = read
    self.forward = forward
    self.connect = connect
    self.runningEffectCount = runningEffectCount
  }

  /// The current state, or the last one read if the part of the state is gone.
  @inlinable
  var currentState: State {
    guard let state = read() else { return lastKnown.unsafelyUnwrapped }
    if isOptional { lastKnown = state }
    return state
  }

  /// Connects the store's observers to its parent's, unless they are connected.
  @usableFromInline
  func attach(_ store: Store<State, Action>) {
    guard !isConnected else { return }
    isConnected = true
    connect(store)
  }

  /// Notes that the parent dropped the connection because nothing was observed any more.
  @usableFromInline
  func detach() {
    isConnected = false
  }
}
