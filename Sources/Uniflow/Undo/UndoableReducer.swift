/// A feature whose tracked parts can be undone and redone; see
/// ``Reducer/undoable(history:action:tracking:clock:coalescingInterval:limit:policy:)``.
public struct UndoableReducer<Base: Reducer>: Reducer {
  let base: Base
  let toHistory: MutableKeyPath<Base.State, UndoHistory>
  let toUndoAction: ActionCase<Base.Action, UndoAction>
  let parts: [UndoPart<Base.State, Base.Action>]
  let clock: any Clock<Duration>
  let coalescingInterval: Duration
  let limit: UndoLimit
  let policy: @Sendable (Base.Action) -> UndoPolicy

  init(
    base: Base,
    history: any WritableKeyPath<Base.State, UndoHistory> & Sendable,
    action: ActionCase<Base.Action, UndoAction>,
    parts: [UndoPart<Base.State, Base.Action>],
    clock: any Clock<Duration>,
    coalescingInterval: Duration,
    limit: UndoLimit,
    policy: @escaping @Sendable (Base.Action) -> UndoPolicy
  ) {
    self.base = base
    self.toHistory = MutableKeyPath(history)
    self.toUndoAction = action
    self.parts = parts
    self.clock = clock
    self.coalescingInterval = coalescingInterval
    self.limit = limit
    self.policy = policy
  }

  /// The base reducer's appearance.
  public func _appearance() -> Appearance<Base.State, Base.Action>? {
    base._appearance()
  }

  /// Applies an ``UndoAction`` to the history and the state, then runs the feature on it;
  /// runs the feature on any other action and records what it changed in the tracked parts.
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    if let undoAction = toUndoAction.extract(action) {
      apply(undoAction, to: &state)
      // The feature may answer (save what undo restored); what it changes is not recorded.
      return base.reduce(into: &state, action: action)
    }
    let policy = policy(action).kind
    if case .ignored = policy { return base.reduce(into: &state, action: action) }

    var captured: [any Sendable] = []
    captured.reserveCapacity(parts.count)
    for part in parts { captured.append(part.capture(&state, action)) }
    let effect = base.reduce(into: &state, action: action)

    var changes: [UndoChange] = []
    for (index, part) in parts.enumerated() {
      switch part.record(&state, captured[index]) {
      case .unchanged:
        continue
      case .changed(let value, let cost):
        changes.append(UndoChange(part: index, value: value, cost: cost))
      case .incomplete(let rows):
        return effect.merge(with: clear(&state, rows, action))
      }
    }
    guard !changes.isEmpty else { return effect }
    let now = Self.now(on: clock)
    toHistory.modify(&state) { history in
      history.record(
        changes, as: policy, at: now, coalescingInterval: coalescingInterval, parts: parts,
        limit: limit)
    }
    return effect
  }

  func apply(_ action: UndoAction, to state: inout Base.State) {
    // The history is taken out while its steps change the state around it.
    var history = toHistory.modify(&state) { history in
      defer { history = UndoHistory() }
      return history
    }
    switch action {
    case .undo: history.undo(&state, parts: parts, limit: limit)
    case .redo: history.redo(&state, parts: parts, limit: limit)
    case .beginTransaction(let label): history.beginTransaction(label)
    case .endTransaction: history.endTransaction(limit: limit)
    case .clear: history.clear()
    }
    toHistory.modify(&state) { $0 = history }
  }

  /// Clears the history after an action whose changes could not be recorded, and reports why.
  func clear(_ state: inout Base.State, _ rows: String, _ action: Base.Action) -> Effect<Base.Action> {
    toHistory.modify(&state) { $0.clear() }
    let reason =
      "an action addressed to one row of \(rows) removed other rows, whose old values "
      + "were not recorded: \(actionSummary(action))"
    return .report(.undoHistoryCleared(reason))
  }

  static func now<C: Clock<Duration>>(on clock: C) -> any InstantProtocol<Duration> {
    clock.now
  }
}

extension UndoableReducer: Sendable where Base: Sendable {}
