/// How a scoped store reaches its root: reading its part of the state, forwarding its actions,
/// and hanging its observers off the root's.
@usableFromInline
@MainActor
final class ScopeBridge<State, Action> {
  /// The store's part of the state, or `nil` if it is gone (a removed row, a dismissed child).
  @usableFromInline let read: @MainActor () -> State?
  /// ``read`` without telling Observation.
  @usableFromInline let peek: @MainActor () -> State?
  /// Sends an action, embedded into the parent's action type, through the parent.
  @usableFromInline let forward: @MainActor (Action) -> StoreTask
  /// Adds an entry to the root store's groups that passes each new root state, projected to
  /// this store's part, to `update`, and drops the entry once `compact` returns `false`.
  @usableFromInline let addForwarder: AddForwarder
  /// Whether the observers are connected, and whether the scoped store was released.
  @usableFromInline let connection: ScopeConnection
  /// The root's running effects.
  let runningEffectCount: @MainActor () -> Int
  /// Whether the part of the state can disappear, in which case the last state read is kept.
  @usableFromInline let isOptional: Bool
  /// The last state read, kept only for an optional part (a copy of it: a held reference
  /// to a non-optional part would make the root copy it on its next mutation).
  @usableFromInline var lastKnown: State?

  @usableFromInline
  init(
    initialState: State?,
    read: @escaping @MainActor () -> State?,
    peek: @escaping @MainActor () -> State?,
    forward: @escaping @MainActor (Action) -> StoreTask,
    addForwarder: @escaping AddForwarder,
    ledger: CancellationLedger,
    runningEffectCount: @escaping @MainActor () -> Int
  ) {
    self.lastKnown = initialState
    self.isOptional = initialState != nil
    self.read = read
    self.peek = peek
    self.forward = forward
    self.addForwarder = addForwarder
    self.connection = ScopeConnection(ledger: ledger)
    self.runningEffectCount = runningEffectCount
  }

  /// The current state, or the last one read if the part of the state is gone.
  @inlinable
  var currentState: State {
    guard let state = read() else { return lastKnown.unsafelyUnwrapped }
    if isOptional { lastKnown = state }
    return state
  }

  /// Adds a forwarder to the root's groups, given `update` and `compact`.
  @usableFromInline
  typealias AddForwarder =
    @MainActor (
      _ update: @escaping @MainActor (State) -> Void, _ compact: @escaping @MainActor () -> Bool
    ) -> Void

  /// Connects the store's observers (its selection groups) to the root's, unless they are
  /// connected.
  @inlinable
  func attach(groups: SelectionGroups<State>) {
    guard !connection.isConnected else { return }
    connection.isConnected = true
    // The entry refers to the store's groups and connection, never to the store: a weak
    // reference would slow every retain of the store, a strong one would keep it alive.
    let connection = self.connection
    addForwarder(
      { groups.update($0) },
      {
        guard !connection.isReleased else { return false }
        let isObserved = groups.compactAll()
        if !isObserved { connection.isConnected = false }
        return isObserved
      })
  }
}

/// Whether a scoped store's observers hang off the root's, and whether the store was
/// released, in which case the root drops them.
@usableFromInline
@MainActor
final class ScopeConnection {
  @usableFromInline var isConnected = false
  private let released: SubscriptionFlag

  init(ledger: CancellationLedger) {
    released = SubscriptionFlag(ledger: ledger)
  }

  /// Whether the scoped store was released.
  @usableFromInline var isReleased: Bool { released.isCancelled }

  /// Records that the scoped store was released; callable from its `deinit`.
  nonisolated func noteRelease() {
    released.cancel()
  }
}
