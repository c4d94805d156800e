/// The reducer of a presented ``PromptState``: a chosen button dismisses the prompt, after the
/// parent handled its action.
///
/// ``Reducer/ifLet(_:action:)`` composes it for an optional prompt; a prompt that is a case of
/// an enum of destinations is scoped to it like any other case:
///
/// ```swift
/// Scope(state: State.confirmDeleteCase, action: Action.confirmDeleteCase) {
///   PromptReducer()
/// }
/// ```
public struct PromptReducer<Action>: Reducer {
  /// Creates the reducer.
  @inlinable
  public init() {}

  /// Dismisses the prompt: the parent sees the chosen action first, then the dismissal.
  @inlinable
  public func reduce(into state: inout PromptState<Action>, action: Action) -> Effect<Action> {
    .dismiss
  }
}

extension Reducer {
  /// Presents a prompt — an alert or a confirmation — held in an optional part of the state:
  /// a chosen button's action reaches this reducer as `.presented(action)`, then the prompt is
  /// dismissed.
  ///
  /// ```swift
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in
  ///     switch action {
  ///     case .deleteTapped:
  ///       state.prompt = .confirmation(
  ///         title: "Delete “Milk” and its note?",
  ///         buttons: [.destructive("Delete", action: .deleteConfirmed), .cancel()])
  ///       return .none
  ///     case .prompt(.presented(.deleteConfirmed)):
  ///       state.todos.removeFirst()
  ///       return .none
  ///     case .prompt:
  ///       return .none
  ///     }
  ///   }
  ///   .ifLet(\.prompt, action: Action.promptCase)
  /// }
  /// ```
  ///
  /// The order is that of any presented child (see ``Reducer/ifLet(_:action:then:)-9navc``): the
  /// action of the button, with the prompt still presented, then `.dismiss`, which sets it
  /// to `nil`. A button without an action sends `.dismiss` alone (see ``PromptButton/choice``).
  ///
  /// - Parameters:
  ///   - state: The optional prompt.
  ///   - action: The case of this reducer's action carrying the prompt's presentation actions.
  /// - Returns: A reducer running both.
  @inlinable
  public consuming func ifLet<PromptAction>(
    _ state: any WritableKeyPath<State, PromptState<PromptAction>?> & Sendable,
    action: ActionCase<Action, PresentationAction<PromptAction>>
  ) -> IfLetReducer<DismissReducer<Self, PromptState<PromptAction>>, PromptReducer<PromptAction>> {
    ifLet(state, action: action) { PromptReducer() }
  }
}
