extension Reducer {
  /// Reacts to a change of a part of the state, whatever changed it.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce(step)
  ///     .ifLet(\.editor, action: Action.editorCase) { Editor() }
  ///     .onChange(of: \.editor?.note) { old, new, state in
  ///       guard let new else { return .none }
  ///       return .run { [save] _ in try await save(new) }
  ///         .debounce(id: "autosave", for: .seconds(1), clock: clock)
  ///     }
  /// }
  /// ```
  ///
  /// After each action this reducer runs, the reaction runs once if the part is not `==` to
  /// what it was before the action: whether this reducer changed it, a child composed inside
  /// it (a `Scope`, `ifLet` or `forEach` it wraps), an undo step (when it wraps the
  /// `undoable` reducer), or an action that brought in a value from outside (a shared value
  /// another store or process changed, delivered as an action). It does not run when the part
  /// is equal, nor again for the change the reaction itself makes. Its effects are this
  /// feature's own.
  ///
  /// A ``Shared`` part (`onChange(of: \.settings)`) is compared by what it holds: every change
  /// of its contents runs the reaction, whether this reducer made it with
  /// ``Shared/withLock(_:)`` or applied a value another process stored (``Shared/apply(_:)``).
  /// The reaction's `old` is then a shared value of its own holding the contents before the
  /// action; `new` is the feature's shared value.
  ///
  /// It sees what the reducers it wraps do, and nothing else: place it after them in the
  /// chain of modifiers, around the `undoable` reducer rather than inside it.
  ///
  /// - Parameters:
  ///   - part: The part to watch: a key path (`\.editor?.note`), or a function of the state
  ///     (`{ $0.todos.count }`).
  ///   - reaction: Called with the part before and after the action, and the state to change;
  ///     returns the work to start.
  /// - Returns: This reducer, with the reaction.
  /// - Complexity: Two reads of the part and one comparison per action. A key path literal is
  ///   read as directly as the property it names.
  @inlinable
  public func onChange<Value: Equatable>(
    of part: @escaping (State) -> Value,
    _ reaction: @escaping (_ old: Value, _ new: Value, _ state: inout State) -> Effect<Action>
  ) -> OnChangeReducer<Self, Value> {
    OnChangeReducer(base: self, part: part, reaction: reaction)
  }
}

/// A reducer that reacts to a change of a part of its state; see
/// ``Reducer/onChange(of:_:)``.
public struct OnChangeReducer<Base: Reducer, Value: Equatable>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let part: (Base.State) -> Value
  @usableFromInline let reaction: (Value, Value, inout Base.State) -> Effect<Base.Action>
  /// Whether the part is a shared value, equal to itself whatever it holds: its contents are
  /// then kept before the action, to compare with after it.
  @usableFromInline let isShared: Bool

  @inlinable
  init(
    base: Base, part: @escaping (Base.State) -> Value,
    reaction: @escaping (Value, Value, inout Base.State) -> Effect<Base.Action>
  ) {
    self.base = base
    self.part = part
    self.reaction = reaction
    self.isShared = isContentSnapshot(Value.self)
  }

  /// Runs the base reducer, then the reaction if the part changed.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let old = isShared ? contentSnapshot(of: part(state)) : part(state)
    let effect = base.reduce(into: &state, action: action)
    let new = part(state)
    guard old != new else { return effect }
    return effect.merge(with: reaction(old, new, &state))
  }

  /// The base reducer's appearance.
  public func _appearance() -> Appearance<Base.State, Base.Action>? {
    base._appearance()
  }
}
