/// An observer of every action a store processes, with the state after it: the single funnel
/// that logging, analytics, persistence and recording attach to.
///
/// ```swift
/// let analytics = Middleware<AppState, AppAction> { action, state, _ in
///   if case .purchase(let item) = action { tracker.log("purchase", item.id) }
/// }
/// let store = Store(initialState: AppState(), reducer: AppReducer(), middleware: [analytics])
/// ```
///
/// A middleware sees user sends, synchronous follow-ups and the actions effects send back,
/// each once, in the order they are reduced. It cannot change the state; an action it sends
/// through its `send` argument is queued and processed after the current one.
///
/// The state is passed by reference, not copied: a middleware that keeps it (a recorder)
/// makes the store's next mutation of the parts it kept copy them.
public struct Middleware<State, Action> {
  @usableFromInline
  let body: @MainActor (Action, State, ActionContext, Send<Action>) -> Void

  /// Creates a middleware from a closure.
  ///
  /// - Parameter body: Called after every action with the action, the state after it, and a
  ///   handle to send further actions (queued behind the current one).
  public init(
    _ body: @escaping @MainActor (_ action: Action, _ state: State, _ send: Send<Action>) -> Void
  ) {
    self.body = { action, state, _, send in body(action, state, send) }
  }

  /// Creates a middleware that also receives each action's ``ActionContext``: its number and
  /// the action whose effect sent it.
  ///
  /// - Parameter body: Called after every action with the action, the state after it, the
  ///   action's context, and a handle to send further actions (queued behind the current one).
  public init(
    withContext body:
      @escaping @MainActor (
        _ action: Action, _ state: State, _ context: ActionContext, _ send: Send<Action>
      ) -> Void
  ) {
    self.body = body
  }
}
