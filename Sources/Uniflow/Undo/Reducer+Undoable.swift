extension Reducer {
  /// Makes this feature undoable: it records, for each undoable action, the old values of the
  /// tracked parts the action changed, as a labelled step of `history`, and undoes and redoes
  /// them on ``UndoAction``s.
  ///
  /// ```swift
  /// struct Editor: Reducer {
  ///   struct State: Equatable {
  ///     var title = ""
  ///     var isSelected = false
  ///     var history = UndoHistory()
  ///   }
  ///   enum Action {
  ///     case titleTyped(String)
  ///     case select
  ///     case undo(UndoAction)
  ///
  ///     static let undoCase = ActionCase(Action.undo)
  ///   }
  ///   let clock: any Clock<Duration>
  ///
  ///   var body: some Reducer<State, Action> {
  ///     Reduce { state, action in
  ///       switch action {
  ///       case .titleTyped(let title): state.title = title
  ///       case .select: state.isSelected.toggle()
  ///       case .undo: break
  ///       }
  ///       return .none
  ///     }
  ///     .undoable(
  ///       history: \.history, action: Action.undoCase, tracking: [.value(\.title)],
  ///       clock: clock
  ///     ) { action in
  ///       switch action {
  ///       case .titleTyped: .coalescing("Typing", key: "title")
  ///       case .select, .undo: .ignored
  ///       }
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// **Steps.** An action whose policy is not ``UndoPolicy/ignored`` and that changed a tracked
  /// part records one step, named by its ``UndoPolicy``; a ``UndoPolicy/coalescing(_:key:)``
  /// action joins the newest step when it continues its run within `coalescingInterval` on
  /// `clock`; the actions between ``UndoAction/beginTransaction(_:)`` and
  /// ``UndoAction/endTransaction`` make one step. A recorded change forgets what there was to
  /// redo. Past `limit`, the oldest steps are dropped.
  ///
  /// **Undo and redo.** ``UndoAction/undo`` puts back the values the newest step recorded, and
  /// keeps the values it replaced, for ``UndoAction/redo``. Neither runs the actions of the step
  /// again, so their effects are not run again either. After the history changed the state,
  /// this reducer runs on the ``UndoAction`` too, so the feature can answer it (save what undo
  /// restored, say); what it changes then is not recorded.
  ///
  /// **What is restored.** Only the `tracking` parts; the rest of the state (the selection, a
  /// draft, a loading flag, the history itself) stays as it is. See ``UndoPart`` for what each
  /// kind of part records and costs.
  ///
  /// **Composition.** The history belongs to the state it sits in: a child feature made
  /// undoable in its own reducer has its own history, so each row of a `forEach` can have one;
  /// a parent made undoable over its children tracks what it names, the children's rows
  /// included, and usually ignores the children's own ``UndoAction``s.
  ///
  /// - Parameters:
  ///   - history: Where the history is in the state; not part of any tracked part.
  ///   - action: The case of this feature's action carrying ``UndoAction``s.
  ///   - parts: The parts of the state that undo restores.
  ///   - clock: The clock coalescing is measured on; a `TestClock` in tests.
  ///   - coalescingInterval: The longest pause between two actions of one coalescing run.
  ///   - limit: How many steps (and bytes) the history keeps.
  ///   - policy: What each action is to the history; given before the action runs.
  /// - Returns: The undoable feature.
  /// - Complexity: Per undoable action, the parts' capture and comparison (see ``UndoPart``);
  ///   an ignored action costs one call of `policy`. Undo and redo cost the recorded values'
  ///   restoration.
  public func undoable(
    history: any WritableKeyPath<State, UndoHistory> & Sendable,
    action: ActionCase<Action, UndoAction>,
    tracking parts: [UndoPart<State, Action>],
    clock: any Clock<Duration>,
    coalescingInterval: Duration = .seconds(1),
    limit: UndoLimit = UndoLimit(),
    policy: @escaping @Sendable (Action) -> UndoPolicy
  ) -> UndoableReducer<Self> {
    UndoableReducer(
      base: self, history: history, action: action, parts: parts, clock: clock,
      coalescingInterval: coalescingInterval, limit: limit, policy: policy)
  }
}
